// The English model lemmatises "cheque" (the payment) to "check" (the act of checking), which read
// every payment by cheque as a review and paired it with review deadlines. A scrap metal buyer's
// payment hold and a credit union's refund by cheque are no reviews; decoy: a supervisor who checks
// the till is still one.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { requirementsOf } from '../src/analyst/requirements';
import { snapshotOf } from './helpers/synthetic-corpus';

async function actionsOf(sentence: string): Promise<string[]> {
  const analysis = analyzeCorpus(
    await snapshotOf({ 'Payments-Policy.md': `# Payments Policy\n\n${sentence}\n` }),
    null,
  );
  return analysis.documents
    .flatMap((d) => d.segments)
    .flatMap((s) => requirementsOf(s))
    .map((r) => r.action);
}

test.each([
  [
    'a scrap metal buyer',
    'Copper cable is paid for by cheque only, and not until three (3) working days after it is weighed in.',
  ],
  [
    'a credit union',
    'Refunds of overpaid loan interest are issued by cheque within 10 business days of the request.',
  ],
])('%s: a payment by cheque is no review', async (_industry, sentence) => {
  const actions = await actionsOf(sentence);
  expect(actions).toHaveLength(1);
  expect(actions).not.toContain('review');
});

test('decoy: checking the till is a review', async () => {
  expect(await actionsOf('The shift supervisor shall check the till within 2 hours of closing.')).toEqual([
    'review',
  ]);
});
