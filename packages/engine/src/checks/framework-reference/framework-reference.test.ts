// Framework identifiers resolved against the bundled catalogues: a payments firm's SOC 2 mapping
// and a hospital's ISO/IEC 27001:2022 mapping, each citing one identifier that does not exist;
// decoys: valid identifiers, the document's own appendix numbering, identifiers in a document that
// names no framework.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { unresolvedControls } from './references';
import { misnamedControls } from './control-names';
import { frameworkReferenceCheck } from '.';
import type { CandidateContext } from '../check';

async function run(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const context: CandidateContext = {
    analysis,
    intake: {
      domain: '',
      audit_purpose: '',
      frameworks: [],
      focus_areas: [],
      materiality: null,
      doc_hierarchy: null,
      known_concerns: [],
    },
    focusBoost: () => 0,
  };
  return { analysis, candidates: frameworkReferenceCheck.candidates(context) };
}

test('a payments firm maps its access policy to SOC 2 criteria CC6.1 (exists) and CC6.9 (does not)', async () => {
  const { analysis, candidates } = await run({
    'Card-Access-Policy.md':
      '# Card Access Policy\n\nThis policy supports our SOC 2 report.\n\n1. Logical access is restricted (CC6.1).\n\n2. Access is removed promptly (CC6.9).\n',
  });
  expect(
    unresolvedControls(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    ).map((u) => u.id),
  ).toEqual(['CC6.9']);
  expect(candidates).toHaveLength(1);
  expect(candidates[0]!.primitive).toBe('citation_integrity_check');
});

test("a hospital's ISO/IEC 27001:2022 mapping: A.5.38 does not exist; A.8.2 does; its appendix A.1 is its own", async () => {
  const { analysis } = await run({
    'Clinical-Systems-Security-Policy.md': [
      '# Clinical Systems Security Policy',
      '',
      'The hospital follows ISO/IEC 27001:2022.',
      '',
      '1. Privileged access to the patient record system is restricted (Annex A control A.8.2).',
      '',
      '2. Documented procedures are kept current (Annex A control A.5.38).',
      '',
      '## Appendix A',
      '',
      'A.1 Scope of clinical systems',
      '',
      'A.1.2 Ward terminals are covered by this appendix.',
    ].join('\n'),
  });
  const ids = unresolvedControls(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  ).map((u) => u.id);
  expect(ids).toEqual(['A.5.38']);
});

test('identifiers in a document that names no framework are not judged', async () => {
  const { candidates } = await run({
    'Ward-Procedure.md': '# Ward Procedure\n\n1. See control A.9.9 and CC9.9 of the ward checklist.\n',
  });
  expect(candidates).toEqual([]);
});

describe('superseded editions', () => {
  test('a 2013 Annex A number in a document on the 2022 edition is a superseded identifier with its 2022 equivalent', async () => {
    const { analysis, candidates } = await run({
      'Plant-Controls-Standard.md':
        '# Plant Controls Standard\n\nThe ISMS follows ISO/IEC 27001:2022.\n\n' +
        'Access rights follow Annex A 5.18 and A.8.5; secret authentication follows A.9.4.3. See Appendix A.1.2 for the form.\n',
    });
    const found = unresolvedControls(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    );
    expect(found.map((u) => [u.id, u.superseded?.mapsTo])).toEqual([['A.9.4.3', ['A.5.17']]]);
    expect(candidates[0]!.primitive).toBe('currency_check');
  });

  test('a document that names both editions (a mapping table) is judged against both (decoy)', async () => {
    const { candidates } = await run({
      'Transition-Note.md':
        '# Transition Note\n\nMapping: ISO/IEC 27001:2013 control A.9.4.3 maps to ISO/IEC 27001:2022 control A.5.17.\n',
    });
    expect(candidates).toEqual([]);
  });

  test('a row under a column naming the 2022 edition is judged on it, though the revision history names 2013: a payroll processor and a brewery', async () => {
    const history =
      '| Version | Change |\n|---|---|\n| 4.0 | Control mapping moved from ISO/IEC 27001:2013 to ISO/IEC 27001:2022 |\n\n';
    const mapping = (id: string) =>
      `| Section | Subject | ISO/IEC 27001:2022 Annex A |\n|---|---|---|\n| 6.1 | Leavers | A.5.18, A.8.5 |\n| 6.5 | Access reviews | ${id} |\n`;
    for (const title of ['Payroll Security Policy', 'Brewery Information Security Policy']) {
      const { candidates } = await run({ 'Policy.md': `# ${title}\n\n${history}${mapping('A.9.2.5')}` });
      expect(candidates.map((c) => c.primitive)).toEqual(['currency_check']);
      expect(JSON.stringify(candidates[0])).toMatch(/A\.9\.2\.5/);
    }
    // Decoy: the same history over a mapping whose identifiers all exist in 2022.
    const { candidates } = await run({
      'Policy.md': `# Payroll Security Policy\n\n${history}${mapping('A.5.18')}`,
    });
    expect(candidates).toEqual([]);
  });

  test('a document naming the framework without an edition, dated before the 2022 edition, follows 2013 (decoy)', async () => {
    const { candidates } = await run({
      'Access-Standard.md':
        '# Access Standard\n\nApproved: 12 March 2021\n\nWe align with ISO 27001. Passwords follow control A.9.4.3.\n',
    });
    expect(candidates).toEqual([]);
  });
});

test('a logistics firm on NIST CSF 2.0: PR.AC-1 is a 1.1 identifier, PR.AA-01 and ID.AM-1 are 2.0, GV.OC-09 does not exist', async () => {
  const { analysis } = await run({
    'Cyber-Programme.md': [
      '# Cyber Programme',
      '',
      'The programme is aligned with the NIST Cybersecurity Framework 2.0.',
      '',
      '1. Identities are managed per subcategories PR.AA-01 and PR.AC-1.',
      '',
      '2. Depot assets are inventoried (ID.AM-1); stakeholder expectations are recorded (GV.OC-09).',
    ].join('\n'),
  });
  const found = unresolvedControls(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  );
  expect(found.map((u) => [u.written, u.superseded ? u.superseded.catalogue.id : null])).toEqual([
    ['PR.AC-1', 'nist-csf-1.1'],
    ['GV.OC-09', null],
  ]);
});

test("a section of a named document beside a framework name is the document's numbering (decoy)", async () => {
  const { candidates } = await run({
    'Payments-Logging-Standard.md':
      '# Payments Logging Standard\n\nImplements: Card Data Policy §5.6 and PCI DSS v4.0 Requirement 10.\n',
    'Ward-Records-Standard.md':
      '# Ward Records Standard\n\nThe trust follows ISO/IEC 27001:2022; see the Records Manual, section 8.9, for Annex A control mapping.\n',
  });
  expect(candidates).toEqual([]);
});

test('Annex A controls listed as bare numbers: an aged-care provider cites 5.38, a retailer 8.36; decoy: a list of controls that exist, with numbers in its brackets', async () => {
  const unresolved = async (text: string) => {
    const { analysis } = await run({ 'Access-Procedure.md': `# Access Procedure\n\n${text}\n` });
    return unresolvedControls(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    ).map((u) => u.id);
  };
  expect(
    await unresolved(
      '1.2 It implements ISO/IEC 27001:2022 Annex A controls 5.15 (Access control), 5.16 (Identity management), 5.38 (Review of user access rights) and 8.2 (Privileged access rights).',
    ),
  ).toEqual(['A.5.38']);
  expect(
    await unresolved(
      'This standard meets ISO/IEC 27001:2022 Annex A controls 7.7 (Clear desk and clear screen) and 8.36 (Endpoint screens).',
    ),
  ).toEqual(['A.8.36']);
  expect(
    await unresolved(
      'It follows ISO/IEC 27001:2022 Annex A controls 5.15, 5.18 (reviewed as in section 9.4) and 8.2.',
    ),
  ).toEqual([]);
  // Without the word "controls": a contact centre's reference list, and a decoy that lists only real ones.
  expect(
    await unresolved(
      '- ISO/IEC 27001:2022 Annex A 5.15 (Access control), 5.16 (Identity management) and 8.36 (Privileged access management);',
    ),
  ).toEqual(['A.8.36']);
  expect(
    await unresolved(
      '- ISO/IEC 27001:2022 Annex A 5.15 (Access control) and 8.2 (Privileged access rights);',
    ),
  ).toEqual([]);
});

describe("controls cited under another control's name", () => {
  async function misnamed(text: string) {
    const { analysis } = await run({
      'Information-Security-Policy.md': `# Information Security Policy\n\n${text}\n`,
    });
    return misnamedControls(analysis).map((m) => [m.written, m.writtenName, m.namedControl.id]);
  }

  test('a distiller\'s appendix maps logging to "8.19 Logging" among correct pairs (8.19 is installation of software; Logging is 8.15)', async () => {
    expect(
      await misnamed(
        [
          'Appendix A — Mapping to ISO/IEC 27001:2022 Annex A',
          '',
          '- Backup: 8.13 Information backup',
          '- Logging and monitoring: 8.19 Logging; 8.16 Monitoring activities',
        ].join('\n'),
      ),
    ).toEqual([['8.19', 'Logging', 'A.8.15']]);
  });

  test('a plantation group and a bank write the wrong name in brackets after the number', async () => {
    expect(
      await misnamed(
        'Appendix B maps this policy to ISO/IEC 27001:2022 Annex A. Multi-factor authentication: 8.32 (Secure authentication).',
      ),
    ).toEqual([['8.32', 'Secure authentication', 'A.8.5']]);
    expect(
      await misnamed(
        'Access provisioning follows ISO/IEC 27001:2022 Annex A 5.15 (Access control), 5.16 (Identity management), 8.15 (Access rights).',
      ),
    ).toEqual([['8.15', 'Access rights', 'A.5.18']]);
  });

  test('an insurer\'s mapping table laid out as lines writes the topic before the control: "Privileged access rights" then "A.8.12"', async () => {
    expect(
      await misnamed(
        [
          'Annex A — Control mapping to ISO/IEC 27001:2022 Annex A',
          '',
          'Secure authentication',
          '',
          'A.8.5',
          '',
          'Privileged access rights',
          '',
          'A.8.12',
        ].join('\n'),
      ),
    ).toEqual([['A.8.12', 'Privileged access rights', 'A.8.2']]);
  });

  test("decoys: a topic mapped to several controls, one of them named by it, and a range of the document's own sections", async () => {
    expect(
      await misnamed(
        [
          'Control mapping to ISO/IEC 27001:2022 Annex A',
          '',
          'Secure authentication',
          '',
          '8.5',
          '',
          'Segregation of networks',
          '',
          '8.20, 8.22',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await misnamed(
        'Mapping to ISO/IEC 27001:2022 Annex A: A.5.13 Labelling of information 6.1 – 6.6 Access control',
      ),
    ).toEqual([]);
  });

  test("decoys: correct pairs, a document's own numbered sections, and a name no control has", async () => {
    expect(
      await misnamed(
        'This policy follows ISO/IEC 27001:2022 Annex A: 5.15 (Access control), 8.15 (Logging), 8.5 (Secure authentication).',
      ),
    ).toEqual([]);
    expect(
      await misnamed(
        [
          'The policy supports ISO/IEC 27001:2022 certification.',
          '',
          '### 5.2 Access control',
          '',
          'Access is granted on need to know.',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await misnamed('Mapped to ISO/IEC 27001:2022 Annex A 8.15 (Logging) and 8.16 (Network monitoring).'),
    ).toEqual([]);
  });
});

test('a mapping table whose column is "Annex A control(s)": a ferry operator cites 8.35, a garment maker 5.38; decoy: a table of controls that exist', async () => {
  const unresolved = async (rows: string[]) => {
    const { analysis } = await run({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        'Appendix A maps the sections of this Policy to the Annex A controls of ISO/IEC 27001:2022.',
        '',
        '## Appendix A - Mapping to ISO/IEC 27001:2022 Annex A',
        '',
        '| Policy section | Subject | Annex A control(s) |',
        '|---|---|---|',
        ...rows,
      ].join('\n'),
    });
    return unresolvedControls(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    ).map((u) => u.id);
  };
  expect(
    await unresolved([
      '| 9.3 | Patch management | 8.8 Management of technical vulnerabilities |',
      '| 9.4 | Shipboard operational technology | 8.35 Security of operational technology |',
    ]),
  ).toEqual(['A.8.35']);
  expect(
    await unresolved(['| 7.2 | Access reviews | 5.15 Access control; 5.38 Review of user access rights |']),
  ).toEqual(['A.5.38']);
  // Decoy: the policy sections in the first column (9.4, 11.2) are its own, not controls.
  expect(
    await unresolved([
      '| 9.4 | Logging | 8.15 Logging; 8.16 Monitoring activities |',
      '| 11.2 | Backup | 8.13 Information backup |',
    ]),
  ).toEqual([]);
});

test('a table with a column per framework: identifiers are judged only in the column naming theirs (a foundation cites PCI DSS 12.11; decoys: CIS "8.10" and an "OL 8.10" version cell)', async () => {
  const unresolved = async (files: Record<string, string>) => {
    const { analysis } = await run(files);
    return unresolvedControls(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    ).map((u) => `${u.catalogue.id} ${u.id}`);
  };
  expect(
    await unresolved({
      'Security-Program-Policy.md': [
        '# Security Program Policy',
        '',
        'This Policy follows PCI DSS v4.0 for card data.',
        '',
        '| Area | Section | CIS Controls v8 | PCI DSS v4.0 |',
        '|---|---|---|---|',
        '| Logging | 9.4 | 8.2, 8.10 | 10.5.1 |',
        '| Vendors | 11.2 | 15.1 | 12.11 |',
      ].join('\n'),
    }),
  ).toEqual(['pci-dss-4.0 12.11']);
  expect(
    await unresolved({
      'Asset-Register.csv': [
        'Asset | Platform | Version | PCI scope',
        'DB-01 | Oracle Linux | OL 8.10 | Out of scope',
        'WEB-02 | Ubuntu | 22.04 | In scope (PCI DSS requirement 6.3.3)',
      ].join('\n'),
    }),
  ).toEqual([]);
});
