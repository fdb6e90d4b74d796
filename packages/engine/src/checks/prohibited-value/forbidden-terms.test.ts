// Register rows that name a thing a rule forbids by name rather than by kind: a scrap metal buyer
// pays for copper cable "never in cash" and its purchase register records "Cash", and a
// pawnbroker's procedure says "Do not ask for or accept a student card" while its loan register
// records one as the ID. A one-word term ("cash") judges only a register whose name carries two of
// the rule's other words (copper, cable). Decoys: a mixed scrap register paid in cash (another
// scope, where cash is allowed), a row with a recorded exception, and a cell that only shares the
// term's last word ("Bank card").
import { candidateIssues } from '../../../test/helpers/check-harness';
import { prohibitedValueCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(prohibitedValueCheck, files);

const scrapPolicy = [
  '# Scrap Buying Policy',
  '',
  '3.1 Small loads of mixed scrap may be settled in cash up to $300 a visit.',
  '',
  '3.2 Copper cable is paid for by bank transfer only, never in cash, and not until three working days after it is weighed in.',
  '',
].join('\n');

const pawnProcedure = [
  '# Pledge Intake Procedure',
  '',
  '1. Ask the customer for photo identification from the list in Appendix A. Do not ask for or accept a student card.',
  '',
].join('\n');

test('a scrap metal buyer: the copper cable register records payments in cash', async () => {
  const found = await issues({
    'Scrap-Buying-Policy.md': scrapPolicy,
    'Copper-Cable-Purchase-Register.csv': [
      'Slip,Date,Seller,Amount,Payment method',
      'PS-1043,2026-09-18,Seller I-0422,640,Cash',
      'PS-1050,2026-09-20,Seller I-0431,720,Cheque',
      'PS-1129,2026-10-22,Garage Lapointe,1860,Cash',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Copper-Cable-Purchase-Register.csv: 2 entries recorded as "Cash" under "Payment method", which Scrap-Buying-Policy.md prohibits',
  ]);
  expect(found[0]!.description).toContain('prohibits "cash"');
  expect(found[0]!.description).toContain('PS-1043');
});

test('a pawnbroker: the loan register records a student card as the ID the procedure says not to accept', async () => {
  const found = await issues({
    'Pledge-Intake-Procedure.md': pawnProcedure,
    'Pledge-Loan-Register.csv': [
      'Loan,Date,Customer,ID type,Item,Advance',
      'PL-311,2026-10-02,C-1182,Passport,Gold chain,180',
      'PL-316,2026-10-04,C-1190,Student card (university),Laptop,240',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Pledge-Loan-Register.csv: 1 entry recorded as "Student card (university)" under "ID type", which Pledge-Intake-Procedure.md prohibits',
  ]);
});

test('decoys: cash for mixed scrap, an excepted row, a cell sharing only the last word', async () => {
  expect(
    await issues({
      'Scrap-Buying-Policy.md': scrapPolicy,
      'Mixed-Scrap-Purchase-Register.csv': [
        'Slip,Date,Seller,Amount,Payment method',
        'GS-201,2026-09-18,Seller I-0422,120,Cash',
      ].join('\n'),
      'Pledge-Intake-Procedure.md': pawnProcedure,
      'Pledge-Loan-Register.csv': [
        'Loan,Date,Customer,ID type,Item,Advance,Notes',
        'PL-311,2026-10-02,C-1182,Bank card,Gold chain,180,',
        'PL-316,2026-10-04,C-1190,Student card,Laptop,240,Exception approved by Area Manager (EX-14)',
      ].join('\n'),
    }),
  ).toEqual([]);
});
