// Cardinal numbers written in words, read to their value: "thirty", "twenty-four", "one hundred
// and twenty", "two lakh fifty thousand", "one million five hundred thousand". Used where a
// document states a number twice, in words and in figures, and the two can be compared.

import { SMALL_CARDINALS as SMALL } from './quantities';

/** Words that multiply what came before them and close a group ("two lakh", "five thousand"). */
const SCALES: Record<string, number> = {
  thousand: 1e3,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  million: 1e6,
  crore: 1e7,
  crores: 1e7,
  billion: 1e9,
};

/** Every word a cardinal in words may be made of ("and" joins its parts). */
export const CARDINAL_WORD = new RegExp(
  `^(?:${[...Object.keys(SMALL), ...Object.keys(SCALES), 'hundred', 'and'].join('|')})$`,
  'i',
);

/**
 * The value of a cardinal written in words, or null when a word is not part of one or the words do
 * not make a number ("and" alone, "hundred thousand hundred").
 */
export function cardinalValue(words: string): number | null {
  const tokens = words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((t) => t.length > 0 && t !== 'and');
  if (tokens.length === 0) return null;
  let total = 0;
  let group = 0;
  let seen = false;
  for (const token of tokens) {
    if (token in SMALL) {
      group += SMALL[token]!;
      seen = true;
    } else if (token === 'hundred') {
      if (!seen) return null;
      group = (group || 1) * 100;
    } else if (token in SCALES) {
      if (!seen) return null;
      total += (group || 1) * SCALES[token]!;
      group = 0;
    } else return null;
  }
  return seen ? total + group : null;
}
