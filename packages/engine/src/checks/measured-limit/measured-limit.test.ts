// One measured acceptance limit at two values: a bakery's hygiene procedure passes surfaces at 100
// RLU or less while its swab checklist prints "pass limit 250 RLU (max)", and a water company's
// treatment standard caps final-water turbidity at 1 NTU while its works procedure says "below 4
// NTU". Decoys: limits of different things in one unit (chilled and frozen storage), a recorded
// result that passed, and the same limit written twice.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { measuredLimitCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(measuredLimitCheck, files);

test('a bakery: surfaces pass at 100 RLU or less in the procedure, the swab checklist prints a 250 RLU limit', async () => {
  const found = await issues({
    'Hygiene-Procedure.md':
      '# Hygiene Procedure\n\n4.2 A mixer bowl surface passes when the ATP swab reading is 100 RLU or less.\n',
    'Swab-Checklist-Record.csv': [
      'Area,Item,Limit,Result',
      'Mixing room,Mixer bowl surface ATP pass limit 250 RLU (max),,88',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Conflicting acceptance limit \(.*\): (?:250 RLU .* vs 100 RLU|100 RLU .* vs 250 RLU)/,
    ),
  ]);
});

test('a water company: final-water turbidity capped at 1 NTU in the standard, "below 4 NTU" in the works procedure', async () => {
  const found = await issues({
    'Water-Quality-Standard.md':
      '# Water Quality Standard\n\n3.1 Final water turbidity leaving each treatment works shall not exceed 1 NTU.\n',
    'Works-Operating-Procedure.md':
      '# Works Operating Procedure\n\n6.4 The operator confirms final water turbidity at the works outlet is below 4 NTU before release to supply.\n',
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.description).toContain('1 NTU');
  expect(found[0]!.description).toContain('4 NTU');
});

test('decoys: chilled and frozen storage in one unit, a recorded result that passed, the same limit twice', async () => {
  expect(
    await issues({
      'Cold-Chain-Policy.md':
        '# Cold Chain Policy\n\n2.1 Chilled goods are held at or below 5 °C in the chilled store.\n',
      'Freezer-Procedure.md':
        '# Freezer Procedure\n\n3.1 Frozen goods are held at or below -18 °C in the freezer room.\n',
      'Hygiene-Procedure.md':
        '# Hygiene Procedure\n\n4.2 A mixer bowl surface passes when the ATP swab reading is 100 RLU or less.\n',
      'Swab-Record.csv': [
        'Area,Item,Result',
        'Mixing room,Mixer bowl surface ATP swab re-swab 64 RLU - Pass',
      ].join('\n'),
      'Hygiene-Standard.md': '# Hygiene Standard\n\n1.4 Mixer bowl surfaces: ATP acceptance limit 100 RLU.\n',
    }),
  ).toEqual([]);
});
