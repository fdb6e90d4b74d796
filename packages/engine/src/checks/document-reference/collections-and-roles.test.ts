// Two names that look like documents and are not one: the organisation's body of documents ("the
// GCDM Policies", "the Company's Procedures"), and a post a roles table lists in its first column
// ("| Head Guide | ... |"). Fixtures: a courier, a dental clinic and a care agency (collections), a rafting
// outfitter and a museum (posts); decoys: a named document of the set that is missing ("the Fleet
// Safety Policy", "the Sharps Disposal Policy"), and a "Guide" no roles table lists.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { documentReferenceCheck } from '.';

const run = (files: Record<string, string>) => runCheck(documentReferenceCheck, files, BLANK_INTAKE);

/** The names of the missing documents the family's candidates cite. */
async function cited(files: Record<string, string>): Promise<string> {
  const { candidates } = await run(files);
  return JSON.stringify(candidates.map((c) => [c.key, c.params]));
}

describe("the organisation's body of documents is no missing document", () => {
  test.each([
    [
      'a courier',
      'Driver-Handbook.md',
      '# Driver Handbook\n\n1.2 Drivers comply with the GCDM Policies at all times and report collisions as the Fleet Safety Policy requires.\n',
      'Fleet Safety Policy',
    ],
    [
      'a dental clinic',
      'Clinical-Governance-Standard.md',
      "# Clinical Governance Standard\n\n2.1 Every clinician follows the Company's Policies on consent, and disposes of needles as the Sharps Disposal Policy sets out.\n",
      'Sharps Disposal Policy',
    ],
  ])(
    '%s: the collection is not reported, a named policy still is',
    async (_industry, name, text, missing) => {
      const found = await cited({ [name]: text, 'Other.md': '# Other\n\nNothing.\n' });
      expect(found).toContain(missing);
      expect(found).not.toMatch(/GCDM Policies|Company's Policies/i);
    },
  );

  test("a care agency: the Company's Procedures and the HR Procedures are bodies; the Needle Stick Procedure is missing", async () => {
    const found = await cited({
      'Induction-Guide.md':
        "# Induction Guide\n\n3. New starters read the Company's Procedures and the HR Procedures, then the Needle Stick Procedure.\n",
      'Other.md': '# Other\n\nNothing.\n',
    });
    expect(found).toContain('Needle Stick Procedure');
    expect(found).not.toMatch(/Company's Procedures|HR Procedures/i);
  });
});

describe('a post a roles table lists is no missing document', () => {
  const rafting = {
    'River-Safety-Policy.md': [
      '# River Safety Policy',
      '',
      '## Roles',
      '',
      '| Role | Responsibilities |',
      '|---|---|',
      '| Head Guide | Keeps the register of guide licences and rescue certificates |',
      '| Trip Leader | Briefs each group before launch |',
      '',
      '## Rules',
      '',
      '3.1 The Head Guide reviews river levels each morning before any trip launches.',
    ].join('\n'),
    'Trip-Procedure.md':
      '# Trip Procedure\n\n1. The Head Guide approves the route. Rescue throw lines are carried as set out in the Field Guide.\n',
  };

  test('a rafting outfitter: the Head Guide is a post; the Field Guide, no roles row, is still missing', async () => {
    const found = await cited(rafting);
    expect(found).toContain('Field Guide');
    expect(found).not.toMatch(/head guide/i);
  });

  test('a museum: the Gallery Guide listed under "Position" is a post; the Visitor Guide is still missing', async () => {
    const found = await cited({
      'Collections-Care-Policy.md': [
        '# Collections Care Policy',
        '',
        '| Position | Duties |',
        '|---|---|',
        '| Gallery Guide | Keeps the object handling log and checks display cases |',
        '',
        '2.1 The Gallery Guide reviews the display case seals every week.',
      ].join('\n'),
      'Opening-Procedure.md':
        '# Opening Procedure\n\n1. The Gallery Guide unlocks the east wing. Visitors are welcomed as the Visitor Guide describes.\n',
    });
    expect(found).toContain('Visitor Guide');
    expect(found).not.toMatch(/gallery guide/i);
  });

  test('decoy: without the roles table, the Head Guide read as a document is reported', async () => {
    const found = await cited({
      'River-Safety-Policy.md':
        '# River Safety Policy\n\n3.1 The Head Guide reviews river levels each morning before any trip launches.\n',
      'Trip-Procedure.md': '# Trip Procedure\n\n1. The Head Guide approves the route.\n',
    });
    expect(found).toMatch(/head guide/i);
  });
});
