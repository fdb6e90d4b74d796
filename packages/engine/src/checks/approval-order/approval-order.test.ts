// Work carried out before its approval: a broadband provider's scanned change form ("Date approved
// 15/09/2026 ... Date implemented 10/09/2026") and a council's payment register (paid before
// authorised). Decoys: work after its approval, a rejected request, and a record with no rule
// asking for approval first.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { approvalOrderCheck } from '.';

const INTAKE = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*.csv', '*-Form*'] } };
const titles = async (files: Record<string, string>) =>
  (await candidateIssues(approvalOrderCheck, files, INTAKE)).map((i) => i.title);

const CHANGE_POLICY =
  '# Information Security Policy\n\n8.2 Normal changes require Change Advisory Board approval before implementation.\n';
const changeForm = (decision: string, approved: string, implemented: string) =>
  [
    'WORK ORDER / CHANGE APPROVAL FORM',
    'Change no. CHG-2026-0142 Change type Normal',
    'PART B - CAB DECISION',
    `Decision ${decision}`,
    `CAB chair Rajiv Bhandari Date approved ${approved}`,
    'PART C - IMPLEMENTATION',
    `Implemented by Liam Forsberg Date implemented ${implemented}`,
  ].join('\n');

test("a broadband provider's change form: implemented five days before the CAB approved it", async () => {
  expect(
    await titles({
      'Information-Security-Policy.md': CHANGE_POLICY,
      'Change-Form-WO-0917.txt': changeForm('[X] Approved [] Rejected', '15/09/2026', '10/09/2026'),
    }),
  ).toEqual([
    'Change-Form-WO-0917.txt: work carried out before it was approved (10/09/2026 before 15/09/2026)',
  ]);
});

test("a council's payment register: two payments made before they were authorised", async () => {
  expect(
    await titles({
      'Finance-Procedure.md':
        '# Finance Procedure\n\n4.1 No supplier payment is released until it has been authorised by a budget holder.\n',
      'Supplier-Payments.csv': [
        'Payment ID,Supplier,Amount,Authorised on,Payment date,Authorised by',
        'PAY-101,Ridge Roofing,4200.00,2026-03-02,2026-03-04,J. Okafor',
        'PAY-102,Canal Glazing,880.00,2026-03-09,2026-03-05,J. Okafor',
        'PAY-103,Brook Painters,1260.00,2026-03-12,2026-03-11,M. Lee',
      ].join('\n'),
    }),
  ).toEqual(['Supplier-Payments.csv: work carried out before it was approved (2 items)']);
});

test('decoys: work after its approval, a rejected request, and no rule asking for approval first', async () => {
  expect(
    await titles({
      'Information-Security-Policy.md': CHANGE_POLICY,
      'Change-Form-A.txt': changeForm('[X] Approved [] Rejected', '08/09/2026', '10/09/2026'),
      'Change-Form-B.txt': changeForm('[] Approved [X] Rejected', '15/09/2026', '10/09/2026'),
    }),
  ).toEqual([]);
  expect(
    await titles({
      'Operations-Guide.md': '# Operations Guide\n\nChanges are logged in the change register.\n',
      'Change-Form-C.txt': changeForm('[X] Approved [] Rejected', '15/09/2026', '10/09/2026'),
    }),
  ).toEqual([]);
});

test("an events company's subcontractors: one mobilised while the client's consent is pending", async () => {
  expect(
    await titles({
      'Subcontracting-Procedure.md':
        '# Subcontracting Procedure\n\n3.2 A subcontractor working at a client venue must not be mobilised until the client has given written consent.\n',
      'Subcontractor-Register.csv': [
        'Ref,Subcontractor,Client venue work,Client consent ref,Consent date,Mobilisation date',
        'SUB-01,Stagecraft Rigging,Yes,CC-0412,03/03/2026,10/03/2026',
        'SUB-02,Brightline Catering,No,Not required,,12/03/2026',
        'SUB-03,Lumen Audio Visual,Yes,Pending,,18/03/2026',
      ].join('\n'),
    }),
  ).toEqual([
    'Subcontractor-Register.csv: work carried out before it was approved (SUB-03: 18/03/2026 before a pending approval)',
  ]);
});

test("a drug wholesaler's supplier onboarding log: a supplier live while QA approval is awaited", async () => {
  expect(
    await titles({
      'Supplier-Qualification-Policy.md':
        '# Supplier Qualification Policy\n\n5.1 No supplier is released for purchasing before QA approval of its qualification file.\n',
      'Supplier-Onboarding-Log.csv': [
        'Supplier ID,Supplier,QA approval,QA approval date,Released for purchasing',
        'SUP-220,Delmarva Generics,Approved,2026-05-04,2026-05-06',
        'SUP-231,Piedmont Sterile Supplies,Awaiting QA review,,2026-06-15',
      ].join('\n'),
    }),
  ).toEqual([
    'Supplier-Onboarding-Log.csv: work carried out before it was approved (SUP-231: 2026-06-15 before a pending approval)',
  ]);
});
