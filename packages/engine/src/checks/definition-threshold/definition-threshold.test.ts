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
