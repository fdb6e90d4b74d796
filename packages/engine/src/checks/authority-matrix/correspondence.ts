// flow_down_check: an amount approved in correspondence by someone below the authority a policy
// sets for it. The policy says who approves above an amount, in a matrix of tiers
// (authority-matrix.ts: "Above N5,000,000.00 up to N25,000,000.00 | General Manager (Operations)")
// or in a sentence ("any payroll run whose total value exceeds UGX 5,000,000 requires, in addition,
// the approval of the Managing Director"); an e-mail approves in its sender's own words ("Approved.")
// an amount above it, signed in another post.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { CURRENCY_NAMES, amountsIn, type Amount } from '../../analyst/amounts';
import { isNormative } from '../../analyst/document-roles';
import { FIRST_PERSON_GRANT, ownMessage } from '../../analyst/exceptions';
import { quoteOf, type Issue } from '../../analyst/issue';
import { contentLemmas } from '../../analyst/requirements';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { samePost, signerPost } from '../../analyst/signatures';
import { escapeRegExp } from '../../text/normalize';
import { approvalMatrices, approverTier, type Matrix } from './authority-matrix';

/** Who must approve above an amount, and what the rule is about. */
export interface ApprovalLimit {
  /** Amounts above `low` (and up to `high`) need the `authority`. */
  low: number;
  high: number;
  currency: string;
  authority: string;
  segment: LocatedSegment;
  /** Content lemmas of what is approved (the sentence, or the matrix's lead-in and row). */
  topic: string[];
  /** The matrix the limit is a tier of, with its rank there; null for a sentence. */
  matrix: { matrix: Matrix; tier: number } | null;
}

export interface MailOverreach {
  limit: ApprovalLimit;
  document: AnalyzedDocument;
  /** The sentence that approves. */
  grant: LocatedSegment;
  amount: Amount;
  amountSegment: LocatedSegment;
  signer: string;
}

/** The amount a sentence bounds from below: "exceeds UGX 5,000,000", "above N25,000,000.00". */
const ABOVE_BEFORE =
  /\b(?:above|exceed(?:s|ing)?|over|more than|greater than|in excess of)\s+(?:the\s+)?(?:(?:sum|amount|value|total) of\s+)?$/i;
const OR_MORE_AFTER = /^\s*(?:\([^)]{0,60}\)\s*)?(?:or (?:more|above|over)|and above)\b/i;
/** A post's name: capitalised words, joined by "of" or "and", with a bracketed qualifier. */
const POST = String.raw`([A-Z][\w&-]*(?:\s+(?:of\s+(?:the\s+)?|and\s+)?[A-Z][\w&-]*){0,5}(?:\s+\([A-Z][\w ]*\))?)`;
/** "the approval of the Managing Director", "approved by the CFO", "the Board's approval". */
const APPROVAL_OF = new RegExp(
  String.raw`\b(?:approval|authori[sz]ation|sign-?off|signature|co-?approval|counter-?signature)\s+of\s+(?:the\s+)?${POST}` +
    String.raw`|\b(?:approved|authori[sz]ed|signed off|co-?approved|countersigned)\s+(?:\w+\s+){0,2}?by\s+(?:the\s+)?${POST}` +
    String.raw`|\b(?:the\s+)?${POST}'s\s+(?:prior\s+|written\s+)?(?:approval|authori[sz]ation|sign-?off)`,
);
/** Posts above any a policy reserves an amount to: their approval meets every such rule. */
const TOP_POST =
  /\b(?:Board|Chair(?:man|person)?|Chief Executive|CEO|President|Managing Director|Executive Director)\b/;
/** Words of any approval rule, which say nothing of what is approved. */
const APPROVAL_WORDS = new Set(
  'approval approve approver authorisation authorization authority require requirement value total amount sum cost price limit threshold release addition writing'.split(
    ' ',
  ),
);

/** What a text says is approved: its content words, without amounts, currencies, approval words or `posts`. */
function topicOf(text: string, posts: string[] = []): string[] {
  const bare = amountsIn(text).reduce((t, a) => t.replace(a.phrase, ' '), text);
  const named = new Set(posts.flatMap((p) => p.toLowerCase().match(/[a-z]+/g) ?? []));
  return contentLemmas(bare).filter(
    (w) => !APPROVAL_WORDS.has(w) && !CURRENCY_NAMES.has(w) && !named.has(w) && !/\d/.test(w),
  );
}

/** The limits stated in running text: an amount bound from below and the post whose approval it needs. */
function sentenceLimits(doc: AnalyzedDocument): ApprovalLimit[] {
  const out: ApprovalLimit[] = [];
  for (const segment of doc.segments) {
    if (segment.text.trim().startsWith('|') || withinRevisionHistory(doc, segment.start)) continue;
    for (const amount of amountsIn(segment.text)) {
      const end = amount.index + amount.phrase.length;
      const before = segment.text.slice(Math.max(0, amount.index - 60), amount.index);
      if (!ABOVE_BEFORE.test(before) && !OR_MORE_AFTER.test(segment.text.slice(end, end + 60))) continue;
      // The approver is named after the amount, in the same sentence.
      const rest = segment.text.slice(end).split(/(?<=[a-z)\]])\.\s/)[0]!;
      const m = APPROVAL_OF.exec(rest);
      const authority = m && (m[1] ?? m[2] ?? m[3])?.trim();
      if (!authority) continue;
      out.push({
        low: amount.value,
        high: Infinity,
        currency: amount.currency,
        authority,
        segment,
        topic: topicOf(segment.text, [authority]),
        matrix: null,
      });
    }
  }
  return out;
}

/** The sentence that introduces a matrix ("4.1 Purchase requisitions ... shall be approved as follows"). */
function leadIn(doc: AnalyzedDocument, first: LocatedSegment): string {
  for (let i = first.segIndex - 1; i >= Math.max(0, first.segIndex - 4); i -= 1) {
    const text = doc.segments[i]?.text ?? '';
    if (!text.trim().startsWith('|')) return text;
  }
  return '';
}

function matrixLimits(analysis: CorpusAnalysis): ApprovalLimit[] {
  return approvalMatrices(analysis).flatMap((matrix) => {
    const doc = analysis.byName.get(matrix.document)!;
    const frame = leadIn(doc, matrix.tiers[0]!.segment);
    return matrix.tiers.map((tier, index) => ({
      low: tier.low,
      high: tier.high,
      currency: tier.currency,
      authority: tier.authority,
      segment: tier.segment,
      topic: topicOf(`${frame} ${tier.segment.text}`, [tier.authority]),
      matrix: { matrix, tier: index },
    }));
  });
}

/** The approval limits of the set's policies, from their matrices and their sentences. */
export function approvalLimits(analysis: CorpusAnalysis): ApprovalLimit[] {
  const sentences = analysis.documents.filter((d) => isNormative(d.role)).flatMap(sentenceLimits);
  return [...matrixLimits(analysis), ...sentences];
}

/** Whether the signer's post meets the limit: the post itself, one above it, or one named in the message as approving. */
function signerMeets(limit: ApprovalLimit, signer: string, body: string): boolean {
  if (samePost(signer, limit.authority)) return true;
  if (limit.matrix) {
    const rank = approverTier(limit.matrix.matrix, signer);
    // A post the matrix does not name cannot be ranked against it.
    return rank < 0 || rank >= limit.matrix.tier;
  }
  if (TOP_POST.test(signer) && !TOP_POST.test(limit.authority)) return true;
  // "The Managing Director approved this on 3 November": the approval the rule asks for is on record.
  return new RegExp(`${escapeRegExp(limit.authority)}[^.]{0,80}\\bapprov`, 'i').test(body);
}

const cache = new WeakMap<CorpusAnalysis, MailOverreach[]>();

/** E-mails approving an amount above their signer's authority, read once per corpus. */
export function mailOverreaches(analysis: CorpusAnalysis): MailOverreach[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readMailOverreaches(analysis)));
  return found;
}

function readMailOverreaches(analysis: CorpusAnalysis): MailOverreach[] {
  const mails = analysis.documents.filter((d) => ['eml', 'msg', 'mbox'].includes(d.extension));
  if (mails.length === 0) return [];
  const limits = approvalLimits(analysis);
  const out: MailOverreach[] = [];
  for (const doc of mails) {
    const body = ownMessage(doc.text);
    const grantAt = body.search(FIRST_PERSON_GRANT);
    const signer = signerPost(body);
    const grant = grantAt < 0 ? null : (segmentAt(doc, grantAt + 1) ?? segmentAt(doc, grantAt));
    if (!signer || !grant) continue;
    const words = new Set(topicOf(body.slice(0, body.lastIndexOf(signer)), [signer]));
    // What is approved: the largest sum of the sender's own message (a batch's total, not its lines).
    const amounts = amountsIn(body);
    // The limits whose words the message shares, and every tier of their matrices: a matrix is
    // about what any of its tiers names ("Director (... for fleet and workshop purchases ...)").
    const matched = new Set(limits.filter((limit) => limit.topic.some((w) => words.has(w))));
    const matrices = new Set([...matched].map((limit) => limit.matrix?.matrix).filter(Boolean));
    const about = limits.filter(
      (limit) => matched.has(limit) || (limit.matrix && matrices.has(limit.matrix.matrix)),
    );
    const breach = about
      .flatMap((limit) => {
        const sums = amounts.filter((a) => a.currency === limit.currency);
        if (sums.length === 0) return [];
        const amount = sums.reduce((a, b) => (b.value > a.value ? b : a));
        if (amount.value <= limit.low || amount.value > limit.high) return [];
        return signerMeets(limit, signer, body) ? [] : [{ limit, amount }];
      })
      // The most specific rule broken: the highest threshold passed.
      .sort((a, b) => b.limit.low - a.limit.low)[0];
    const amountSegment = breach && segmentAt(doc, breach.amount.index);
    if (!breach || !amountSegment) continue;
    out.push({ limit: breach.limit, document: doc, grant, amount: breach.amount, amountSegment, signer });
  }
  return out;
}

export function mailOverreachSubject(document: string): string {
  return `authority-mail:${document}`;
}

export function mailOverreachIssue(found: MailOverreach): Issue {
  const { limit, document, grant, amount, amountSegment, signer } = found;
  const policy = limit.segment.document;
  const bound = limit.high === Infinity ? 'above' : 'in the tier above';
  return {
    primitive: 'flow_down_check',
    subject: mailOverreachSubject(document.name),
    aspects: [mailOverreachSubject(document.name)],
    title: `${document.name}: ${amount.phrase} approved by the ${signer}, though ${policy} requires the approval of the ${limit.authority} for that amount`,
    description:
      `${policy} reserves approvals ${bound} ${limit.currency} ${limit.low.toLocaleString('en')} to the ${limit.authority} ("${limit.segment.text.slice(0, 200)}"), ` +
      `but in ${document.name} the ${signer} approves ${amount.phrase} on their own authority ("${grant.text.slice(0, 160)}"), with no approval of the ${limit.authority} on record.`,
    rootCause: `The approval was given in correspondence without checking the amount against the approval limits of ${policy}.`,
    remediationScope: `Have the ${limit.authority} ratify or reverse the approval in ${document.name}, and check approval limits before approving by e-mail.`,
    remediationEffortHours: 2,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [
      quoteOf(limit.segment),
      quoteOf(grant),
      ...(amountSegment !== grant ? [quoteOf(amountSegment)] : []),
    ],
  };
}
