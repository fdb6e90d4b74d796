// One term defined with different thresholds in two documents: a drug distributor's temperature
// excursion (a definitions table in the procedure, a quoted term in the 3PL agreement) and an
// airline caterer's major outage (two glossaries). Decoys: the same threshold in other units, two
// different terms with one head word, and two thresholds in one document.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { definitionThresholdCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(definitionThresholdCheck, files);

const coldChain = (minutes: string) =>
  [
    '# Cold Chain Procedure',
    '',
    '## 3. Definitions',
    '',
    '| Term | Meaning |',
    '| --- | --- |',
    `| Temperature excursion | Any recorded temperature outside the labeled storage range for more than ${minutes} consecutive minutes. |`,
    '| QA hold | The status of product that may not be shipped. |',
  ].join('\n');
const logistics =
  '# Third Party Logistics Agreement\n\nSchedule 2\n\n2. Excursion. An "Excursion" is any period during which the temperature recorded for a Product is outside the required range for more than sixty (60) minutes.\n';

test('a drug distributor: an excursion is 30 minutes in the procedure, 60 in the logistics agreement', async () => {
  const found = await issues({
    'Cold-Chain-Procedure.md': coldChain('thirty (30)'),
    'Logistics-Agreement.md': logistics,
  });
  expect(found.map((i) => i.title)).toEqual([
    '"Excursion" set at sixty (60) minutes in Logistics-Agreement.md vs "Temperature excursion" at thirty (30) consecutive minutes in Cold-Chain-Procedure.md',
  ]);
  expect(found[0]!.primitive).toBe('conflict_check');
});

test('an airline caterer: a "Major Outage" is four hours in the IT glossary, two in the caterer\'s contract', async () => {
  const found = await issues({
    'IT-Service-Policy.md':
      '# IT Service Policy\n\n## Definitions\n\n"Major Outage" means any loss of the ordering system for more than four (4) hours.\n',
    'Catering-Services-Agreement.md':
      '# Catering Services Agreement\n\n1.4 "Major Outage" means any loss of the ordering system for more than two (2) hours.\n',
  });
  expect(found).toHaveLength(1);
});

test.each([
  [
    'one threshold in other units',
    {
      'IT-Service-Policy.md':
        '# IT Service Policy\n\n"Major Outage" means any loss of the ordering system for more than 72 hours.\n',
      'Catering-Services-Agreement.md':
        '# Catering Services Agreement\n\n"Major Outage" means any loss of the ordering system for more than three (3) days.\n',
    },
  ],
  [
    'two terms with one head word',
    {
      'IT-Service-Policy.md':
        '# IT Service Policy\n\n"Major Outage" means any loss of the ordering system for more than four (4) hours.\n',
      'Catering-Services-Agreement.md':
        '# Catering Services Agreement\n\n"Minor Outage" means any loss of the ordering system for more than thirty (30) minutes.\n',
    },
  ],
  [
    'two thresholds in one document',
    {
      'Cold-Chain-Procedure.md': `${coldChain('thirty (30)')}\n\nAn "Excursion" is any period out of range for more than sixty (60) minutes.\n`,
    },
  ],
])('%s (decoy)', async (_label, files) => {
  expect(await issues(files)).toEqual([]);
});

// Thresholds set in a unit of distance, mass or share, and definitions written as a list under a
// "Definitions" heading: a haulier's long-distance journey (a list entry in the policy, a quoted
// term in its sub-contract) and a bank's beneficial owner (a definitions table in the procedure, a
// list entry in the policy). Decoys: one value written twice in other words, and one term with
// thresholds in units that never compare (km against tonnes).
describe('thresholds in units of distance, mass and share', () => {
  const fatiguePolicy = (journey: string) =>
    [
      '# Driver Fatigue Policy',
      '',
      '## 2. Definitions',
      '',
      `- **Long-distance journey:** any journey of ${journey} from the driver\u2019s home depot.`,
      '- **Rest break:** an uninterrupted pause taken away from the vehicle.',
      '',
      '## 3. Planning',
      '',
      'Transport planners must schedule a rest break for every long-distance journey.',
    ].join('\n');
  const haulageContract = (journey: string) =>
    [
      '# Haulage Sub-Contractor Agreement',
      '',
      '1. Definitions',
      '',
      `1.3 "Long-distance Journey" means any journey of ${journey} from the point of loading.`,
      '',
      '2. The Sub-Contractor shall plan every Long-distance Journey with a second driver available.',
    ].join('\n');

  test('a haulier: a long-distance journey is more than 250 km in the policy list, more than 400 km in the sub-contract', async () => {
    const found = await issues({
      'Driver-Fatigue-Policy.md': fatiguePolicy('more than 250 km'),
      'Haulage-Sub-Contractor-Agreement.md': haulageContract('more than 400 km'),
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.primitive).toBe('conflict_check');
    expect(found[0]!.title).toContain('250 km');
    expect(found[0]!.title).toContain('400 km');
    expect(found[0]!.title).toMatch(/Driver-Fatigue-Policy\.md/);
    expect(found[0]!.title).toMatch(/Haulage-Sub-Contractor-Agreement\.md/);
  });

  test('a retail bank: a beneficial owner holds more than 25% in the KYC table, more than 10% in the AML policy list', async () => {
    const found = await issues({
      'Customer-Due-Diligence-Procedure.md': [
        '# Customer Due Diligence Procedure',
        '',
        '## 1. Terms used',
        '',
        '| Term | Meaning |',
        '| --- | --- |',
        '| Beneficial owner | Any natural person who ultimately owns or controls more than 25% of the shares or voting rights of a corporate customer. |',
        '| Onboarding | Opening the first account for a new customer. |',
      ].join('\n'),
      'Anti-Money-Laundering-Policy.md': [
        '# Anti-Money Laundering Policy',
        '',
        '## Definitions',
        '',
        '- Beneficial owner: a natural person holding, directly or indirectly, more than 10% of the capital of a customer.',
        '- Politically exposed person: an individual entrusted with a prominent public function.',
      ].join('\n'),
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.title).toContain('25%');
    expect(found[0]!.title).toContain('10%');
  });

  test('a builders\u2019 merchant: a heavy delivery is over 3.5 tonnes in one procedure, over 7.5 tonnes in the carrier agreement', async () => {
    const found = await issues({
      'Yard-Safety-Procedure.md':
        '# Yard Safety Procedure\n\n## Definitions\n\n- **Heavy delivery:** any delivery vehicle with a gross weight over 3.5 tonnes.\n',
      'Carrier-Agreement.md':
        '# Carrier Agreement\n\n1.2 "Heavy Delivery" means any delivery vehicle with a gross weight over 7.5 tonnes.\n',
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.title).toMatch(/3\.5 tonnes[\s\S]*7\.5 tonnes|7\.5 tonnes[\s\S]*3\.5 tonnes/);
  });

  test.each([
    [
      'one distance written twice',
      {
        'Driver-Fatigue-Policy.md': fatiguePolicy('more than 250 km'),
        'Haulage-Sub-Contractor-Agreement.md': haulageContract('more than 250 kilometres'),
      },
    ],
    [
      'one share written twice',
      {
        'Customer-Due-Diligence-Procedure.md':
          '# Customer Due Diligence Procedure\n\n## Definitions\n\n- Beneficial owner: a natural person holding more than 25% of the shares of a customer.\n',
        'Anti-Money-Laundering-Policy.md':
          '# Anti-Money Laundering Policy\n\n"Beneficial Owner" means a natural person who owns more than 25 per cent of the shares of a customer.\n',
      },
    ],
    [
      'a distance against a weight',
      {
        'Yard-Safety-Procedure.md':
          '# Yard Safety Procedure\n\n## Definitions\n\n- **Heavy delivery:** any delivery vehicle with a gross weight over 3.5 tonnes.\n',
        'Carrier-Agreement.md':
          '# Carrier Agreement\n\n1.2 "Heavy Delivery" means any delivery carried more than 120 km from the branch.\n',
      },
    ],
  ])('%s (decoy)', async (_label, files) => {
    expect(await issues(files)).toEqual([]);
  });
});
