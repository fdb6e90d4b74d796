// flow_down_check on road carriers' way of passing work on: a broker "may engage Sub-carriers" or
// "re-broker" a load, a haulier uses "sub-hauliers". Against a policy forbidding it without prior
// written approval, a contract that lets the carrier do it at its discretion with notice afterwards
// is the sub-contracting finding. A scrap metal recycler and its carrier-broker; a supermarket and
// its chilled-distribution haulier. Decoys: contracts requiring prior written approval of any
// sub-carrier or sub-haulier.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import type { Issue } from '../../analyst/issue';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE } from '../../../test/helpers/check-harness';
import { flowDownIssues } from './flow-down';

/** The sub-contracting issues of the policy (first file) and the contract (second file). */
async function subcontractingIssues(files: Record<string, string>): Promise<Issue[]> {
  const analysis = analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
  const [parentName, childName] = Object.keys(files);
  return flowDownIssues(analysis, analysis.byName.get(parentName!)!, analysis.byName.get(childName!)!).filter(
    (i) => i.subject.endsWith(':subcontracting'),
  );
}

const lines = (...parts: string[]) => parts.join('\n\n');

const recyclerPolicy = lines(
  '# Carrier Policy',
  '2.4 No consignment of ours may be re-brokered or passed to a subcontractor unless we have approved it in writing beforehand.',
);
const brokerAgreement = (clause: string) =>
  lines(
    '# Freight Brokerage Agreement',
    'This Agreement is made between Riverside Metal Recovery Inc. ("the Company") and Transport Nord Inc. ("the Carrier").',
    '3.1 The Carrier shall collect each load of shredded steel from the yard on the day booked.',
    clause,
  );
const supermarketPolicy = lines(
  '# Chilled Distribution Policy',
  '7.2 No load may be passed to a sub-haulier unless approved in writing in advance by the Transport Manager.',
);
const hauliageContract = (clause: string) =>
  lines(
    '# Chilled Distribution Agreement',
    'This Agreement is made between Greenacre Foods Ltd ("the Retailer") and Coldline Haulage Ltd ("the Haulier").',
    '3.1 The Haulier shall deliver chilled loads to each store within the booked window.',
    clause,
  );

test.each([
  [
    'a scrap metal recycler and its carrier-broker',
    {
      'Carrier-Policy.md': recyclerPolicy,
      'Freight-Brokerage-Agreement.md': brokerAgreement(
        '3.2 The Carrier may place any load with sub-carriers of its own choosing and will send the Company a list of them once a month.',
      ),
    },
  ],
  [
    'a supermarket and its chilled-distribution haulier',
    {
      'Chilled-Distribution-Policy.md': supermarketPolicy,
      'Chilled-Distribution-Agreement.md': hauliageContract(
        '3.4 The Haulier may use sub-hauliers of its choosing for any delivery, and shall list them in its quarterly account review.',
      ),
    },
  ],
])("%s: passing loads on at the carrier's discretion", async (_, files) => {
  const issues = await subcontractingIssues(files);
  expect(issues.map((i) => i.title)).toEqual([
    expect.stringMatching(/sub-contracting without the safeguard/),
  ]);
  expect(issues[0]!.description).toContain('prior approval of (or notice of) sub-contractors');
  // The contract's own clause is read as sub-contracting, not taken for silence on it.
  expect(issues[0]!.description).not.toContain('no clause on subcontracting at all');
  expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
    expect.any(String),
    expect.stringMatching(/sub-(?:carriers|hauliers)/i),
  ]);
});

test('decoys: prior written approval of any sub-carrier or sub-haulier', async () => {
  expect(
    await subcontractingIssues({
      'Carrier-Policy.md': recyclerPolicy,
      'Freight-Brokerage-Agreement.md': brokerAgreement(
        '3.2 The Carrier shall not place any load with a sub-carrier, or re-broker it, without the prior written approval of the Company.',
      ),
    }),
  ).toEqual([]);
  expect(
    await subcontractingIssues({
      'Chilled-Distribution-Policy.md': supermarketPolicy,
      'Chilled-Distribution-Agreement.md': hauliageContract(
        '3.4 The Haulier shall not pass any load to a sub-haulier without the prior written approval of the Retailer.',
      ),
    }),
  ).toEqual([]);
});
