// Register rows above a dual-approval threshold with the second approver blank: a coffee exporter's
// payment batches against a tier table ("TZS 50,000,000 ... or more | Two (2) authorised
// signatories"), and a school trust's purchase orders against "above £10,000 ... a second
// signatory". Decoys: a row exactly at an exclusive threshold, a row with an exception reference,
// rows below the threshold, and a register without a second-approver column.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { dualApprovalCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(dualApprovalCheck, files);

const exporterPolicy =
  '# Payments Approval Policy\n\n| Batch value | Signatories required |\n|---|---|\n| Below TZS 50,000,000 | One (1) authorised signatory |\n| TZS 50,000,000 (fifty million Tanzanian shillings) or more | Two (2) authorised signatories |\n';

test('a coffee exporter: batches of TZS 50,000,000 or more released with "Approver 2" blank', async () => {
  const found = await issues({
    'Payments-Approval-Policy.md': exporterPolicy,
    'Payments-Approval-Register.csv': [
      'Batch ID,Total value (TZS),Prepared by,Approver 1,Approver 2,Exception ref,Status',
      'PB-0372,41275000,L. Kweka,R. Mushi,,,Paid',
      'PB-0374,57930000,B. Temba,R. Mushi,J. Urio,,Paid',
      'PB-0385,50000000,L. Kweka,R. Mushi,,EX-2026-04,Paid',
      'PB-0388,68450000,B. Temba,R. Mushi,,,Paid',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Payments-Approval-Register.csv: 1 item of TZS 50,000,000 or more released with one approver only (PB-0388)',
  ]);
});

test('a school trust: purchase orders above £10,000 with no second signatory', async () => {
  const found = await issues({
    'Finance-Policy.md':
      '# Finance Policy\n\n7.1 Purchase orders above £10,000 must be approved by a second signatory from the finance committee.\n',
    'Purchase-Order-Log.csv': [
      'PO number,Supplier,Order value,Approved by,Second signatory',
      'PO-101,Acme Books,£10000,J. Reid,',
      'PO-102,Hall Catering,£14500,J. Reid,',
      'PO-103,Lab Supplies Ltd,£22000,J. Reid,M. Shah',
    ].join('\n'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.description).toContain('PO-102');
  // £10,000 is not above £10,000.
  expect(found[0]!.description).not.toContain('PO-101');
});

test('decoy: a register that records one approver per row has no second-approver column to read', async () => {
  expect(
    await issues({
      'Payments-Approval-Policy.md': exporterPolicy,
      'Payments-Log.csv': 'Batch ID,Total value (TZS),Approved by\nPB-0388,68450000,R. Mushi\n',
    }),
  ).toEqual([]);
});

describe('a scanned authorisation form whose second signatory field is left unsigned', () => {
  const bankPolicy =
    '# Delegation of Financial Authority Policy\n\n7.3 Payments of BD 10,000.000 or more require two (2) authorised signatories.\n';

  test('a Gulf bank: a BD 48,750.000 payment form with "Authorised signatory 2 N/A - single signatory"', async () => {
    const found = await issues({
      'Delegation-of-Financial-Authority-Policy.md': bankPolicy,
      'Payment-Authorisation-Record.txt': [
        'PAYMENT AUTHORISATION FORM',
        'Payment reference PAY-2026-0093',
        'Amount in figures BD 48,750.000',
        'Authorised signatory 1 R. Haddad, CFO 04/11/2026',
        'Authorised signatory 2 N/A - single signatory',
      ].join('\n\n'),
    });
    expect(found.map((i) => i.title)).toEqual([
      'Payment-Authorisation-Record.txt: 1 item of BD 10,000.000 or more released with one approver only (PAY-2026-0093)',
    ]);
    expect(found[0]!.quotes.map((q) => q.text)).toContain('Amount in figures BD 48,750.000');
  });

  test('a housing trust: a £14,200 purchase authorisation with the second approver left as a dash', async () => {
    const found = await issues({
      'Finance-Policy.md':
        '# Finance Policy\n\n5.2 Purchases above £10,000 need a second approver from the finance committee.\n',
      'Purchase-Authorisation-Record.txt': [
        'PURCHASE AUTHORISATION',
        'Order no. PO-2026/311',
        'Total amount: £14,200',
        'First approver: K. Mensah (Housing Director)',
        'Second approver: -',
      ].join('\n\n'),
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.title).toContain('(PO-2026/311)');
  });

  test('decoys: a form below the threshold, and a form with both signatories', async () => {
    const found = await issues({
      'Delegation-of-Financial-Authority-Policy.md': bankPolicy,
      'Small-Payment-Record.txt': [
        'Payment reference PAY-2026-0101',
        'Amount in figures BD 4,200.000',
        'Authorised signatory 2 N/A - single signatory',
      ].join('\n\n'),
      'Large-Payment-Record.txt': [
        'Payment reference PAY-2026-0102',
        'Amount in figures BD 61,000.000',
        'Authorised signatory 1 R. Haddad, CFO',
        'Authorised signatory 2 M. Saleh, CEO',
      ].join('\n\n'),
    });
    expect(found).toEqual([]);
  });
});
