// One approval rule's money threshold at different amounts in two documents: a pension trustee's
// e-mail relying on a limit its procedure lowered, and a school trust's purchasing procedure
// against its finance policy. Decoys: a tier schedule written out in both documents, a liability
// cap (no approval), one person's limit in an access register, and a revision history.
import { amountsIn } from '../../analyst/amounts';
import { runCheck } from '../../../test/helpers/check-harness';
import { amountThresholdCheck } from '.';

async function findings(files: Record<string, string>) {
  const { candidates, verdict } = await runCheck(amountThresholdCheck, files);
  return candidates.flatMap((c) => verdict(c.params, c.documents).issues);
}

test('amounts are read with their currency and scale', () => {
  const read = (text: string) => amountsIn(text).map((a) => `${a.currency} ${a.value}`);
  expect(read('exceeding GHS 50,000.00 (fifty thousand cedis)')).toEqual(['GHS 50000']);
  expect(read('above TZS 75 million or US$25,000')).toEqual(['TZS 75000000', 'USD 25000']);
  expect(read('up to ₹5,00,000, then Rs. 2 lakh, then 40,000 KES')).toEqual([
    'INR 500000',
    'INR 200000',
    'KES 40000',
  ]);
  expect(read('version 2.5 of 2026, 14 days')).toEqual([]);
  // Naira typed with a plain N, read only with its thousands grouped ("N95 masks" is no amount).
  expect(read('above N25,000,000.00, N95 masks, Form N1')).toEqual(['NGN 25000000']);
  // Rand written with its letter and spaced thousands, read only grouped ("R01", "R12" are row ids).
  expect(read('above R500 000, R1 000 000 and R186 420.00; rows R01 and R12')).toEqual([
    'ZAR 500000',
    'ZAR 1000000',
    'ZAR 186420',
  ]);
  // Gulf currencies with their local letters, read only grouped ("SR 12" is a service request).
  expect(read('up to BD 150,000.000, KD 5,000, RO 12,500 and Dhs 2,000; ticket SR 12, row RO 5')).toEqual([
    'BHD 150000',
    'KWD 5000',
    'OMR 12500',
    'AED 2000',
  ]);
});

describe('a value the other document states for another rule agrees nothing', () => {
  const doa = [
    '# Delegation of Authority Policy',
    '',
    '| Matter | Limit | Approver(s) |',
    '|---|---|---|',
    '| Capital expenditure | R250 001 to R1 000 000 | Managing Director |',
    '| Capital expenditure | Above R1 000 000 | Board of Directors |',
    '| Grower payment runs, per payment run | Up to R500 000 | Financial Director |',
    '| Grower payment runs, per payment run | Above R500 000 | Financial Director and Managing Director |',
  ].join('\n');

  test('a wine co-operative: payment runs need both directors above R500 000 in the delegation, above R1 000 000 in the procedure', async () => {
    const issues = await findings({
      'Delegation-of-Authority-Policy.md': doa,
      'Grower-Payment-Procedure.md':
        '# Grower Payment Procedure\n\n7.2 Payment runs with a total value above R1 000 000 require approval by the Financial Director and the Managing Director.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Conflicting approval threshold (payment, financial, director): R500 000 in Delegation-of-Authority-Policy.md vs R1 000 000 in Grower-Payment-Procedure.md',
    ]);
  });

  test("an engineering contractor: vendor payments above ₹1 crore need the MD in the schedule, above ₹5 crore in the procedure, while ₹5 crore is the schedule's limit for contract awards", async () => {
    const issues = await findings({
      'Delegation-Schedule.md': [
        '# Delegation of Financial Authority Schedule',
        '',
        'Table A - Release of vendor payments',
        '| Authority | Approval limit per payment proposal |',
        '|---|---|',
        '| Chief Financial Officer | Above ₹50 lakh up to ₹1 crore |',
        '| Managing Director | Above ₹1 crore up to ₹10 crore |',
        '',
        'Table B - Award of contracts',
        '| Authority | Approval limit per contract or order |',
        '|---|---|',
        '| Head of Procurement | Up to ₹25 lakh |',
        '| Chief Financial Officer | Above ₹25 lakh up to ₹5 crore |',
      ].join('\n'),
      'Vendor-Payment-Procedure.md':
        '# Vendor Payment Procedure\n\n5.2 Vendor payment proposals above Rs. 5 crore are approved by the Managing Director.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toMatch(
      /₹1 crore in Delegation-Schedule\.md vs Rs\. 5 crore in Vendor-Payment-Procedure\.md/,
    );
  });

  test('decoy: the procedure restates the tier of its own rule', async () => {
    const issues = await findings({
      'Delegation-of-Authority-Policy.md': doa,
      'Grower-Payment-Procedure.md':
        '# Grower Payment Procedure\n\n7.2 Payment runs with a total value above R500 000 require approval by the Financial Director and the Managing Director.\n',
    });
    expect(issues).toEqual([]);
  });
});

test('a pension trustee: the e-mail releasing a batch relies on a limit the procedure lowered', async () => {
  const issues = await findings({
    'Payments-Procedure.md':
      '# Payments Procedure\n\n5.2 Any payment batch exceeding GHS 50,000.00 (fifty thousand Ghana cedis) requires two authorisations.\n',
    'Batch-Release.eml':
      'From: Head of Administration <head@trust.example>\nTo: Payments <payments@trust.example>\nSubject: Batch B-114\n\nThe batch total is below the GHS 100,000 dual authorisation limit, so my authorisation alone is sufficient for this payment batch.\n',
  });
  expect(issues.map((i) => i.title)).toEqual([
    'Conflicting approval threshold (payment, batch, authorisation): GHS 50,000.00 in Payments-Procedure.md vs GHS 100,000 in Batch-Release.eml',
  ]);
});

test('a school trust: a second signatory above £5,000 in the policy, above £10,000 in the procedure', async () => {
  const issues = await findings({
    'Finance-Policy.md':
      '# Finance Policy\n\n7.1 Purchase orders above **£5,000** must be approved by a second signatory from the finance committee.\n',
    'Purchasing-Procedure.md':
      '# Purchasing Procedure\n\n3.4 A second signatory approves purchase orders of £10,000 or more.\n',
  });
  expect(issues).toHaveLength(1);
  expect(issues[0]!.title).toContain('£5,000 in Finance-Policy.md vs £10,000 in Purchasing-Procedure.md');
});

test("decoys: tiers written out twice, a liability cap, one person's limit, a revision history", async () => {
  const tiers =
    '| Amount | Approver |\n|---|---|\n| Purchase orders up to $10,000 | approved by the Finance Manager |\n| Purchase orders above $50,000 | approved by the Board |\n';
  expect(
    await findings({
      'Finance-Policy.md': `# Finance Policy\n\n${tiers}`,
      'Purchasing-Procedure.md':
        '# Purchasing Procedure\n\n3.1 Purchase orders up to $10,000 are approved by the Finance Manager; purchase orders above $50,000 are approved by the Board.\n',
      'Supplier-Agreement.md':
        "# Supplier Agreement\n\n12.1 The Supplier's liability shall not exceed $2,000,000 in aggregate.\n",
      'Approver-Register.csv': 'User,Role,Limit\nj.ortiz,Purchase order approver (up to $25,000),Active\n',
      'Delegation-Standard.md':
        '# Delegation Standard\n\n## Revision history\n\n| 2.0 | 2025 | Purchase order approval limit raised from $20,000 to $50,000 |\n\n## 1. Purpose\n\nThis standard sets out delegated authority.\n',
    }),
  ).toEqual([]);
});

test('a coffee exporter: a schedule row "Payment batches of TZS 50,000,000 (...) or more | Two (2) authorised signatories" against "above seventy-five million shillings (TZS 75,000,000)"', async () => {
  const issues = await findings({
    'Payments-Approval-Policy.md':
      '# Payments Approval Policy\n\n| Batch value | Signatories required |\n|---|---|\n| Below TZS 50,000,000 | One (1) authorised signatory |\n| Payment batches of TZS 50,000,000 (fifty million Tanzanian shillings) or more | Two (2) authorised signatories |\n',
    'Farmer-Payments-Procedure.md':
      '# Farmer Payments Procedure\n\n5. Batches above seventy-five million shillings (TZS 75,000,000) shall be released only after a second authorised signatory has also approved the batch.\n',
  });
  expect(issues.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /TZS 50,000,000 in Payments-Approval-Policy\.md vs TZS 75,000,000 in Farmer-Payments-Procedure\.md/,
    ),
  ]);
});

test('a housing association: a row "Contracts over £25,000 | Approved by two directors" against "more than ten thousand pounds (£10,000) ... two directors"', async () => {
  const issues = await findings({
    'Finance-Policy.md':
      '# Finance Policy\n\n| Contract value | Approval |\n|---|---|\n| Contracts over £25,000 | Approved by two directors |\n',
    'Procurement-Procedure.md':
      '# Procurement Procedure\n\n4.2 Contracts worth more than ten thousand pounds (£10,000) are approved by two directors before award.\n',
  });
  expect(issues).toHaveLength(1);
});

test('decoy: an amount in brackets after words that bind nothing ("a fee of fifty pounds (£50) per batch")', async () => {
  expect(
    await findings({
      'Finance-Policy.md':
        '# Finance Policy\n\n| Contract value | Approval |\n|---|---|\n| Contracts over £25,000 | Approved by two directors |\n',
      'Procurement-Procedure.md':
        '# Procurement Procedure\n\n4.2 The bank charges a fee of fifty pounds (£50) per batch, which two directors approve each year.\n',
    }),
  ).toEqual([]);
});

test('an insurer: a tier row "€150,000.01 to €500,000 | Head of Claims, with counter-signature of the CFO" against "payments exceeding €100,000 require the counter-signature of the CFO"', async () => {
  const issues = await findings({
    'Authority-Matrix.md':
      '# Claims Authority Matrix\n\n| Tier | Total paid (EUR) | Authorisation required |\n|---|---|---|\n| C | €50,000.01 to €150,000 | Head of Claims |\n| D | €150,000.01 to €500,000 | Head of Claims, with counter-signature of the Chief Financial Officer |\n',
    'Claims-Payment-Procedure.md':
      '# Claims Payment Procedure\n\n5.3 Payments exceeding €100,000 require the counter-signature of the Chief Financial Officer in addition to the authorisation of the Head of Claims.\n',
  });
  expect(issues.map((i) => i.title)).toEqual([
    expect.stringMatching(/€150,000\.01.*€100,000|€100,000.*€150,000\.01/),
  ]);
});

test('a school district: a purchasing schedule row "$5,000.01 to $25,000 | Business Manager" against a policy tier starting above $10,000', async () => {
  const issues = await findings({
    'Purchasing-Policy.md':
      '# Purchasing Policy\n\n3.1 Purchases above $10,000 require the approval of the Business Manager.\n',
    'Purchasing-Schedule.md':
      '# Purchasing Schedule\n\n| Purchase value | Approval |\n|---|---|\n| $5,000.01 to $25,000 | Business Manager approval before the order is placed |\n',
  });
  expect(issues).toHaveLength(1);
});

test("decoy: a range in a list of signing tiers is no rule of another policy's spending limit", async () => {
  expect(
    await findings({
      'Events-Policy.md':
        '# Events Policy\n\nEvents must not exceed $2,500 in total per event without Executive Director or Board approval.\n',
      'Signatory-Policy.md':
        '# Signatory Policy\n\n- $25,001 to $250,000 Executive Director and Treasurer can sign and approve without Board approval\n',
    }),
  ).toEqual([]);
});

test('decoy: "exceeding €150,000" and a tier "from €150,000.01" are one limit written two ways', async () => {
  expect(
    await findings({
      'Authority-Matrix.md':
        '# Claims Authority Matrix\n\n| Tier | Total paid (EUR) | Authorisation required |\n|---|---|---|\n| D | €150,000.01 to €500,000 | Head of Claims, with counter-signature of the Chief Financial Officer |\n',
      'Claims-Payment-Procedure.md':
        '# Claims Payment Procedure\n\n5.3 Payments exceeding €150,000 require the counter-signature of the Chief Financial Officer.\n',
    }),
  ).toEqual([]);
});

describe('a delegation matrix with a column per approver', () => {
  test("a vessel operator and a housing council: the approver's column sets another limit than the policy", async () => {
    const vessel = await findings({
      'Delegation-of-Authority-Standard.md':
        '# Delegation of Authority Standard\n\n| Ref | Authority | Head of Procurement | General Manager (Operations) | Managing Director |\n|---|---|---|---|---|\n| A1 | Purchase orders | Up to N5,000,000.00 | Above N5,000,000.00 up to N50,000,000.00 | Above N50,000,000.00 |\n',
      'Procurement-Policy.md':
        '# Procurement Policy\n\n| Purchase value | Approver |\n|---|---|\n| Above N5,000,000.00 up to N25,000,000.00 | General Manager (Operations) |\n| Above N25,000,000.00 | Managing Director |\n',
    });
    expect(vessel.map((i) => i.title)).toEqual([
      expect.stringMatching(/N50,000,000\.00 .* vs N25,000,000\.00/),
    ]);
    const council = await findings({
      'Scheme-of-Delegation.md':
        '# Scheme of Delegation\n\n| Ref | Authority | Finance Manager | Chief Executive |\n|---|---|---|---|\n| C1 | Award of contracts | Up to £10,000 | Above £10,000 |\n',
      'Contracts-Procedure.md':
        '# Contracts Procedure\n\n3.1 The award of contracts above £25,000 requires the approval of the Chief Executive.\n',
    });
    expect(council).toHaveLength(1);
  });

  test('decoy: the matrix and the policy set the same limits', async () => {
    expect(
      await findings({
        'Delegation-of-Authority-Standard.md':
          '# Delegation of Authority Standard\n\n| Ref | Authority | Head of Procurement | General Manager (Operations) |\n|---|---|---|---|\n| A1 | Purchase orders | Up to N5,000,000.00 | Above N5,000,000.00 |\n',
        'Procurement-Policy.md':
          '# Procurement Policy\n\n3.1 Purchase orders above N5,000,000.00 require the approval of the General Manager (Operations).\n',
      }),
    ).toEqual([]);
  });
});

describe('an approval table whose amount column is the limit ("Maximum aggregate exposure", "Spending limit")', () => {
  test('a Gulf lender: the credit policy lets a head of retail approve home finance to BD 250,000.000, the delegation to BD 150,000.000', async () => {
    const issues = await findings({
      'Credit-Policy.md':
        '# Credit Policy\n\n5.1 The following authorities approve new financing.\n\n| Approver | Product scope | Maximum aggregate exposure |\n|---|---|---|\n| Head of Retail Banking | Home financing | BD 250,000.000 |\n| Credit Committee | All financing | BD 2,000,000.000 |\n',
      'Delegation-Policy.md':
        '# Delegation Policy\n\n| Ref | Transaction type | Approver | Limit |\n|---|---|---|---|\n| A.3 | Home financing | Head of Retail Banking | Up to BD 150,000.000 |\n| A.4 | All financing | Credit Committee | Up to BD 2,000,000.000 |\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/BD 250,000\.000 .* vs BD 150,000\.000/),
    ]);
  });

  test("a charity: a grants manager's spending limit £20,000 in the finance policy, £5,000 in the grants procedure", async () => {
    const issues = await findings({
      'Finance-Policy.md':
        '# Finance Policy\n\n| Role | Approval area | Spending limit |\n|---|---|---|\n| Grants Manager | Grant payments to partners | £20,000 |\n',
      'Grants-Procedure.md':
        '# Grants Procedure\n\n| Role | Approval area | Spending limit |\n|---|---|---|\n| Grants Manager | Grant payments to partners | £5,000 |\n',
    });
    expect(issues).toHaveLength(1);
  });

  test('decoy: an amount in a column that bounds nothing ("Annual budget")', async () => {
    const issues = await findings({
      'Finance-Policy.md':
        '# Finance Policy\n\n| Role | Approval area | Annual budget |\n|---|---|---|\n| Grants Manager | Grant payments to partners | £20,000 |\n',
      'Grants-Procedure.md':
        '# Grants Procedure\n\n| Role | Approval area | Spending limit |\n|---|---|---|\n| Grants Manager | Grant payments to partners | £5,000 |\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('"up to and including" bounds an amount', () => {
  test('an insurer: the Claims Manager settles claims up to and including KES 5,000,000; the procedure sends those above KES 3,000,000 to the CEO', async () => {
    const issues = await findings({
      'Claims-Authority-Policy.md':
        '# Claims Authority Policy\n\n5.1 The Claims Manager may approve claim settlements up to and including KES 5,000,000.\n',
      'Claims-Settlement-Procedure.md':
        '# Claims Settlement Procedure\n\n4.3 Claim settlements above KES 3,000,000 are approved by the Chief Executive Officer.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /KES 5,000,000 in Claims-Authority-Policy\.md vs KES 3,000,000 in Claims-Settlement-Procedure\.md/,
      ),
    ]);
  });

  test('a software firm: sales directors approve discounts up to and including $250,000; the pricing procedure caps them at $100,000', async () => {
    const issues = await findings({
      'Pricing-Policy.md':
        '# Pricing Policy\n\n2.4 Sales directors may approve customer discounts on contracts up to and including $250,000.\n',
      'Deal-Desk-Procedure.md':
        '# Deal Desk Procedure\n\n3.2 Customer discounts on contracts above $100,000 require approval by the Chief Revenue Officer.\n',
    });
    expect(issues).toHaveLength(1);
  });

  test('decoy: "up to and including" the amount the other document starts "above"', async () => {
    expect(
      await findings({
        'Claims-Authority-Policy.md':
          '# Claims Authority Policy\n\n5.1 The Claims Manager may approve claim settlements up to and including KES 5,000,000.\n',
        'Claims-Settlement-Procedure.md':
          '# Claims Settlement Procedure\n\n4.3 Claim settlements above KES 5,000,000 are approved by the Chief Executive Officer.\n',
      }),
    ).toEqual([]);
  });
});

describe('two rules of one document against two tiers of another give two findings', () => {
  const cashSchedule = (float: string, dual: string) =>
    `# Treasury Authority Schedule\n\n| Matter | Amount | Approval |\n|---|---|---|\n| Petty cash float held at each branch | Up to KES ${float} | Branch Finance Manager approval |\n| Supplier payments signed by two authorised signatories | Above KES ${dual} | Dual signature by two authorised signatories |\n`;
  const cashPolicy =
    '# Cash Management Policy\n\n6.1 The petty cash float held at each branch shall not exceed KES 50,000 without the approval of the Branch Finance Manager.\n\n6.2 Supplier payments above KES 5,000,000 require the dual signature of two authorised signatories.\n';

  test("a microfinance bank: the policy's petty cash float and dual-signature limits both differ from the schedule's tiers", async () => {
    const issues = await findings({
      'Cash-Management-Policy.md': cashPolicy,
      'Treasury-Authority-Schedule.md': cashSchedule('80,000', '10,000,000'),
    });
    expect(issues.map((i) => i.title).sort()).toEqual([
      expect.stringMatching(
        /KES 50,000 in Cash-Management-Policy\.md vs KES 80,000 in Treasury-Authority-Schedule\.md/,
      ),
      expect.stringMatching(
        /KES 5,000,000 in Cash-Management-Policy\.md vs KES 10,000,000 in Treasury-Authority-Schedule\.md/,
      ),
    ]);
  });

  test('a water utility: the counter change fund and refund-cheque signatures differ between the cash policy and the schedule', async () => {
    const issues = await findings({
      'Cash-Handling-Policy.md':
        '# Cash Handling Policy\n\n3.1 The change fund kept at each customer service counter must not exceed $1,500 without approval of the Revenue Supervisor.\n\n3.2 Customer refund cheques above $5,000 require the signatures of two authorised signatories.\n',
      'Revenue-Authority-Schedule.md':
        '# Revenue Authority Schedule\n\n| Matter | Amount | Approval |\n|---|---|---|\n| Change fund kept at each customer service counter | Up to $2,500 | Revenue Supervisor approval |\n| Customer refund cheques signed by two authorised signatories | Above $10,000 | Signatures of two authorised signatories |\n',
    });
    expect(issues).toHaveLength(2);
    expect(new Set(issues.map((i) => i.subject)).size).toBe(2);
  });

  test('decoy: a second rule sharing only the words of approval with another tier (staff loans, asset disposals)', async () => {
    const issues = await findings({
      'Cash-Management-Policy.md':
        '# Cash Management Policy\n\n6.1 The petty cash float held at each branch shall not exceed KES 50,000 without the approval of the Branch Finance Manager.\n\n6.2 Staff loans above KES 400,000 require the approval of the Area Manager.\n',
      'Treasury-Authority-Schedule.md':
        '# Treasury Authority Schedule\n\n| Matter | Amount | Approval |\n|---|---|---|\n| Petty cash float held at each branch | Up to KES 80,000 | Branch Finance Manager approval |\n| Asset disposals | Above KES 1,000,000 | Regional Manager approval |\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringContaining('KES 50,000 in Cash-Management-Policy.md vs KES 80,000'),
    ]);
  });

  test("decoy: the schedule states both of the policy's limits", async () => {
    expect(
      await findings({
        'Cash-Management-Policy.md': cashPolicy,
        'Treasury-Authority-Schedule.md': cashSchedule('50,000', '5,000,000'),
      }),
    ).toEqual([]);
  });
});
