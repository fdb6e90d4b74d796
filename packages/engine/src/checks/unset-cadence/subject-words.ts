// The words a requirement's subject is compared by: content words with plurals folded, without
// grammar, time or nouns too general to name a subject; and the parties an obligation runs to.
import { foldTypography } from '../../text/normalize';

/**
 * The parties an obligation runs to: a deadline to notify customers is no deadline to notify
 * individuals or a regulator.
 */
export const PARTY_WORDS = new Set(
  (
    'individual customer client patient member regulator authority supervisor commissioner secretary ' +
    'media press partner vendor supplier subject employee user police insurer government agency board'
  ).split(' '),
);

/** Words that make a rule one about the organisation's suppliers. */
export const SUPPLIER_WORDS = new Set([
  'supplier',
  'vendor',
  'provider',
  'contractor',
  'third-party',
  'processor',
  'outsourcer',
]);

/** Words that name nothing on their own and so align nothing. */
export const EMPTY_WORDS = new Set(['such', 'certain', 'several', 'various', 'specific', 'respective']);

/** Nouns too general to name an activity's subject alone ("system" scans, "system" reviews). */
export const GENERIC_NOUNS = new Set(
  (
    'system information datum data security process procedure control requirement organization ' +
    'organisation activity service document company environment management use purpose business'
  ).split(' '),
);

/** Words that carry no subject: grammar, modals, quantifiers, time. */
const FUNCTION_WORDS = new Set(
  (
    'the and are for from has have had its may must not our shall should that their them then there these ' +
    'they this those under was were will would with within all any each other per than also which who ' +
    'when where while but only more most same does done into upon onto about after before between both ' +
    'during through can could been being such least less every once twice time day week month year hour ' +
    'minute calendar business working daily weekly monthly quarterly annually annual yearly basis period ' +
    'regular regularly periodic periodically timely manner defined predefined predetermined set required ' +
    'specified appropriate relevant necessary ensure make made take taken one two three new based'
  ).split(' '),
);

/** Content words of a text, plural folded ("logs" -> "log"), without grammar, time or generic nouns. */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of foldTypography(text)
    .toLowerCase()
    .matchAll(/[a-z][a-z-]{2,}/g)) {
    const word = m[0]
      .replace(/ies$/, 'y')
      .replace(/(ch|sh|x|ss)es$/, '$1')
      .replace(/(?<![su])s$/, '');
    if (!FUNCTION_WORDS.has(word) && !GENERIC_NOUNS.has(word) && !EMPTY_WORDS.has(word)) out.add(word);
  }
  return out;
}

/** Each side names a party and none is the other's: a notice to customers is no notice to individuals. */
export function partiesApart(a: Iterable<string>, b: Iterable<string>): boolean {
  const pa = [...a].filter((w) => PARTY_WORDS.has(w));
  const pb = [...b].filter((w) => PARTY_WORDS.has(w));
  return pa.length > 0 && pb.length > 0 && !pa.some((w) => pb.includes(w));
}
