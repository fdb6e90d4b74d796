// Dollar symbols with a country's letters before the "$" ("TT$50,000.00" Trinidad and Tobago,
// "N$ 500 000" Namibian, "Bds$", "EC$", "BZ$", "FJ$", "CA$", "AU$"), read to their own codes, and
// a column header that names a currency without an amount ("Value TT$ (excl. VAT)"). Decoys: "VAT"
// is a tax, not a currency code; "Form N1" is no amount.
import { amountsIn, currencyNamedIn } from '../src/analyst/amounts';

const read = (text: string) => amountsIn(text).map((a) => [a.currency, a.value, a.phrase]);

describe('dollar symbols with their country letters', () => {
  test('a Trinidad contractor\'s delegation: "up to TT$50,000.00" is 50,000 TTD, not US dollars', () => {
    expect(read('| Operations Manager | up to TT$50,000.00 |')).toEqual([['TTD', 50000, 'TT$50,000.00']]);
  });

  test('a Namibian water utility: "N$ 500 000" with spaces grouping the thousands is 500,000 NAD', () => {
    expect(read('Capital works above N$ 500 000 go to the Board.')).toEqual([['NAD', 500000, 'N$ 500 000']]);
  });

  test('the other Caribbean, Pacific and Commonwealth dollars keep their own codes', () => {
    expect(
      read('Bds$12,000; EC$7,500; BZ$3,000; FJ$9,000; CA$40,000; AU$25,000; 1,200 BZD; NAD 80,000').map(
        ([currency, value]) => [currency, value],
      ),
    ).toEqual([
      ['BBD', 12000],
      ['XCD', 7500],
      ['BZD', 3000],
      ['FJD', 9000],
      ['CAD', 40000],
      ['AUD', 25000],
      ['BZD', 1200],
      ['NAD', 80000],
    ]);
  });

  test('decoy: "Form N1" and a plain row id stay no amount', () => {
    expect(amountsIn('Submit Form N1 with the claim.')).toEqual([]);
    expect(amountsIn('Row N12 of the register')).toEqual([]);
  });
});

describe('currencyNamedIn: a header that names a currency but gives no amount', () => {
  test('"Value TT$ (excl. VAT)" names TTD; "VAT" is no currency code', () => {
    expect(currencyNamedIn('Value TT$ (excl. VAT)')).toBe('TTD');
    expect(currencyNamedIn('Contract value N$')).toBe('NAD');
    expect(currencyNamedIn('Amount (NAD)')).toBe('NAD');
  });

  test('decoy: a header naming only VAT, or no currency at all, names none', () => {
    expect(currencyNamedIn('Net value (excl. VAT)')).toBeNull();
    expect(currencyNamedIn('Order value')).toBeNull();
  });
});
