// consistency_check: a number a document writes twice, in words and in figures, with two
// different values: "₹ 25,00,000 (Rupees Two Lakh Fifty Thousand only)", "fourteen (10) days",
// "Naira Five Million (N500,000.00)". Legal and financial drafting states amounts and periods both
// ways so that one confirms the other; when they disagree, which one binds is open to dispute.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteAround, type Issue } from '../../analyst/issue';
import { valueOf } from '../../analyst/amounts';
import { CARDINAL_WORD, cardinalValue } from '../../analyst/number-words';
import { escapeRegExp } from '../../text/normalize';

export interface FigureWordsMismatch {
  segment: LocatedSegment;
  /** The whole phrase as written: figures and words with the brackets between them. */
  phrase: string;
  figures: string;
  words: string;
  figureValue: number;
  wordValue: number;
}

/**
 * Names of currencies and the words of an amount in words that are not its number ("Rupees ...
 * only", "US Dollars", "Pounds Sterling"): dropped before the words are read.
 */
const MONEY_WORDS =
  /\b(?:rupees?|rs|inr|naira|kobo|dollars?|us|usd|pounds?|sterling|euros?|cedis?|ghana|shillings?|kenya|kenyan|tanzania|tanzanian|uganda|ugandan|rand|ringgit|pesos?|dirhams?|riyals?|francs?|only|the sum of|sum of)\b/gi;
/** A figure: an optional currency mark or code, digits with thousands or lakh grouping, a scale. */
const FIGURE = String.raw`(?:[₹$£€₦₵]|\b(?:Rs\.?|INR|NGN|N|USD|US\$|GBP|EUR|GHS|KES|TZS|UGX|ZAR|KSh|TSh)\s?)?\s?(\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s*(lakhs?|crores?|million|thousand|billion))?`;
const FIGURE_ONLY = new RegExp(`^\\s*${FIGURE}\\s*(?:only)?\\s*%?\\s*$`, 'i');
const FIGURE_AT_END = new RegExp(`${FIGURE}\\s*$`, 'i');
/** Words of a number, alone once the currency words are gone ("Rupees Two Lakh ... only"). */
function wordsOnly(text: string): string | null {
  const rest = text
    .replace(MONEY_WORDS, ' ')
    .replace(/[.,;:/]/g, ' ')
    .trim();
  if (!rest || !/[a-z]/i.test(rest)) return null;
  const tokens = rest.split(/[\s-]+/).filter(Boolean);
  return tokens.every((t) => CARDINAL_WORD.test(t)) ? rest : null;
}

/** The run of number words that ends a text ("... within fourteen"), or null. */
function trailingWords(text: string): string | null {
  // "twenty-\nfour (24)": a compound broken at the end of a line is one word.
  const tokens = text
    .replace(/([a-z])-\s+(?=[a-z])/gi, '$1-')
    .trimEnd()
    .split(/(\s+)/);
  const run: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    if (/^\s+$/.test(token)) {
      run.unshift(token);
      continue;
    }
    if (!token.split('-').every((part) => CARDINAL_WORD.test(part))) break;
    run.unshift(token);
  }
  const words = run
    .join('')
    .trim()
    .replace(/^and\s+/i, '');
  return words && cardinalValue(words) !== null ? words : null;
}

/** Every figure-and-words pair of a statement whose two values differ. */
export function mismatchesIn(segment: LocatedSegment): FigureWordsMismatch[] {
  const text = segment.text;
  const out: FigureWordsMismatch[] = [];
  for (const m of text.matchAll(/\(([^()]{1,120})\)/g)) {
    const inside = m[1]!;
    const before = text.slice(Math.max(0, m.index - 120), m.index);
    // "fourteen (14) days", "Rupees Fifty Lakh (₹ 50,00,000)": the words first.
    const figure = FIGURE_ONLY.exec(inside);
    if (figure) {
      const words = trailingWords(before.replace(new RegExp(`(?:${MONEY_WORDS.source})\\s*$`, 'i'), ''));
      if (!words) continue;
      const wordValue = cardinalValue(words)!;
      const value = valueOf(figure[1]!, figure[2]);
      if (wordValue !== value)
        out.push({
          segment,
          phrase: `${words} (${inside})`,
          figures: inside.trim(),
          words,
          figureValue: value,
          wordValue,
        });
      continue;
    }
    // "₹ 25,00,000 (Rupees Two Lakh Fifty Thousand only)": the figures first.
    const words = wordsOnly(inside);
    const value = words ? cardinalValue(words) : null;
    const lead = words ? FIGURE_AT_END.exec(before) : null;
    if (!words || value === null || !lead) continue;
    const figures = lead[0].trim();
    const stated = valueOf(lead[1]!, lead[2]);
    if (stated !== value)
      out.push({
        segment,
        phrase: `${figures} (${inside})`,
        figures,
        words,
        figureValue: stated,
        wordValue: value,
      });
  }
  return out;
}

export function documentMismatches(doc: AnalyzedDocument): FigureWordsMismatch[] {
  return doc.segments.flatMap((s) => mismatchesIn(s));
}

const mismatchCache = new WeakMap<CorpusAnalysis, FigureWordsMismatch[]>();

/** The corpus's mismatches, read once per analysis. */
export function corpusMismatches(analysis: CorpusAnalysis): FigureWordsMismatch[] {
  let found = mismatchCache.get(analysis);
  if (!found) {
    found = analysis.documents.flatMap((d) => documentMismatches(d));
    mismatchCache.set(analysis, found);
  }
  return found;
}

/** The phrase as a pattern that finds it in the raw text, whatever the line breaks. */
function phrasePattern(phrase: string): RegExp {
  const escaped = phrase.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(escaped.join('\\s+'));
}

export function mismatchIssue(doc: string, mismatches: FigureWordsMismatch[]): Issue {
  const listed = mismatches
    .map(
      (m) =>
        `"${m.phrase}" (in figures ${m.figureValue.toLocaleString('en')}, in words ${m.wordValue.toLocaleString('en')})`,
    )
    .join('; ');
  return {
    primitive: 'consistency_check',
    subject: `figure-words:${doc}`,
    aspects: [`figure-words:${doc}`],
    title: `${doc} states ${mismatches.length > 1 ? 'numbers' : 'a number'} in words and figures that disagree: ${mismatches[0]!.phrase}`,
    description:
      `${doc} writes ${mismatches.length > 1 ? 'these numbers' : 'a number'} twice, in figures and in words, with different values: ${listed}. ` +
      `Which value binds is open to dispute, and anyone applying the rule may act on the wrong one.`,
    rootCause: `The figures or the words were edited without the other.`,
    remediationScope: `Correct ${doc} so that words and figures state the intended value, and check the other documents that repeat it.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes: mismatches.slice(0, 3).map((m) => quoteAround(m.segment, phrasePattern(m.phrase))),
  };
}
