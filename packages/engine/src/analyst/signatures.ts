// The signature of a message: who signed it and in what post ("Regards, / Garfield Spence / Head of
// IT"), and whether a signer's post is one a rule names. One definition for every check that weighs
// who approved something in correspondence against who may.
import nouns from './role-nouns.json';
import { escapeRegExp } from '../text/normalize';

const CLOSING =
  /^\s*(?:(?:kind |best |warm )?regards|thanks|thank you|sincerely|yours(?: faithfully| sincerely| truly)?|best|cheers)\b[^\n]{0,20}$/im;
const POST_WORD = new RegExp(
  `\\b(?:${[...nouns.leadership, 'Chief', 'Superintendent', 'Supervisor', 'Coordinator', 'Controller', 'Treasurer', 'President', 'CEO', 'CFO', 'COO', 'CIO', 'CTO', 'CISO', 'CRO'].join('|')})\\b`,
);

/** Initials of a post's capitalised words: "Chief Risk Officer" -> "CRO". */
function initials(post: string): string {
  return (post.match(/\b[A-Z]/g) ?? []).join('');
}

/** A rank below the post it qualifies: a "Vice President" is no "President". */
const LOWER_RANK = /\b(?:vice|deputy|assistant|associate|sub|under)\s*$/;

/** Whether a post is written within another, and not as a lower rank of it. */
function within(post: string, title: string): boolean {
  const at = title.indexOf(post);
  return at >= 0 && !LOWER_RANK.test(title.slice(0, at));
}

/** Whether a signer's post is one of the approvers (by name, or one as the other's initials). */
export function samePost(signer: string, approver: string): boolean {
  const a = signer
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const b = approver
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (within(b, a) || within(a, b)) return true;
  const short = (s: string) => /^[A-Z]{2,6}$/.test(s.trim());
  if (short(approver) && initials(signer) === approver.trim()) return true;
  if (short(signer) && initials(approver) === signer.trim()) return true;
  const named = new RegExp(`\\b${escapeRegExp(approver)}\\b`).exec(signer);
  return named !== null && !LOWER_RANK.test(signer.slice(0, named.index).toLowerCase());
}

/** The signer's post: the line under the name after the closing ("Regards, / Garfield Spence / Head of IT"). */
export function signerPost(body: string): string | null {
  const closing = CLOSING.exec(body);
  if (!closing) return signedWithoutClosing(body);
  const lines = body
    .slice(closing.index + closing[0].length)
    .split('\n')
    .map((l) => l.trim())
    // The "-- " that opens a signature block is no line of it.
    .filter((l) => l && !/^-{2,}$/.test(l));
  // A line may run several fields together ("Nerida Kowalczyk | Head of ICT", "IT Manager |
  // Stellenbosch Vintners Co-operative Ltd"): the post is the field with a post's word.
  const post = lines
    .slice(0, 3)
    .map((line) => line.split(/\s+[|·•]\s+/).find((field) => POST_WORD.test(field)) ?? line)
    .find((line, i) => i > 0 && POST_WORD.test(line) && line.length <= 80);
  return post ?? null;
}

/**
 * A message signed without a closing word ("... for the January ops review. / Marcel / Marcel
 * Thibodeau / Vice President, Operations / Red Deer ..."): the post is a short line of the closing
 * block, right under a line that is a name (two or three capitalised words).
 */
function signedWithoutClosing(body: string): string | null {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-8);
  const at = lines.findIndex(
    (line, i) =>
      i > 0 &&
      POST_WORD.test(line) &&
      line.length <= 60 &&
      /^(?:[A-Z][a-z'’-]+\s+){1,2}[A-Z][a-z'’-]+$/.test(lines[i - 1]!),
  );
  return at >= 0 ? lines[at]! : null;
}
