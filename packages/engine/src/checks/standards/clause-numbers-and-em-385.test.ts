// Two changes to how editions are read. A regulation's clause number is no edition: an intake that
// scopes "FAR / DFARS clauses (incl. DFARS 252.204-7012)" makes no standard of DFARS whose
// "editions" 252.204 and 252.225 the documents would cite apart, while an intake's real edition
// ("NCSC CAF v3.2") still makes an earlier one cited stale. And the US Army Corps of Engineers'
// safety manual EM 385-1-1, whose 2024 edition replaced the 2014 one. Fixtures: a shipyard and a
// drone maker (DFARS), a dredging contractor and a roofing subcontractor on a federal site
// (EM 385-1-1); decoys: the current edition, a revision history row recording the move, an audit
// before the 2024 edition.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { standardCurrencyCheck, standardEditionsCheck } from '.';
import { findEditionInconsistencies, findSupersededCitations } from './standards';

const intakeFor = (frameworks: string[]) => ({ ...BLANK_INTAKE, frameworks });

/** Both families' findings (editions cited apart, superseded editions), checked against their candidates. */
async function findings(files: Record<string, string>, frameworks: string[] = [], asOf = '2026-11-28') {
  const intake = intakeFor(frameworks);
  const { analysis, candidates } = await runCheck(standardEditionsCheck, files, intake, asOf);
  const inconsistent = findEditionInconsistencies(analysis.citations, undefined, analysis);
  expect(candidates.map((c) => c.key).sort()).toEqual(
    [...new Set(inconsistent.map((i) => `${i.aspects[0]}:editions`))].sort(),
  );
  const superseded = findSupersededCitations(analysis.citations, undefined, analysis);
  const currency = await runCheck(standardCurrencyCheck, files, intake, asOf);
  expect(currency.candidates.map((c) => c.key).sort()).toEqual(
    [...new Set(superseded.map((i) => `${i.aspects[0]}:currency`))].sort(),
  );
  return { inconsistent, superseded };
}

describe('a clause number of a regulation the intake scopes is no edition', () => {
  const frameworks = ['FAR / DFARS clauses (incl. DFARS 252.204-7012)', 'NCSC CAF v3.2'];

  test.each([
    [
      'a shipyard',
      {
        'Supplier-Security-Terms.md':
          '# Supplier Security Terms\n\n3.1 Suppliers holding covered defense information comply with DFARS 252.204-7012.\n',
        'Purchasing-Procedure.md':
          '# Purchasing Procedure\n\n2. Specialty metals are bought only as DFARS 252.225-7048 and DFARS 252.204-7012 allow.\n',
      },
    ],
    [
      'a drone maker',
      {
        'Export-Control-Policy.md':
          '# Export Control Policy\n\n1.4 Export-controlled items are handled under DFARS 252.225-7048 (Export-Controlled Items).\n',
        'Incident-Response-Plan.md':
          '# Incident Response Plan\n\n5.2 Cyber incidents affecting CUI are reported to the DoD within 72 hours, as DFARS 252.204-7012 requires.\n',
      },
    ],
  ])('%s: two DFARS clauses are not two editions of DFARS', async (_industry, files) => {
    const { inconsistent, superseded } = await findings(files, frameworks);
    expect(inconsistent.map((i) => i.title)).toEqual([]);
    expect(superseded).toEqual([]);
  });

  test('the same intake still reads CAF 3.1 as earlier than the CAF v3.2 in scope (a water utility)', async () => {
    const { superseded } = await findings(
      {
        'OT-Security-Standard.md':
          '# OT Security Standard\n\n1.3 Telemetry controls are mapped to the NCSC CAF v3.1 outcomes and to DFARS 252.204-7012.\n',
        'Supplier-Terms.md': '# Supplier Terms\n\n4.2 Specialty metals follow DFARS 252.225-7048.\n',
      },
      frameworks,
    );
    expect(superseded.map((i) => i.quotes[0]!.document)).toEqual(['OT-Security-Standard.md']);
    expect(superseded[0]!.description).toContain('NCSC CAF v3.2');
  });
});

describe('USACE EM 385-1-1, whose 2024 edition replaced the 2014 one', () => {
  test.each([
    [
      'a dredging contractor',
      'Site-Safety-Policy.md',
      '# Site Safety Policy\n\n2.1 All work on Corps projects follows EM 385-1-1, Safety and Health Requirements Manual (2014 edition), and the accident prevention plan.\n',
    ],
    [
      'a roofing subcontractor on a federal site',
      'Fall-Protection-Policy.md',
      '# Fall Protection Policy\n\n1.2 Roof work on the base meets EM 385-1-1 (2014), Section 21, and the site rules.\n',
    ],
  ])('%s relies on the 2014 edition', async (_industry, name, text) => {
    const { superseded } = await findings({ [name]: text });
    expect(superseded.map((i) => i.title)).toEqual([
      `Superseded edition of USACE EM 385-1-1 cited in ${name}`,
    ]);
    expect(superseded[0]!.aspects[0]).toBe('standard:usace-em-385-1-1');
    expect(superseded[0]!.remediationScope).toContain('2024');
  });

  test('decoys: a revision history row recording the move, the 2024 edition, an audit before March 2024', async () => {
    const { superseded } = await findings({
      'Site-Safety-Policy.md': [
        '# Site Safety Policy',
        '',
        '## Revision history',
        '',
        '| Version | Date | Change |',
        '|---|---|---|',
        '| 3.0 | 2024-06-01 | References updated from EM 385-1-1 (2014) to EM 385-1-1 (2024) |',
        '',
        '## 1. Purpose',
        '',
        '1.1 All work on Corps projects follows EM 385-1-1 (2024 edition).',
      ].join('\n'),
    });
    expect(superseded).toEqual([]);
    const before = await findings(
      {
        'Fall-Protection-Policy.md':
          '# Fall Protection Policy\n\n1.2 Roof work on the base meets EM 385-1-1 (2014), Section 21, and the site rules.\n',
      },
      [],
      '2023-06-30',
    );
    expect(before.superseded).toEqual([]);
  });
});
