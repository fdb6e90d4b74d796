// Hyperlinks between the documents of a set: a hospital trust's policies and a freight company's
// handbook. Findings: a link to a file the set lacks, a link whose text names another document,
// links written from the wrong level of the tree, a link between documents of one folder that
// names another folder, an empty link, a link with text and target swapped. Decoys: a correct
// relative link, a link by file name into a flattened set, descriptive link texts, web addresses,
// anchors, images, site routes, an excerpt of a larger site, a link in a code example, a landing
// page at the top of the set.
import { candidateIssues, runCheck } from '../../../test/helpers/check-harness';
import { linkTargetCheck } from '.';
import { faultyLinks } from './targets';

async function faults(files: Record<string, string>) {
  const { analysis } = await runCheck(linkTargetCheck, files);
  return faultyLinks(analysis).map((f) => [f.source.name, f.link.target, f.fault.kind]);
}

/** A hospital trust's policies, supplied flattened; their links keep the original folders. */
const HOSPITAL = {
  'infection-control.md':
    '# Infection Control Policy\n\nStaff follow the [Hand Hygiene Procedure](../clinical/hand-hygiene.md) on every ward.\n\nSharps are handled under the [Sharps Procedure](../clinical/sharps.md).\n',
  'hand-hygiene.md': '# Hand Hygiene Procedure\n\nWash hands before and after each patient contact.\n',
  'sharps.md': '# Sharps Procedure\n\nUsed sharps go into the yellow bin at the point of use.\n',
  'visitors.md':
    '# Visitor Policy\n\nVisitors wash their hands as set out in the [Hand Hygiene Procedure](../clinical/hand-hygiene.md).\n',
};

describe('links to files the set does not have', () => {
  test('a hospital policy links a procedure the set lacks: one finding listing the target', async () => {
    const issues = await candidateIssues(linkTargetCheck, {
      ...HOSPITAL,
      'waste.md':
        '# Waste Policy\n\nClinical waste is segregated per the [Waste Segregation Procedure](../clinical/waste-segregation.md).\n\nSharps follow the [Sharps Procedure](../clinical/sharps.md).\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.primitive).toBe('citation_integrity_check');
    expect(issues[0]!.description).toContain(
      '"Waste Segregation Procedure" -> ../clinical/waste-segregation.md (no document of the set has that name)',
    );
    expect(issues[0]!.quotes[0]!.text).toBe(
      'Clinical waste is segregated per the [Waste Segregation Procedure](../clinical/waste-segregation.md).',
    );
  });

  test('decoy: an excerpt of a larger handbook links to many pages that were not supplied', async () => {
    expect(
      await faults({
        'drivers.md':
          '# Driver Handbook\n\nSee [Tachographs](../fleet/tachographs.md), [Loading](../fleet/loading.md), [Fuel cards](../fleet/fuel-cards.md) and [Breakdowns](../fleet/breakdowns.md).\n\nRest rules are in the [Working Time Policy](../hr/working-time.md).\n',
        'working-time.md': '# Working Time Policy\n\nDrivers rest 11 hours in every 24.\n',
      }),
    ).toEqual([]);
  });
});

describe('link texts that name another document of the set', () => {
  test("a freight company's index links the Remote Access Standard to the remote working page", async () => {
    const issues = await candidateIssues(linkTargetCheck, {
      'index.md':
        '# Security Handbook\n\n- [Remote Access Standard](remote-working.md)\n- [Remote Working Policy](remote-working.md)\n',
      'remote-working.md': '# Remote Working Policy\n\nStaff may work from home two days a week.\n',
      'remote-access-standard.md':
        '# Remote Access Standard\n\nRemote access uses the company VPN with MFA.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain(
      'the link "Remote Access Standard" points to remote-working.md (Remote Working Policy), while the set\'s "Remote Access Standard" is remote-access-standard.md',
    );
  });

  test.each([
    ['a descriptive text', 'Wash hands as [set out here](hand-hygiene.md).'],
    ['"this policy"', 'Read [this policy](hand-hygiene.md) first.'],
    ['text describing the target', 'Use [hand hygiene](hand-hygiene.md) steps.'],
    [
      'a section of the target by anchor',
      'See [Sharps Procedure](hand-hygiene.md#sharps-procedure) in the hygiene page.',
    ],
  ])('decoy: %s', async (_name, line) => {
    expect(await faults({ ...HOSPITAL, 'ward-guide.md': `# Ward Guide\n\n${line}\n` })).toEqual([]);
  });
});

describe('a folder page the set kept under its own file name', () => {
  test("a charity's README and a clinic's index kept their names: a link to security/README.md is that README, not the security page", async () => {
    for (const [page, landing] of [
      ['README.md', 'readme'],
      ['index.md', 'index'],
    ] as const) {
      const found = await faults({
        [page]: `# Staff Security Guide\n\nSee the [security policy](../../policies/security.md#passwords).\n\n## Passwords\n\nUse a manager.\n`,
        'security.md': `# Security Policy\n\nThe guide is at [staff guide](../tools/security/${page}).\n\n## Passwords\n\nTwelve characters.\n`,
        'training.md': `# Training\n\n- [Passwords](../../tools/security/${page}#passwords)\n- [Policy](../policies/security.md)\n`,
      });
      expect([landing, found]).toEqual([landing, []]);
    }
  });
});

describe('paths that lead to the wrong place', () => {
  test("a freight checklist links from the top while the handbook's pages sit in folders", async () => {
    const found = await faults({
      'loading-bay.md':
        '# Loading Bay Rules\n\nForklifts follow the [Forklift Standard](../yard/forklifts.md).\n',
      'night-shift.md':
        '# Night Shift Rules\n\nLone workers check in per the [Lone Working Procedure](../people/lone-working.md) and the [Forklift Standard](../yard/forklifts.md).\n',
      'forklifts.md': '# Forklift Standard\n\nOnly licensed drivers operate forklifts.\n',
      'lone-working.md': '# Lone Working Procedure\n\nCheck in with the control room every hour.\n',
      'starter-checklist.md':
        '# Starter Checklist\n\n- [ ] Read the [forklift rules](yard/forklifts.md).\n- [ ] Read the [lone working rules](people/lone-working.md).\n',
    });
    expect(found).toEqual([
      ['starter-checklist.md', 'yard/forklifts.md', 'level'],
      ['starter-checklist.md', 'people/lone-working.md', 'level'],
    ]);
  });

  test('decoy: a landing page at the top of the set links down into the folders', async () => {
    expect(
      await faults({
        'README.md':
          '# Handbook\n\n- [Forklift Standard](yard/forklifts.md)\n- [Lone Working Procedure](people/lone-working.md)\n',
        'loading-bay.md':
          '# Loading Bay Rules\n\nForklifts follow the [Forklift Standard](../yard/forklifts.md).\n',
        'night-shift.md':
          '# Night Shift Rules\n\nSee the [Lone Working Procedure](../people/lone-working.md) and the [Forklift Standard](../yard/forklifts.md).\n',
        'forklifts.md': '# Forklift Standard\n\nOnly licensed drivers operate forklifts.\n',
        'lone-working.md': '# Lone Working Procedure\n\nCheck in every hour.\n',
      }),
    ).toEqual([]);
  });

  test('two procedures of one folder (as the policy that links both shows) link each other through another folder', async () => {
    const found = await faults({
      'clinical-policy.md':
        '# Clinical Policy\n\nSee the [Hand Hygiene Procedure](procedures/hand-hygiene.md) and the [Sharps Procedure](procedures/sharps.md).\n',
      'hand-hygiene.md':
        '# Hand Hygiene Procedure\n\nAfter a needlestick, follow the [Sharps Procedure](clinical/procedures/sharps.md).\n',
      'sharps.md':
        '# Sharps Procedure\n\nWash the wound and report it. Hands are washed per the [Hand Hygiene Procedure](hand-hygiene.md).\n',
    });
    expect(found).toEqual([['hand-hygiene.md', 'clinical/procedures/sharps.md', 'sibling']]);
  });

  test('an empty link and a link with text and target swapped', async () => {
    const issues = await candidateIssues(linkTargetCheck, {
      'suppliers.md':
        '# Supplier Policy\n\nSuppliers pass our [review process]() first.\n\nRatings come from the [https://ratings.example.org](Supplier Ratings Portal).\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain('"review process" with an empty target');
    expect(issues[0]!.description).toContain(
      '"https://ratings.example.org" as its text and "Supplier Ratings Portal" as its target',
    );
  });
});

test.each([
  ['a correct relative link between documents of one folder', '[Sharps Procedure](sharps.md)'],
  ['a link by file name into the flattened set', '[Sharps Procedure](../clinical/sharps.md)'],
  ['a web address', '[WHO guidance](https://www.who.int/hand-hygiene.pdf)'],
  ['an e-mail address', '[the infection team](mailto:ipc@example.org)'],
  ['an in-page anchor', '[Scope](#scope)'],
  ['an image', '![Hand washing steps](images/steps.png)'],
  ['a route of the hosting site', '[Privacy Policy](/privacy-policy/)'],
  ['an HTML link to a page of the set', '<a href="../clinical/sharps.md">Sharps Procedure</a>'],
  ['a reference-style link', '[Sharps Procedure][sharps]\n\n[sharps]: ../clinical/sharps.md'],
])('decoy: %s', async (_name, link) => {
  expect(await faults({ ...HOSPITAL, 'ward-guide.md': `# Ward Guide\n\nOn the ward: ${link}\n` })).toEqual(
    [],
  );
});

test('decoy: a link inside a fenced code example', async () => {
  expect(
    await faults({
      ...HOSPITAL,
      'style-guide.md':
        '# Style Guide\n\nWrite links like this:\n\n```\n[Example](../nowhere/missing.md)\n```\n',
    }),
  ).toEqual([]);
});
