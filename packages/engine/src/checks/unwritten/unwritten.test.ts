// Unwritten documents and sections, on fixtures in two industries' wording (a hospital trust and a
// cold-chain logistics firm), with decoys that are short, empty-looking or imperative but written.
import { runCheck } from '../../../test/helpers/check-harness';
import { INTAKE as BASE_INTAKE } from '../../../test/helpers/synthetic-corpus';
import type { Intake } from '../../types';
import { placeholderCheck } from '../placeholder';
import { unwrittenParts } from './sections';
import { unwrittenCheck } from '.';

// No frameworks, no hierarchy: the family reads documents, not the intake.
const INTAKE: Intake = { ...BASE_INTAKE, frameworks: [], focus_areas: [], doc_hierarchy: null };

async function run(files: Record<string, string>) {
  const { analysis, context, candidates, verdict } = await runCheck(unwrittenCheck, files, INTAKE);
  const issues = candidates.flatMap((c) => verdict(c.params, c.documents).issues);
  return { analysis, context, issues };
}

const HOSPITAL: Record<string, string> = {
  'Clinical-Records-Policy.md': [
    'title: Clinical Records Policy',
    'controls:',
    '  - 164.312(b)',
    '  - 164.316(b)(1)',
    '---',
    '',
    '## Text to follow',
  ].join('\n'),
  'Ward-Handover-Procedure.md': [
    '# Ward Handover Procedure',
    '',
    '## Purpose',
    '',
    'Nurses hand over every patient at each shift change using the handover sheet.',
    '',
    '## Escalation',
    '',
    '_This section is under construction._',
    '',
    '## Roles',
    '',
    'Describe the roles of the nurse in charge and the receiving nurse here.',
  ].join('\n'),
  'Information-Governance-Policy.md': [
    '# Information Governance Policy',
    '',
    'All staff follow the Clinical Records Policy when they create or amend a record.',
    '',
    'Retention periods for each record type are set out in Appendix B.',
    '',
    '## Appendix B: Retention Schedule',
    '',
    '| Record type | Owner | Retention period |',
    '|---|---|---|',
    '| | | |',
    '| | | |',
  ].join('\n'),
};

const LOGISTICS: Record<string, string> = {
  'Cold-Chain-Standard.md': [
    '# Cold Chain Standard',
    '',
    'Refrigerated trailers hold chilled goods between 2 and 8 degrees Celsius.',
    '',
    '## Temperature excursions',
    '',
    'To be written at a later stage.',
    '',
    '## Depots',
    '',
    'Our depots operate the following reefer yards:',
    '',
    '- List reefer yards',
  ].join('\n'),
  'Fleet-Overview.md': [
    '# Fleet Overview',
    '',
    '## Vehicle 1',
    '',
    'Summary of system X',
    '',
    '### Telematics',
    '',
    'Short description of system 1 and its sensors, emphasising tamper alarms',
  ].join('\n'),
};

/** Written documents that look unwritten to a careless reading. */
const DECOYS: Record<string, string> = {
  'Dispatch-Procedure.md': [
    '# Dispatch Procedure',
    '',
    '## Steps',
    '',
    '1. List the consignments due for collection.',
    '2. Describe any damage on the delivery note.',
    '',
    '## Contacts',
    '',
    'See the depot contacts [here](https://intranet.example/contacts).',
    '',
    '## Appendix C: Loading Log',
    '',
    'Drivers use this blank log at the depot; completed logs are kept for two years.',
    '',
    '| Date | Trailer | Signature |',
    '|---|---|---|',
    '| | | |',
  ].join('\n'),
  'Pharmacy-Standard.md': [
    '# Pharmacy Standard',
    '',
    'Controlled drugs are counted at every shift change.',
    '',
    '## Annex D: Stock Levels',
    '',
    '| Drug | Minimum stock |',
    '|---|---|',
    '| Morphine 10 mg | 20 ampoules |',
    '',
    'Minimum stock levels are listed in Annex D.',
    '',
    '## Notes',
    '',
    'This page intentionally left blank.',
    '',
    '## Approval',
    '',
    'The following is the approval record:',
    '',
    '| Name | Role | Signature | Date |',
    '|---|---|---|---|',
    '| | | | |',
    '',
    '## Storage',
    '',
    'Vaccines are stored between 2 and 8 degrees. Door alarm contact: TBD',
  ].join('\n'),
};

describe('unwrittenParts', () => {
  test('a document whose body is only a stub heading is wholly unwritten', () => {
    const found = unwrittenParts(HOSPITAL['Clinical-Records-Policy.md']!);
    expect(found.whole).toBe(true);
    expect(found.parts.map((p) => p.kind)).toEqual(['stub']);
  });

  test('stub and instruction sections of a written document are found, written ones are not', () => {
    const found = unwrittenParts(HOSPITAL['Ward-Handover-Procedure.md']!);
    expect(found.whole).toBe(false);
    expect(found.parts.map((p) => [p.heading, p.kind])).toEqual([
      ['Escalation', 'stub'],
      ['Roles', 'instruction'],
    ]);
  });

  test('an empty table the text relies on is found; a blank form and a filled table are not', () => {
    expect(unwrittenParts(HOSPITAL['Information-Governance-Policy.md']!).parts).toEqual([
      expect.objectContaining({ kind: 'empty-table', heading: 'Appendix B: Retention Schedule' }),
    ]);
    expect(unwrittenParts(DECOYS['Dispatch-Procedure.md']!).parts).toEqual([]);
    expect(unwrittenParts(DECOYS['Pharmacy-Standard.md']!).parts).toEqual([]);
  });

  test('a list whose only item tells the author to fill it in is an instruction left in place', () => {
    const found = unwrittenParts(LOGISTICS['Cold-Chain-Standard.md']!);
    expect(found.parts.map((p) => [p.heading, p.kind])).toEqual([
      ['Temperature excursions', 'stub'],
      ['Depots', 'instruction'],
    ]);
  });
});

describe('unwrittenCheck', () => {
  test('hospital: one finding per document, quotes verbatim, high where controls are claimed', async () => {
    const { analysis, issues } = await run(HOSPITAL);
    const byDoc = new Map(issues.map((i) => [i.quotes[0]!.document, i]));
    expect([...byDoc.keys()].sort()).toEqual([
      'Clinical-Records-Policy.md',
      'Information-Governance-Policy.md',
      'Ward-Handover-Procedure.md',
    ]);
    const records = byDoc.get('Clinical-Records-Policy.md')!;
    expect(records.severity).toBe('high');
    expect(records.title).toContain('Clinical Records Policy');
    expect(records.description).toMatch(/164\.312\(b\)/);
    expect(byDoc.get('Ward-Handover-Procedure.md')!.severity).toBe('medium');
    expect(byDoc.get('Information-Governance-Policy.md')!.description).toMatch(
      /Appendix B: Retention Schedule/,
    );
    for (const issue of issues)
      for (const q of issue.quotes)
        expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
  });

  test('logistics: stub, exemplar and instruction sections are reported', async () => {
    const { issues } = await run(LOGISTICS);
    const fleet = issues.find((i) => i.quotes[0]!.document === 'Fleet-Overview.md')!;
    expect(fleet.title).toMatch(/is unwritten/);
    expect(fleet.description).toContain('Summary of system X');
    const cold = issues.find((i) => i.quotes[0]!.document === 'Cold-Chain-Standard.md')!;
    expect(cold.description).toContain('To be written at a later stage.');
    expect(cold.description).toContain('- List reefer yards');
  });

  test('decoys: written documents give no finding', async () => {
    const { issues } = await run(DECOYS);
    expect(issues).toEqual([]);
  });

  test('a stub the unwritten family reports is not reported again as a placeholder', async () => {
    const files = {
      'Courier-Policy.md':
        '# Courier Policy\n\nParcels are signed for.\n\n## Returns\n\nTBD\n\n## Claims\n\nClaims are settled within [Number] days.',
    };
    const { context, issues } = await run(files);
    expect(issues).toHaveLength(1);
    const placeholders = placeholderCheck
      .candidates(context)
      .map((c) => c.params as { placeholders: string[] });
    expect(placeholders.flatMap((p) => p.placeholders)).toEqual(['[Number]']);
  });
});
