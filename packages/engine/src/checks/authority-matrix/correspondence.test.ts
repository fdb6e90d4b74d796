// Amounts approved by e-mail above the sender's authority: a hotel group's refurbishment approved
// by its Financial Controller where a sentence of the policy reserves sums above KES 2,000,000 to
// the Chief Executive Officer, and a hospital trust's equipment order approved by its Head of
// Supplies where a tier table puts the amount with the Director of Finance. Decoys: an amount
// below the threshold, the required post signing, an e-mail that records the required approval,
// a request that approves nothing, and an approval of something the rule is not about.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { authorityMatrixCheck } from '.';

const issues = async (files: Record<string, string>) =>
  (await candidateIssues(authorityMatrixCheck, files)).filter((i) => i.subject.startsWith('authority-mail:'));

const email = (subject: string, body: string, name: string, post: string) =>
  [
    'From: Sender <sender@example.example>',
    'To: Requester <requester@example.example>',
    'Date: Thu, 05 Nov 2026 09:12:00 +0300',
    `Subject: ${subject}`,
    '',
    body,
    '',
    'Kind regards,',
    '',
    name,
    post,
    '',
    '-----Original Message-----',
    'From: Requester <requester@example.example>',
    `Subject: ${subject}`,
    '',
    'Please approve. The Chief Executive Officer is travelling this week.',
  ].join('\n');

const hotelPolicy = [
  '# Capital Expenditure Policy',
  '',
  '4.2 Every refurbishment project must be costed before work starts.',
  '',
  '4.3 Any refurbishment project whose total cost exceeds KES 2,000,000 (two million shillings) requires the approval of the Chief Executive Officer before a contractor is engaged.',
].join('\n');

const refurbishment = (amount: string, post: string, extra = '') =>
  email(
    'Refurbishment of the Nanyuki lodge kitchen',
    `Approved. Please engage the contractor so that the refurbishment is done before the high season.\n\nKitchen refurbishment, total cost KES ${amount}.${extra}`,
    'Wanjiru Kamau',
    post,
  );

test('a hotel group: a refurbishment above KES 2,000,000 approved by the Financial Controller', async () => {
  const found = await issues({
    'Capital-Expenditure-Policy.md': hotelPolicy,
    'RE-Kitchen-Refurbishment.eml': refurbishment('3,480,000', 'Financial Controller'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'RE-Kitchen-Refurbishment.eml: KES 3,480,000 approved by the Financial Controller, though Capital-Expenditure-Policy.md requires the approval of the Chief Executive Officer for that amount',
  ]);
  expect(found[0]!.quotes.map((q) => q.text)).toEqual(
    expect.arrayContaining([
      expect.stringContaining('exceeds KES 2,000,000'),
      expect.stringContaining('3,480,000'),
    ]),
  );
});

const trustPolicy = [
  '# Financial Approvals Policy',
  '',
  '6.1 Orders for medical equipment are approved according to their value:',
  '',
  '| Order value | Approver |',
  '|---|---|',
  '| Up to £25,000 | Head of Supplies |',
  '| Above £25,000 up to £250,000 | Director of Finance |',
  '| Above £250,000 | Trust Board |',
].join('\n');

test('a hospital trust: an equipment order in the Director of Finance tier approved by the Head of Supplies', async () => {
  const found = await issues({
    'Financial-Approvals-Policy.md': trustPolicy,
    'RE-Ultrasound-Order.eml': email(
      'Order for two ultrasound scanners',
      'I approve the order for two portable ultrasound scanners from the framework supplier, total value £61,900.',
      'Gareth Pryce',
      'Head of Supplies',
    ),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toContain('£61,900 approved by the Head of Supplies');
  expect(found[0]!.title).toContain('the Director of Finance');
});

test('decoys: below the threshold, the required post, an approval on record, a request, another subject', async () => {
  const found = await issues({
    'Capital-Expenditure-Policy.md': hotelPolicy,
    'Financial-Approvals-Policy.md': trustPolicy,
    'RE-Below.eml': refurbishment('1,850,000', 'Financial Controller'),
    'RE-By-CEO.eml': refurbishment('3,480,000', 'Chief Executive Officer'),
    'RE-Recorded.eml': refurbishment(
      '3,480,000',
      'Financial Controller',
      ' The Chief Executive Officer approved the project in writing on 2 November.',
    ),
    'RE-Request.eml': email(
      'Order for two ultrasound scanners',
      'Could you approve the order for two portable ultrasound scanners, total value £61,900?',
      'Gareth Pryce',
      'Head of Supplies',
    ),
    'RE-Staff-Party.eml': email(
      'Staff long-service awards',
      'Approved. The long-service awards evening may go ahead at a total cost of KES 2,400,000.',
      'Wanjiru Kamau',
      'Financial Controller',
    ),
  });
  expect(found).toEqual([]);
});

// A matrix is about what any one of its tiers names: an e-mail that shares words only with a
// tier's bracketed note is bounded by the matrix's other tiers too.
describe("an e-mail about what one tier's note names is bounded by every tier of that matrix", () => {
  const utilityPolicy = [
    '# Delegated Authority Policy',
    '',
    '4.1 Spending is approved within these limits:',
    '',
    '| Value | Approver |',
    '|---|---|',
    '| Up to $25,000 | Operations Manager |',
    '| $25,000.01 to $250,000 | Vice President of Operations (or the Director of Operations for maintenance purchases) |',
    '| $250,000.01 to $1,000,000 | Chief Executive Officer |',
    '| Above $1,000,000 | Board of Directors |',
  ].join('\n');

  const hotelPolicy = [
    '# Delegated Authority Policy',
    '',
    '4.1 Spending is approved within these limits:',
    '',
    '| Value | Approver |',
    '|---|---|',
    '| Up to £10,000 | Estates Manager |',
    '| £10,000.01 to £100,000 | Head of Estates (including the Facilities Lead for kitchen equipment) |',
    '| £100,000.01 to £750,000 | Chief Operating Officer |',
    '| Above £750,000 | Board of Directors |',
  ].join('\n');

  const transformer = (amount: string, post: string) =>
    email(
      'Substation transformer replacement',
      `Approved. Please raise the order for the maintenance purchase of a replacement transformer at the Eastfield substation, total $${amount}.`,
      'Dana Whitfield',
      post,
    );

  const ovens = (amount: string) =>
    email(
      'Harbour Hotel kitchen equipment',
      `Approved. Go ahead with the kitchen equipment for the Harbour Hotel: four combi ovens and two blast chillers, total £${amount}.`,
      'Tomasz Nowak',
      'Head of Estates',
    );

  test("a power utility: the VP of Operations approves $420,000 of maintenance, in the CEO's tier", async () => {
    const found = await issues({
      'Delegated-Authority-Policy.md': utilityPolicy,
      'RE-Transformer.eml': transformer('420,000', 'Vice President of Operations'),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Transformer.eml: $420,000 approved by the Vice President of Operations, though Delegated-Authority-Policy.md requires the approval of the Chief Executive Officer for that amount',
    ]);
  });

  test("a hotel chain: the Head of Estates approves £186,500 of kitchen equipment, in the COO's tier", async () => {
    const found = await issues({
      'Delegated-Authority-Policy.md': hotelPolicy,
      'RE-Kitchen-Equipment.eml': ovens('186,500'),
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.title).toContain('£186,500 approved by the Head of Estates');
    expect(found[0]!.title).toContain('the Chief Operating Officer');
  });

  test("decoys: approvals within the signer's own tier, and an e-mail sharing no word with the matrix", async () => {
    const found = await issues({
      'Delegated-Authority-Policy.md': utilityPolicy,
      'Hotel-Authority-Policy.md': hotelPolicy.replace('# Delegated', '# Hotel'),
      'RE-Transformer.eml': transformer('180,000', 'Vice President of Operations'),
      'RE-Kitchen-Equipment.eml': ovens('64,000'),
      'RE-Awards.eml': email(
        'Long-service awards',
        'Approved. The long-service awards evening may go ahead at a total cost of $420,000.',
        'Dana Whitfield',
        'Vice President of Operations',
      ),
    });
    expect(found).toEqual([]);
  });
});
