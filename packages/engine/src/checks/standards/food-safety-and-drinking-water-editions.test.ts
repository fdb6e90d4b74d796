// Two re-issued standards: the BRCGS Global Standard for Food Safety (Issue 9 replaced Issue 8 for
// audits from February 2023) and the WHO Guidelines for Drinking-water Quality (the fourth edition,
// 2011, replaced the third). Fixtures: a cheese maker and a sandwich factory (BRCGS), a water
// utility and a bottled water plant (WHO); decoys: the current issue or edition, a revision history
// row recording the move, a BRCGS standard of another scheme (Packaging Materials Issue 6), and an
// audit dated before Issue 9 applied.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { standardCurrencyCheck } from '.';
import { findSupersededCitations } from './standards';

async function superseded(files: Record<string, string>, asOf = '2026-11-28') {
  const { analysis, candidates } = await runCheck(standardCurrencyCheck, files, BLANK_INTAKE, asOf);
  const found = findSupersededCitations(analysis.citations, undefined, analysis);
  expect(candidates.map((c) => c.key).sort()).toEqual(
    [...new Set(found.map((i) => `${i.aspects[0]}:currency`))].sort(),
  );
  return found;
}

test.each([
  [
    'a cheese maker',
    'Allergen-Procedure.md',
    '# Allergen Procedure\n\n1.2 Our allergen controls follow the BRCGS Global Standard for Food Safety Issue 8.\n',
    'standard:brcgs-food-safety',
    'Issue 9',
  ],
  [
    'a sandwich factory',
    'Site-Standards-Policy.md',
    '# Site Standards Policy\n\n2.1 The site is certified to BRC Food Safety, Issue 7, and audited each year.\n',
    'standard:brcgs-food-safety',
    'Issue 9',
  ],
  [
    'a water utility',
    'Water-Quality-Policy.md',
    '# Water Quality Policy\n\n3.1 Treated water limits are taken from the WHO Guidelines for Drinking-water Quality, 3rd edition, and the licence.\n',
    'standard:who-gdwq',
    'fourth edition',
  ],
  [
    'a bottled water plant',
    'Source-Water-Standard.md',
    '# Source Water Standard\n\n1.4 Spring water is tested against the Guidelines for Drinking water Quality, third edition.\n',
    'standard:who-gdwq',
    'fourth edition',
  ],
])('%s cites a replaced edition', async (_industry, name, text, aspect, current) => {
  const found = await superseded({ [name]: text });
  expect(found.map((i) => i.aspects[0])).toEqual([aspect]);
  expect(found[0]!.quotes[0]!.document).toBe(name);
  expect(found[0]!.remediationScope).toContain(current);
});

test('decoys: current editions, a revision history row, another BRCGS scheme, an audit before Issue 9 applied', async () => {
  expect(
    await superseded({
      'Food-Safety-Policy.md': [
        '# Food Safety Policy',
        '',
        '## Revision history',
        '',
        '| Version | Date | Change |',
        '|---|---|---|',
        '| 4.0 | 2023-03-01 | Moved from BRCGS Global Standard for Food Safety Issue 8 to Issue 9 |',
        '',
        '## 1. Scope',
        '',
        '1.1 The site is certified to the BRCGS Global Standard for Food Safety Issue 9.',
        '1.2 Printed packaging is bought from suppliers certified to the BRCGS Global Standard for Packaging Materials Issue 6.',
      ].join('\n'),
      'Water-Quality-Policy.md':
        '# Water Quality Policy\n\n3.1 Limits follow the WHO Guidelines for Drinking-water Quality, fourth edition incorporating the first and second addenda.\n',
    }),
  ).toEqual([]);
  expect(
    await superseded(
      {
        'Allergen-Procedure.md':
          '# Allergen Procedure\n\n1.2 Our allergen controls follow the BRCGS Global Standard for Food Safety Issue 8.\n',
      },
      '2022-10-31',
    ),
  ).toEqual([]);
});
