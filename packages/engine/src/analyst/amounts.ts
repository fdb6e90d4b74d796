// Amounts of money as documents write them: a currency code or symbol before or after the number
// ("GHS 50,000.00", "TZS 75 million", "US$25,000", "₹5,00,000", "50,000 KES", "Rs. 2 lakh",
// "R500 000", "BD 150,000.000"), read
// to one value in the currency's units and one currency code, so that "GHS 100,000" and
// "GH₵100,000" are the same amount and "£5m" is 5,000,000 GBP.

export interface Amount {
  /** In the currency's units: "TZS 75 million" is 75,000,000. */
  value: number;
  /** An ISO 4217 code where the text says which ("$" alone reads as USD). */
  currency: string;
  index: number;
  phrase: string;
}

/** Names of currencies and their scales, which say nothing of what an amount is for. */
export const CURRENCY_NAMES = new Set(
  'cedi cedis shilling shillings dollar dollars rupee rupees pound pounds euro euros naira rand ringgit peso pesos dinar dinars lakh crore million thousand'.split(
    ' ',
  ),
);

const CODES =
  'USD|GHS|TZS|KES|UGX|RWF|NGN|ZAR|BWP|ZMW|ETB|EGP|MAD|XOF|XAF|MUR|INR|PKR|LKR|BDT|NPR|GBP|EUR|CHF|AUD|NZD|CAD|SGD|HKD|MYR|PHP|IDR|THB|JPY|CNY|AED|OMR|QAR|SAR|BHD|KWD|JMD|BBD|TTD|BMD|KYD|BSD|XCD|FJD|BRL|MXN|NAD|BZD';

/** Symbols and local abbreviations, longest first, with the code each stands for. */
const SYMBOLS: Array<[string, string]> = [
  ['US$', 'USD'],
  ['Bds$', 'BBD'],
  ['TT$', 'TTD'],
  ['EC$', 'XCD'],
  ['BZ$', 'BZD'],
  ['FJ$', 'FJD'],
  ['CA$', 'CAD'],
  ['AU$', 'AUD'],
  ['N$', 'NAD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['S$', 'SGD'],
  ['J$', 'JMD'],
  ['GH₵', 'GHS'],
  ['₵', 'GHS'],
  ['KSh', 'KES'],
  ['TSh', 'TZS'],
  ['USh', 'UGX'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['₹', 'INR'],
  ['₦', 'NGN'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['RM', 'MYR'],
  ['₱', 'PHP'],
  ['$', 'USD'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SYMBOL = SYMBOLS.map(([s]) => escape(s)).join('|');
/** "50,000", "5,00,000" (lakh grouping), "1 250 000", "2.5". */
const NUMBER = String.raw`\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d{1,3}(?:[ \u00a0]\d{3})+(?![\d,])|\d+(?:\.\d+)?`;
const SCALE = String.raw`(?:\s*(million|mn|m|billion|bn|thousand|k|lakhs?|crores?)\b)?`;
const AMOUNT = new RegExp(
  String.raw`(?<![\w$£€₹₦₵])(?:(${CODES})\s?|(${SYMBOL})\s?)(${NUMBER})${SCALE}` +
    String.raw`|(?<![\w.,])(${NUMBER})${SCALE}\s?(${CODES})\b`,
  'g',
);

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  lakh: 1e5,
  lakhs: 1e5,
  crore: 1e7,
  crores: 1e7,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
};

/** A figure's value with its scale word: "2.5" and "lakh" are 250,000. */
export function valueOf(number: string, scale: string | undefined): number {
  const value = Number(number.replace(/[,\s\u00a0]/g, ''));
  return value * (scale ? (SCALES[scale.toLowerCase()] ?? 1) : 1);
}

/**
 * Naira typed with a plain N for the ₦ sign ("N25,000,000.00"), as Nigerian documents often write
 * it: read only with thousands grouped, so that "N95" or "Form N1" is no amount.
 */
const PLAIN_N_NAIRA = /(?<![\w$£€₹₦₵])N(\d{1,3}(?:,\d{3})+(?:\.\d{2})?)(?![\d,])/g;

/**
 * Rand written with its letter, as South African documents do ("R500 000", "R1 000 000", "R186
 * 420.00"): read only with thousands grouped, so that a row id "R01" or "R12" is no amount.
 */
const PLAIN_R_RAND = /(?<![\w$£€₹₦₵])R ?(\d{1,3}(?:[ \u00a0,]\d{3})+(?:\.\d{2})?)(?!\d|,\d)/g;

/**
 * Gulf currencies written with their local letters ("BD 150,000.000" Bahraini dinars, "KD", "RO"
 * Omani rials, "QR", "SR" Saudi riyals, "Dhs" dirhams): read only with thousands grouped, so that a
 * ticket "SR 12" or a row "RO 5" is no amount.
 */
const LETTER_CURRENCIES: Record<string, string> = {
  BD: 'BHD',
  KD: 'KWD',
  RO: 'OMR',
  QR: 'QAR',
  SR: 'SAR',
  Dhs: 'AED',
};
const PLAIN_LETTERS = new RegExp(
  String.raw`(?<![\w$£€₹₦₵])(${Object.keys(LETTER_CURRENCIES).join('|')})\.? ?(\d{1,3}(?:,\d{3})+(?:\.\d{2,3})?)(?!\d|,\d)`,
  'g',
);

export function amountsIn(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(PLAIN_LETTERS))
    out.push({
      value: valueOf(m[2]!, undefined),
      currency: LETTER_CURRENCIES[m[1]!]!,
      index: m.index,
      phrase: m[0],
    });
  for (const m of text.matchAll(PLAIN_N_NAIRA))
    out.push({ value: valueOf(m[1]!, undefined), currency: 'NGN', index: m.index, phrase: m[0] });
  for (const m of text.matchAll(PLAIN_R_RAND))
    out.push({ value: valueOf(m[1]!, undefined), currency: 'ZAR', index: m.index, phrase: m[0] });
  for (const m of text.matchAll(AMOUNT)) {
    const [phrase, code, symbol, number, scale, afterNumber, afterScale, afterCode] = m;
    const currency = code ?? afterCode ?? SYMBOLS.find(([s]) => s === symbol)?.[1];
    const digits = number ?? afterNumber;
    if (!currency || !digits) continue;
    const value = valueOf(digits, scale ?? afterScale);
    if (!Number.isFinite(value) || value <= 0) continue;
    out.push({ value, currency, index: m.index, phrase: phrase.trim() });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The currency a text names by code or symbol without an amount ("Value TT$ (excl. VAT)"), if any. */
export function currencyNamedIn(text: string): string | null {
  const code = new RegExp(`\\b(${CODES})\\b`).exec(text)?.[1];
  if (code) return code;
  return SYMBOLS.find(([symbol]) => text.includes(symbol))?.[1] ?? null;
}
