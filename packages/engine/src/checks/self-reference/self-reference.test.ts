// References to unnumbered parts of the same document: a hospital's definitions sending the
// reader to an appendix it lacks and a shipping line's incident policy naming a section it
// lacks; decoys: parts that exist (a heading, a bold line), a section of a linked document, and
// appendices spoken of in general.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { selfReferenceCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(selfReferenceCheck, files);

test("a hospital's definitions send the reader to an appendix the document does not have", async () => {
  const found = await issues({
    'Clinical-Definitions.md': [
      '# Clinical Information Definitions',
      '',
      '**Reportable event**: an event listed in the reporting criteria (See Appendix).',
      '',
      '**Ward terminal**: a shared workstation on a clinical ward.',
    ].join('\n'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.description).toContain('"See Appendix"');
  expect(found[0]!.quotes[0]!.text).toContain('(See Appendix)');
});

test("a shipping line's incident policy names a section it does not have", async () => {
  const found = await issues({
    'Vessel-Incident-Policy.md': [
      '# Vessel Incident Policy',
      '',
      '## Roles',
      '',
      'The Duty Master leads the response. Contacts are listed in the Shore Contacts section.',
      '',
      '## Reporting',
      '',
      'Incidents are reported to the Designated Person Ashore within 1 hour.',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Vessel-Incident-Policy.md refers to parts of itself it does not have: the Shore Contacts section',
  ]);
});

test('decoys: parts that exist, a section of a linked document, appendices in general', async () => {
  const found = await issues({
    'Payroll-Controls.md': [
      '# Payroll Controls',
      '',
      'Approval limits are set out in the Approval Limits section. Forms are in the appendix (see the appendix).',
      '',
      '**Approval Limits**',
      '',
      'Up to 5,000 by the payroll manager.',
      '',
      '## Appendix A: Forms',
      '',
      'Form P1.',
    ].join('\n'),
    'Depot-Guide.md': [
      '# Depot Guide',
      '',
      'Schedules are in the Shift Patterns section of the [Depot Handbook](https://intranet.example/handbook).',
      '',
      'Sensitive handling applies to appendices and annexes of contracts.',
      '',
      'Keep the recovery codes in Bitwarden in the Secure Notes section.',
    ].join('\n'),
  });
  expect(found).toEqual([]);
});
