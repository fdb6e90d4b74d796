// flow_down_check on a right to audit that a contract denies without saying "no right": the
// procedure requires every agreement with a subcontract laboratory to let the laboratory audit its
// work, and the agreement says the partner "shall not be required to allow visits or audits of its
// sites" (or "is not obliged to allow audits"). A clause keeping instrument audit trails grants no
// audit right. A laboratory and its partner laboratory; a pharmaceutical wholesaler and its
// cold-chain courier. Decoys: an agreement that grants the audit, and one that only keeps audit
// trails where the policy asks for none.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE } from '../../../test/helpers/check-harness';
import { findFlowDownGaps } from './flow-down';

async function auditGaps(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
  return findFlowDownGaps(analysis).filter((i) => /\bno right to audit\b/.test(i.title));
}

const LAB_PROCEDURE = [
  '# Partner Laboratory Procedure',
  '',
  '4.1 Samples shall be sent only to subcontractors on the approved list.',
  '',
  '4.2 Each agreement with a subcontract laboratory must include terms that:',
  '',
  "(a) let the Laboratory audit the subcontract laboratory's work on the Laboratory's samples;",
  '',
  '(b) require the subcontract laboratory to report any lapse of its accreditation within 72 hours.',
].join('\n');

const labAgreement = (auditClause: string) =>
  [
    '# Partner Laboratory Agreement',
    '',
    'This Agreement is made between Cascade Water Labs LLC ("the Laboratory") and Rogue River Analytical Inc. ("the Partner").',
    '',
    '5.2 The Partner shall keep instrument audit trails and e-signatures for every batch of results.',
    '',
    '5.3 The Partner shall report any lapse of its accreditation to the Laboratory within 72 hours.',
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
    'a laboratory and its partner laboratory',
    'Partner-Laboratory-Procedure.md',
    LAB_PROCEDURE,
    'Partner-Laboratory-Agreement.md',
    labAgreement(
      '7.1 The Partner shall not be required to allow visits or audits of its sites by the Laboratory; its yearly accreditation report stands in their place.',
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

test('decoys: an agreement that grants the audit, and audit trails where no audit is asked for', async () => {
  expect(
    await auditGaps({
      'Partner-Laboratory-Procedure.md': LAB_PROCEDURE,
      'Partner-Laboratory-Agreement.md': labAgreement(
        "7.1 The Partner shall let the Laboratory audit its premises and the Laboratory's sample records at two weeks' notice.",
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
