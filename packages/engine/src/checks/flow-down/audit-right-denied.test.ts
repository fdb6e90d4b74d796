// flow_down_check on a right to audit that a contract denies without saying "no right": the
// procedure requires every subcontract to give the company the right to audit the subcontractor's
// facilities and records, and the subcontract says the subcontractor "shall not be required to
// permit on-site audits or inspections" (or "is not obliged to allow audits"). A clause keeping
// electronic records and audit trails grants no audit right. A laboratory and its subcontract
// laboratory; a pharmaceutical wholesaler and its cold-chain courier. Decoys: a subcontract that
// grants the audit, and one that only keeps audit trails where the procedure asks for none.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE } from '../../../test/helpers/check-harness';
import { findFlowDownGaps } from './flow-down';

async function auditGaps(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
  return findFlowDownGaps(analysis).filter((i) => /\bno right to audit\b/.test(i.title));
}

const LAB_PROCEDURE = [
  '# Subcontracting Procedure',
  '',
  '6.7 Samples shall be sent only to subcontractors on the Approved Subcontractor List.',
  '',
  '6.8 Every subcontract agreement must include terms that:',
  '',
  "(c) give the Laboratory the right to audit the subcontract laboratory's facilities and records relating to its samples on ten (10) business days' notice;",
  '',
  '(d) require notice of any loss of accreditation within 72 hours.',
].join('\n');

const labAgreement = (auditClause: string) =>
  [
    '# Subcontract Laboratory Services Agreement',
    '',
    'This Agreement is made between Cascade Water Labs LLC ("the Laboratory") and Rogue River Analytical Inc. ("Subcontractor").',
    '',
    '6.3 Subcontractor shall maintain its electronic records, audit trails and electronic signatures in a manner consistent with 21 CFR Part 11.',
    '',
    '7.4 Subcontractor shall notify the Laboratory within 72 hours of any loss of accreditation.',
    '',
    auditClause,
  ].join('\n');

const WHOLESALER_POLICY = [
  '# Good Distribution Practice Policy',
  '',
  "5.2 Contracts with transport providers shall give the Company the right to audit the provider's vehicles, depots and temperature records.",
].join('\n');

const courierContract = (auditClause: string) =>
  [
    '# Cold Chain Transport Agreement',
    '',
    'This Agreement is made between Meridian Pharma Wholesale Ltd ("the Company") and Polar Route Couriers Ltd ("the Provider").',
    '',
    '4.1 The Provider shall keep every consignment between 2°C and 8°C.',
    '',
    auditClause,
  ].join('\n');

test.each([
  [
    'a laboratory and its subcontract laboratory',
    'Subcontracting-Procedure.md',
    LAB_PROCEDURE,
    'Subcontract-Agreement.md',
    labAgreement(
      '8.2 The documents provided under Section 8.1 are the sole means of verifying compliance. Subcontractor shall not be required to permit on-site audits or inspections of its facilities or records by the Laboratory.',
    ),
  ],
  [
    'a wholesaler and its cold-chain courier',
    'GDP-Policy.md',
    WHOLESALER_POLICY,
    'Cold-Chain-Transport-Agreement.md',
    courierContract(
      '9.1 The Provider is not obliged to allow audits of its depots or vehicles; it shall send its temperature records each month.',
    ),
  ],
])(
  '%s: the contract denies the audit the parent requires',
  async (_pair, parentName, parent, childName, child) => {
    const gaps = await auditGaps({ [parentName]: parent, [childName]: child });
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.title).toContain('no right to audit (the contract withdraws it');
    expect(gaps[0]!.title).toContain(parentName);
  },
);

test('decoys: a subcontract that grants the audit, and audit trails where no audit is asked for', async () => {
  expect(
    await auditGaps({
      'Subcontracting-Procedure.md': LAB_PROCEDURE,
      'Subcontract-Agreement.md': labAgreement(
        "8.2 Subcontractor shall permit the Laboratory to audit its facilities and records relating to the Laboratory's samples on ten (10) business days' notice.",
      ),
    }),
  ).toEqual([]);
  expect(
    await auditGaps({
      'GDP-Policy.md':
        '# Good Distribution Practice Policy\n\n5.2 Contracts with transport providers shall require temperature records for every consignment.\n',
      'Cold-Chain-Transport-Agreement.md': courierContract(
        '9.1 The Provider shall keep audit trails of every temperature logger download for five years.',
      ),
    }),
  ).toEqual([]);
});
