// Numbers written in words and in figures that disagree: a gold lender's cash limit in rupees
// with lakh grouping and a shipping agreement's notice period in days; decoys: words and figures
// that agree (lakh, million and a compound broken over a line), a percentage and a bracketed
// abbreviation.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { cardinalValue } from '../../analyst/number-words';
import { figureWordsCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(figureWordsCheck, files);

test('cardinals in words read to their value, lakh and crore included', () => {
  expect(cardinalValue('twenty-four')).toBe(24);
  expect(cardinalValue('one hundred and twenty')).toBe(120);
  expect(cardinalValue('Two Lakh Fifty Thousand')).toBe(250000);
  expect(cardinalValue('five crore')).toBe(50000000);
  expect(cardinalValue('one million five hundred thousand')).toBe(1500000);
  expect(cardinalValue('and')).toBeNull();
  expect(cardinalValue('thousand')).toBeNull();
  expect(cardinalValue('two factor')).toBeNull();
});

test("a lender's vault procedure writes its cash limit as 25 lakh in figures and 2.5 lakh in words", async () => {
  const found = await issues({
    'Branch-Cash-Procedure.md': [
      '# Branch Cash Procedure',
      '',
      '9.1 The cash retained in the branch safe overnight shall not exceed ₹ 25,00,000 (Rupees Two Lakh Fifty Thousand only).',
      '9.2 Cash above the limit is remitted to the currency chest before close of business.',
    ].join('\n'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.primitive).toBe('consistency_check');
  expect(found[0]!.description).toContain('Two Lakh Fifty Thousand');
  expect(found[0]!.description).toContain('2,500,000');
  expect(found[0]!.description).toContain('250,000');
});

test("a shipping agreement gives its notice period as 'fourteen (10) days'", async () => {
  const found = await issues({
    'Charter-Services-Agreement.md': [
      '# Charter Services Agreement',
      '',
      '12.2 Either party may terminate this Agreement for convenience on fourteen (10) days written notice to the other.',
      '12.3 The Owner shall redeliver the vessel within seven (7) days of termination.',
    ].join('\n'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toContain('fourteen (10)');
  expect(found[0]!.quotes[0]!.text).toContain('fourteen (10) days');
});

test('decoy: words and figures that agree, a percentage and an abbreviation in brackets', async () => {
  const found = await issues({
    'Treasury-Policy.md': [
      '# Treasury Policy',
      '',
      '4.1 Payments above ₹ 50,00,000 (Rupees Fifty Lakh only) require the approval of the CFO.',
      '4.2 The Board approves commitments above Naira Five Million (N5,000,000.00).',
      '4.3 Incidents are reported within twenty-',
      'four (24) hours; the fee is ten per cent (10%) of the invoice.',
      '4.4 The Treasury Committee (TC) meets within thirty (30) days of each quarter end.',
    ].join('\n'),
  });
  expect(found).toEqual([]);
});
