// One kind of data at two levels of the scheme: a credit union's card processing agreement puts
// cardholder data at Confidential where its policies say Restricted, and a custodian's key
// procedure classifies seed phrase backup cards below its standard. Decoys: the same level stated
// twice, two kinds of data at two levels, and a level that is not the scheme's.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { dataClassificationCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(dataClassificationCheck, files);

const scheme = [
  '# Data Classification Policy',
  '',
  '2.1 The classification levels are: Public, Internal, Confidential, Restricted.',
].join('\n');

test('a credit union: cardholder data Restricted in the policy, Confidential in the card processing agreement', async () => {
  const found = await issues({
    'Data-Classification-Policy.md': `${scheme}\n\n3.3 Cardholder data is Restricted wherever it is stored, processed or transmitted.\n`,
    'Card-Processing-Agreement.md':
      '# Card Processing Agreement\n\n6.2 For the purposes of the Credit Union\u2019s information classification scheme, Cardholder Data provided to the Processor is classified as Confidential.\n',
  });
  expect(found.map((i) => i.title)).toEqual([
    'Cardholder data classified Confidential in Card-Processing-Agreement.md but Restricted in Data-Classification-Policy.md',
  ]);
});

test('a crypto custodian: the key procedure classifies seed phrase backup cards as Confidential, the standard as Restricted', async () => {
  const found = await issues({
    'Data-Classification-Policy.md': `${scheme}\n\n4.1 Seed phrase backup cards are classified as Restricted and kept in the vault.\n`,
    'Key-Management-Procedure.md':
      '# Key Management Procedure\n\n6. The team classifies seed phrase backup cards as Confidential and logs them by envelope number.\n',
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.description).toContain('seed phrase backup cards');
});

test('decoys: the same level twice, two kinds at two levels, a marking outside the scheme', async () => {
  expect(
    await issues({
      'Data-Classification-Policy.md': `${scheme}\n\n3.3 Cardholder data is Restricted. Marketing brochures are Public.\n`,
      'Card-Processing-Agreement.md':
        '# Card Processing Agreement\n\n6.2 Cardholder data is classified as Restricted. Settlement reports are Confidential. Transaction logs are classified as OFFICIAL.\n',
    }),
  ).toEqual([]);
});
