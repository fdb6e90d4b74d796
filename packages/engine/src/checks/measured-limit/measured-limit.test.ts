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

// A value opening a table cell is a threshold when the table's header or the row names one: a
// radiopharmacy's radiation safety policy sets a finger-ring investigation level of 10 mSv in a table headed
// "Investigation level" while its dosimetry register applies 25 mSv on a row that names the
// investigation level, and a water utility's treatment standard sets a filter-outlet turbidity
// "Action level" of 0.3 NTU while its SCADA alarm settings record applies 0.5 NTU. Decoys: the register
// applies the same value, and a results sheet whose header ("Sample | Result") names no threshold.
const radiopharmacyRules = [
  '# Radiation Safety Policy - Radiopharmacy Local Rules',
  '',
  '## 7. Personal dose investigation levels',
  '',
  '| Dosimeter | Quantity | Investigation level |',
  '|---|---|---|',
  '| Whole body TLD badge | Hp(10) | 0.5 mSv in any monthly wear period |',
  '| Extremity (finger ring) TLD | Hp(0.07) | 10 mSv in any monthly wear period |',
  '',
  'The Radiation Protection Supervisor investigates any dose at or above the investigation level.',
  '',
].join('\n');

const dosimetryRegister = (extremity: string) =>
  [
    'Setting,Value',
    'Dosimetry service,Landauer monthly TLD',
    'Investigation level applied - whole body Hp(10),0.5 mSv per monthly wear period',
    `Investigation level applied - extremity Hp(0.07),${extremity} per monthly wear period`,
  ].join('\n');

const turbidityStandard = [
  '# Drinking Water Treatment Standard',
  '',
  '4.2 Filter performance is monitored continuously at each sample point below.',
  '',
  '| Sample point | Parameter | Action level |',
  '|---|---|---|',
  '| Rapid gravity filter outlet (each filter) | Turbidity | 0.3 NTU sustained for 15 minutes |',
  '| Clear water tank outlet | Free chlorine | 0.5 mg/L minimum |',
  '',
].join('\n');

describe('a threshold opening a table cell, named by the table header or the row', () => {
  test('a radiopharmacy: a 10 mSv finger-ring investigation level in the radiation safety policy, 25 mSv in the dosimetry register', async () => {
    const found = await issues({
      'Radiation-Safety-Policy.md': radiopharmacyRules,
      'Dosimetry-Register.csv': dosimetryRegister('25 mSv'),
    });
    expect(found.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Conflicting acceptance limit \(.*extremity.*\): 10 mSv in Radiation-Safety-Policy\.md vs 25 mSv in Dosimetry-Register\.csv$/,
      ),
    ]);
    expect(found[0]!.description).toContain('sets the limit at 10 mSv');
    expect(found[0]!.description).toContain('sets it at 25 mSv');
    expect(found[0]!.quotes.map((q) => q.document)).toEqual([
      'Radiation-Safety-Policy.md',
      'Dosimetry-Register.csv',
    ]);
    expect(found[0]!.quotes[0]!.text).toContain('Extremity (finger ring) TLD');
    expect(found[0]!.quotes[1]!.text).toContain('25 mSv per monthly wear period');
  });

  test('a water utility: a 0.3 NTU filter-outlet "Action level" in the standard, 0.5 NTU in the SCADA alarm settings record', async () => {
    const found = await issues({
      'Drinking-Water-Treatment-Standard.md': turbidityStandard,
      'SCADA-Alarm-Settings-Record.csv': [
        'Tag,Description,Action level,Set by',
        'RGF-TURB-01,Rapid gravity filter outlet turbidity (filter 1),0.5 NTU,J. Whitlock',
        'RGF-TURB-02,Rapid gravity filter outlet turbidity (filter 2),0.5 NTU,J. Whitlock',
      ].join('\n'),
    });
    expect(found.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Conflicting acceptance limit \(.*turbidity.*\): 0\.3 NTU in Drinking-Water-Treatment-Standard\.md vs 0\.5 NTU in SCADA-Alarm-Settings-Record\.csv$/,
      ),
    ]);
    expect(found[0]!.description).toContain('0.3 NTU');
    expect(found[0]!.description).toContain('0.5 NTU');
    expect(found[0]!.quotes[0]!.text).toContain('Rapid gravity filter outlet (each filter)');
    expect(found[0]!.quotes[1]!.text).toContain('RGF-TURB-0');
  });

  test('decoy: the dosimetry register applies the same 10 mSv investigation level', async () => {
    expect(
      await issues({
        'Radiation-Safety-Policy.md': radiopharmacyRules,
        'Dosimetry-Register.csv': dosimetryRegister('10 mSv'),
      }),
    ).toEqual([]);
  });

  test('decoy: a turbidity results sheet whose header ("Sample | Result") names no threshold', async () => {
    expect(
      await issues({
        'Drinking-Water-Treatment-Standard.md': turbidityStandard,
        'Filter-Turbidity-Results-Record.csv': [
          'Sample,Result',
          'Rapid gravity filter outlet turbidity (filter 1),0.8 NTU',
          'Rapid gravity filter outlet turbidity (filter 2),0.6 NTU',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});

// A ceiling written as a condition the rule acts on ("If ... is above 7°C, refuse the box", "where
// ... exceeds 4°C"), or as a cell that opens with its sign ("| ≤ 5 °C |"): a fish processor's landing
// policy against its quayside procedure, and a cold store's standard table against its loading
// procedure. Decoy: a value past which nothing is refused ("kept above 2 °C") and two temperatures
// of different things (the fish on landing, the ice slurry in the tub).
test('a fish processor: boxes refused where the fish "exceeds 4°C" in the policy, only "above 7°C" at the quay', async () => {
  const found = await issues({
    'Fish-Landing-Policy.md':
      '# Fish Landing Policy\n\n3.4 No box is accepted from a vessel where the core temperature of the fish exceeds 4°C.\n',
    'Quayside-Procedure.md':
      '# Quayside Procedure\n\n5. Probe one fish per box. If the core temperature of the fish is above 7°C, refuse the box and tell the skipper.\n',
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(/^Conflicting acceptance limit \((?:core fish|fish core)\): 4°C .* vs 7°C /),
  ]);
});

test('a cold store: the standard\'s table caps chilled dispatch at "≤ 5 °C", the loading procedure refuses only when it is over 8 °C', async () => {
  const found = await issues({
    'Cold-Store-Standard.md': [
      '# Cold Store Standard',
      '',
      '| Check | When | Limit |',
      '|---|---|---|',
      '| Chilled pallet core temperature | At dispatch | ≤ 5 °C |',
    ].join('\n'),
    'Loading-Procedure.md':
      '# Loading Procedure\n\n3. When the chilled pallet core temperature is over 8 °C, do not load the pallet.\n',
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.description).toContain('5 °C');
  expect(found[0]!.description).toContain('8 °C');
});

test('decoys: a floor said with "above", and the fish and the ice slurry held to different temperatures', async () => {
  expect(
    await issues({
      'Fish-Landing-Policy.md':
        '# Fish Landing Policy\n\n3.4 No box is accepted from a vessel where the core temperature of the fish exceeds 4°C.\n3.5 The ice slurry in each transport tub shall not exceed 1°C when the tub leaves the quay.\n',
      'Tub-Dispatch-Procedure.md':
        '# Tub Dispatch Procedure\n\n2. Hold back the tub if the ice slurry in it is above 1°C when it leaves the quay.\n',
      'Vaccine-Fridge-Procedure.md':
        '# Vaccine Fridge Procedure\n\n2. Keep the vaccine fridge above 2°C at all times.\n',
    }),
  ).toEqual([]);
});
