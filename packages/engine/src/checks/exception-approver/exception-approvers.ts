// flow_down_check: an exception approved in correspondence by someone the policy does not let
// approve exceptions, or a reserved decision a register records as taken by another post. The policy names who approves ("Exceptions to this Policy shall be approved by
// the Chief Risk Officer", "shall be approved jointly by the CISO and the CRO"); an e-mail grants an
// exception in the first person ("I approve the exception", "the undersigned approves that MFA ...
// may be disabled") and its signature gives the signer's post ("Head of IT"), which is none of them.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { FIRST_PERSON_GRANT, ownMessage, EXCEPTION_WORDS, speaksOfException } from '../../analyst/exceptions';
import { quoteOf, type Issue } from '../../analyst/issue';
import { samePost, signerPost } from '../../analyst/signatures';
import { wordLemmas } from '../../analyst/requirements';
import roleNouns from '../../analyst/role-nouns.json';
import { tableOf } from '../record-attribute/record-attributes';

export interface ExceptionRule {
  segment: LocatedSegment;
  /** The posts the rule names as approvers ("Chief Risk Officer"; "CISO", "CRO"). */
  approvers: string[];
  /** Any one of them decides ("the DPA or, in the DPA's absence, the Deputy DPA"), not all jointly. */
  anyOf: boolean;
  /**
   * For a decision other than an exception that the rule reserves to those posts ("Held product
   * may be released only by ..."): what is decided ("release of held product"), the stem of its
   * verb ("releas") and the content words of its object, which a message granting it must name.
   */
  reserved?: { what: string; verb: RegExp; object: string[] };
}

export interface UnauthorisedApproval {
  rule: ExceptionRule;
  document: AnalyzedDocument;
  /** The sentence that grants the exception. */
  grant: LocatedSegment;
  signer: string;
  subject: string | null;
  /** Where the decision is recorded: a message that grants it, or a register row that records it. */
  source: 'message' | 'register';
}

/**
 * "Exceptions ... shall be approved (jointly) by the Chief Risk Officer (and the CISO)", "must be
 * requested in writing, risk-assessed, and approved in writing by the CISO", the present tense
 * of a rule ("Exceptions are approved by the Managing Director"), and a condition of its effect
 * ("An exception takes effect only when approved in writing by the Chief Executive").
 */
const APPROVED_BY =
  /\b(?:(?:shall|must|will|are to|may only|can only)\s+be\b[^.;]{0,120}?|(?:are|is)\s+(?:only\s+)?|(?:only\s+(?:when|if|once|after)|unless)\s+(?:it\s+is\s+|they\s+are\s+)?)\bapproved\s+(?:(?:jointly|only|solely|in writing|in advance|beforehand)\s+)*by\s+(?:both\s+)?(?:the\s+)?([A-Z][\w&()-]*(?:\s+(?:of\s+|and\s+(?:the\s+)?|&\s+)?[A-Z][\w&()-]*){0,8})/;
/**
 * "Company approval of a dispensation shall be given in writing by the DPA or, in the DPA's
 * absence, by the Deputy DPA": approval given by named posts.
 */
const APPROVAL_GIVEN_BY =
  /\bapproval\s+of\b[^.;]{0,80}?\b(?:shall|must|will|may only|can only)\s+be\s+given\s+(?:(?:only|solely|in writing)\s+)*by\s+(?:the\s+)?([A-Z][\w&()-]*(?:\s+(?:of\s+|and\s+(?:the\s+)?|&\s+)?[A-Z][\w&()-]*){0,8}(?:\s+or,?\s+in\s+[^,.;]{0,60}\babsence,\s+by\s+(?:the\s+)?[A-Z][\w&()-]*(?:\s+[A-Z][\w&()-]*){0,6})?)/;
/**
 * "Held product may be released only by the Quality Assurance Manager, or in the Quality Assurance
 * Manager's absence by the PCP Coordinator": a decision reserved to named posts. Group 1 is the
 * verb, group 2 the posts.
 */
const RESERVED_TO =
  /\b(?:may|can|shall)\s+be\s+(released|authori[sz]ed|signed\s+off|approved)\s+only\s+by\s+(?:the\s+)?([A-Z][\w&()-]*(?:\s+(?:of\s+|&\s+|and\s+(?=[A-Z][\w&()-]*\s+[A-Z]))?[A-Z][\w&()-]*){0,6}(?:,?\s+or\s+(?:,?\s*in\s+[^,.;]{0,60}\babsence,?\s+)?(?:by\s+)?(?:the\s+)?[A-Z][\w&()-]*(?:\s+[A-Z][\w&()-]*){0,6})?)/;

/** A word a post's title ends in ("Manager", "Officer", "Board"), or an acronym standing for one. */
const POST_END = new RegExp(
  `(?:\\b(?:${[...roleNouns.leadership, ...roleNouns.person, ...roleNouns.group].join('|')})|\\b[A-Z]{2,6})$`,
);

/** The posts named in a rule's approver phrase ("the CISO and the CRO" -> ["CISO", "CRO"]). */
function approverPosts(phrase: string): string[] {
  const parts = phrase
    .replace(/\s*\([^)]*\)/g, '')
    // "&" joins two posts only before "the" ("the CISO & the CRO"); within a title it is one
    // post ("President & CEO", "Head of Risk & Compliance").
    .split(/,?\s+(?:and|or|&(?=\s+the\b)),?\s+(?:in\s+[^,]{0,60}\babsence,?\s+)?(?:by\s+)?(?:the\s+)?/)
    .map((p) => p.trim())
    .filter((p) => p.length > 1);
  // "Quality and Compliance Manager": a part that ends in no post's word is the first half of the
  // next post's title.
  const out: string[] = [];
  for (const [i, part] of parts.entries()) {
    const previous = out.at(-1);
    if (previous !== undefined && !POST_END.test(previous) && i > 0)
      out[out.length - 1] = `${previous} and ${part}`;
    else out.push(part);
  }
  return out;
}

/** The words of the sentence before a reserved decision's verb: what it is about ("Held product"). */
function phraseBefore(text: string, verbAt: number): string {
  const before =
    text
      .slice(0, verbAt)
      .split(/[.;:]\s+/)
      .pop() ?? '';
  // "Fruit affected by a Critical deviation is placed on HOLD and": the subject, not the clause
  // that says what else happens to it.
  return before
    .replace(/^\s*\d+(?:\.\d+)*\s+/, '')
    .replace(/\s+(?:is|are)\s+[^,;]*$/i, '')
    .replace(/\s+and\s*$/i, '')
    .trim();
}

/** The lemmas of what a reserved decision is about ("Held product": hold, product). */
function reservedObject(text: string, verbAt: number): string[] {
  return wordLemmas(phraseBefore(text, verbAt)).slice(-4);
}

/**
 * An exception to a rule, as a reserved decision's subject: "Exceptions ... may be approved only
 * by"; a "deviation" only from or to something ("a Critical temperature deviation" is an event).
 */
const POLICY_EXCEPTION = /\b(?:exceptions?|waivers?|dispensations?)\b|\bdeviations?\s+(?:from|to)\b/i;

export function exceptionRules(analysis: CorpusAnalysis): ExceptionRule[] {
  const out: ExceptionRule[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const segment of doc.segments) {
      const reserved = RESERVED_TO.exec(segment.text);
      if (reserved && !POLICY_EXCEPTION.test(segment.text.slice(0, reserved.index))) {
        const object = reservedObject(segment.text, reserved.index);
        const approvers = approverPosts(reserved[2]!);
        const stem = reserved[1]!.toLowerCase().replace(/\s+/g, ' ').slice(0, 6);
        if (object.length > 0 && approvers.length > 0)
          out.push({
            segment,
            approvers,
            anyOf: /\bor\b/.test(reserved[2]!),
            reserved: {
              what: `${reserved[1]!.replace(/d$/, '').toLowerCase()} of ${phraseBefore(segment.text, reserved.index).toLowerCase()}`,
              verb: new RegExp(`\\b${stem}`, 'i'),
              object,
            },
          });
        continue;
      }
      if (!EXCEPTION_WORDS.test(segment.text)) continue;
      // "Exceptions ... shall be approved by X" after the exception is named; "approval of a
      // dispensation shall be given by X" names it within.
      const approved = APPROVED_BY.exec(segment.text);
      const given = APPROVAL_GIVEN_BY.exec(segment.text);
      const m =
        approved && approved.index >= segment.text.search(EXCEPTION_WORDS)
          ? approved
          : given && EXCEPTION_WORDS.test(given[0])
            ? given
            : null;
      if (!m) continue;
      const approvers = approverPosts(m[1]!);
      if (approvers.length > 0) out.push({ segment, approvers, anyOf: /\bor\b/.test(m[1]!) });
    }
  return out;
}

/** A report of exceptions a system lists ("the payroll exception report"), not an exception. */
const EXCEPTION_REPORT = /\bexceptions?\s+(?:reports?|listings?)\b/gi;

const cache = new WeakMap<CorpusAnalysis, UnauthorisedApproval[]>();

/** The exceptions granted by someone the rules do not name, read once per corpus. */
export function unauthorisedApprovals(analysis: CorpusAnalysis): UnauthorisedApproval[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readUnauthorisedApprovals(analysis)));
  return found;
}

function readUnauthorisedApprovals(analysis: CorpusAnalysis): UnauthorisedApproval[] {
  const rules = exceptionRules(analysis);
  if (rules.length === 0) return [];
  const out: UnauthorisedApproval[] = [];
  for (const doc of analysis.documents) {
    if (!['eml', 'msg', 'mbox'].includes(doc.extension)) continue;
    const body = ownMessage(doc.text);
    const grantAt = body.search(FIRST_PERSON_GRANT);
    if (grantAt < 0) continue;
    const signer = signerPost(body);
    const grant = segmentAt(doc, grantAt + 1) ?? segmentAt(doc, grantAt);
    if (!signer || !grant) continue;
    // The rules the message's grant falls under: a decision reserved to named posts that its own
    // words name ("I approve the release of lots ... from hold"), else the exception rules.
    // "I have gone through the exception report": a report a system prints, no exception granted.
    const words = new Set(wordLemmas(body));
    const reserved = rules.filter(
      (r) => r.reserved && r.reserved.verb.test(body) && r.reserved.object.some((w) => words.has(w)),
    );
    const applicable =
      reserved.length > 0
        ? reserved
        : speaksOfException(body.replace(EXCEPTION_REPORT, ' '))
          ? rules.filter((r) => !r.reserved)
          : [];
    const rule = applicable.find((r) => !r.approvers.some((a) => samePost(signer, a)));
    if (!rule || applicable.some((r) => r.approvers.some((a) => samePost(signer, a)))) continue;
    out.push({
      rule,
      document: doc,
      grant,
      signer,
      subject: doc.text.match(/^Subject:\s*(.+)$/im)?.[1]?.trim() ?? null,
      source: 'message',
    });
  }
  return [...out, ...registeredDecisions(analysis, rules)];
}

/** Empty cells and cells that say nothing was decided. */
const NO_DECISION = /^(?:-+|n\/?a\b.*|none|nil|not applicable|pending|tbc|tbd)?$/i;
/** The post a register writes beside a name: "B. Lowry (Coolstore Supervisor)", "B. Lowry, Coolstore Supervisor". */
const POST_IN_CELL = /\(([A-Z][^()]{2,60})\)\s*$|,\s*([A-Z][A-Za-z&' -]{2,60})$/;

/**
 * Register rows that record a reserved decision ("Released by | B. Lowry (Coolstore Supervisor)")
 * taken by a post the rule does not name, on a row about what the rule reserves ("Held", "hold").
 */
function registeredDecisions(analysis: CorpusAnalysis, rules: ExceptionRule[]): UnauthorisedApproval[] {
  const out: UnauthorisedApproval[] = [];
  for (const doc of analysis.documents) {
    if (doc.role !== 'evidence') continue;
    const table = tableOf(doc);
    if (!table) continue;
    for (const rule of rules) {
      if (!rule.reserved) continue;
      const column = table.columns.findIndex((c) => rule.reserved!.verb.test(c) && /\bby\b/i.test(c));
      if (column < 0) continue;
      const decided = table.rows.flatMap((r) => {
        const cell = (r.cells[column] ?? '').trim();
        const post = POST_IN_CELL.exec(cell);
        if (NO_DECISION.test(cell) || !post) return [];
        const words = new Set(wordLemmas(r.cells.join(' ')));
        return [{ row: r, post: (post[1] ?? post[2])!.trim(), words }];
      });
      const found = decided.find(
        ({ post, words }) =>
          rule.reserved!.object.some((w) => words.has(w)) && !rule.approvers.some((a) => samePost(post, a)),
      );
      if (!found) continue;
      out.push({
        rule,
        document: doc,
        grant: found.row.segment,
        signer: found.post,
        subject: null,
        source: 'register',
      });
      break;
    }
  }
  return out;
}

export function unauthorisedApprovalSubject(document: string): string {
  return `exception-approver:${document}`;
}

export function unauthorisedApprovalIssue(found: UnauthorisedApproval): Issue {
  const { rule, document, grant, signer, subject } = found;
  const approvers = rule.approvers.join(rule.anyOf ? ' or ' : ' and ');
  const what = rule.reserved?.what ?? 'exception approval';
  return {
    primitive: 'flow_down_check',
    subject: unauthorisedApprovalSubject(document.name),
    aspects: [unauthorisedApprovalSubject(document.name)],
    title: rule.reserved
      ? `${document.name}: ${what} approved by the ${signer}, though ${rule.segment.document} reserves it to the ${approvers}`
      : `${document.name}: an exception approved by the ${signer}, though ${rule.segment.document} reserves exception approval to the ${approvers}`,
    description:
      `${rule.segment.document} says who decides ("${rule.segment.text.slice(0, 200)}"), but in ${document.name}` +
      (found.source === 'register'
        ? ` the decision is recorded as taken by the ${signer}: "${grant.text.slice(0, 300)}".`
        : `${subject ? ` ("${subject}")` : ''} the ${signer} grants it on their own authority: "${grant.text.slice(0, 300)}".`),
    rootCause: `The decision was taken in correspondence without the approval route of ${rule.segment.document}.`,
    remediationScope: `Put the decision before the ${approvers} or reverse it, and record it as ${rule.segment.document} requires.`,
    remediationEffortHours: 2,
    severity: 'high',
    confidence: 0.82,
    frameworks: [],
    quotes: [quoteOf(rule.segment), quoteOf(grant)],
  };
}
