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
  if (a.includes(b) || b.includes(a)) return true;
  const short = (s: string) => /^[A-Z]{2,6}$/.test(s.trim());
  if (short(approver) && initials(signer) === approver.trim()) return true;
  if (short(signer) && initials(approver) === signer.trim()) return true;
  return new RegExp(`\\b${escapeRegExp(approver)}\\b`).test(signer);
}

/** The signer's post: the line under the name after the closing ("Regards, / Garfield Spence / Head of IT"). */
export function signerPost(body: string): string | null {
  const closing = CLOSING.exec(body);
  if (!closing) return null;
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
