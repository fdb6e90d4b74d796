// flow_down_check: an exception approved in correspondence by someone the policy does not let
// approve exceptions. The policy names who approves ("Exceptions to this Policy shall be approved by
// the Chief Risk Officer", "shall be approved jointly by the CISO and the CRO"); an e-mail grants an
// exception in the first person ("I approve the exception", "the undersigned approves that MFA ...
// may be disabled") and its signature gives the signer's post ("Head of IT"), which is none of them.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { FIRST_PERSON_GRANT, ownMessage, EXCEPTION_WORDS, speaksOfException } from '../../analyst/exceptions';
import { quoteOf, type Issue } from '../../analyst/issue';
import { samePost, signerPost } from '../../analyst/signatures';

export interface ExceptionRule {
  segment: LocatedSegment;
  /** The posts the rule names as approvers ("Chief Risk Officer"; "CISO", "CRO"). */
  approvers: string[];
}

export interface UnauthorisedApproval {
  rule: ExceptionRule;
  document: AnalyzedDocument;
  /** The sentence that grants the exception. */
  grant: LocatedSegment;
  signer: string;
  subject: string | null;
}

/**
 * "Exceptions ... shall be approved (jointly) by the Chief Risk Officer (and the CISO)", "must be
 * requested in writing, risk-assessed, and approved in writing by the CISO", and the present tense
 * of a rule ("Exceptions are approved by the Managing Director").
 */
const APPROVED_BY =
  /\b(?:(?:shall|must|will|are to|may only|can only)\s+be\b[^.;]{0,120}?|(?:are|is)\s+(?:only\s+)?)\bapproved\s+(?:(?:jointly|only|solely|in writing|in advance|beforehand)\s+)*by\s+(?:both\s+)?(?:the\s+)?([A-Z][\w&()-]*(?:\s+(?:of\s+|and\s+(?:the\s+)?|&\s+)?[A-Z][\w&()-]*){0,8})/;
/** The posts named in a rule's approver phrase ("the CISO and the CRO" -> ["CISO", "CRO"]). */
function approverPosts(phrase: string): string[] {
  return phrase
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\s+(?:and|&)\s+(?:the\s+)?/)
    .map((p) => p.trim())
    .filter((p) => p.length > 1);
}

export function exceptionRules(analysis: CorpusAnalysis): ExceptionRule[] {
  const out: ExceptionRule[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const segment of doc.segments) {
      if (!EXCEPTION_WORDS.test(segment.text)) continue;
      const m = APPROVED_BY.exec(segment.text);
      if (!m || m.index < segment.text.search(EXCEPTION_WORDS)) continue;
      const approvers = approverPosts(m[1]!);
      if (approvers.length > 0) out.push({ segment, approvers });
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
    // "I have gone through the exception report": a report a system prints, no exception granted.
    if (!speaksOfException(body.replace(EXCEPTION_REPORT, ' '))) continue;
    const grantAt = body.search(FIRST_PERSON_GRANT);
    if (grantAt < 0) continue;
    const signer = signerPost(body);
    const grant = segmentAt(doc, grantAt + 1) ?? segmentAt(doc, grantAt);
    if (!signer || !grant) continue;
    const rule = rules.find((r) => !r.approvers.some((a) => samePost(signer, a)));
    if (!rule || rules.some((r) => r.approvers.some((a) => samePost(signer, a)))) continue;
    out.push({
      rule,
      document: doc,
      grant,
      signer,
      subject: doc.text.match(/^Subject:\s*(.+)$/im)?.[1]?.trim() ?? null,
    });
  }
  return out;
}

export function unauthorisedApprovalSubject(document: string): string {
  return `exception-approver:${document}`;
}

export function unauthorisedApprovalIssue(found: UnauthorisedApproval): Issue {
  const { rule, document, grant, signer, subject } = found;
  const approvers = rule.approvers.join(' and ');
  return {
    primitive: 'flow_down_check',
    subject: unauthorisedApprovalSubject(document.name),
    aspects: [unauthorisedApprovalSubject(document.name)],
    title: `${document.name}: an exception approved by the ${signer}, though ${rule.segment.document} reserves exception approval to the ${approvers}`,
    description:
      `${rule.segment.document} says who approves exceptions ("${rule.segment.text.slice(0, 200)}"), but in ${document.name}` +
      `${subject ? ` ("${subject}")` : ''} the ${signer} grants one on their own authority: "${grant.text.slice(0, 300)}".`,
    rootCause: `The exception was granted in correspondence without the approval route of ${rule.segment.document}.`,
    remediationScope: `Put the exception before the ${approvers} for approval or withdraw it, and record it as ${rule.segment.document} requires.`,
    remediationEffortHours: 2,
    severity: 'high',
    confidence: 0.82,
    frameworks: [],
    quotes: [quoteOf(rule.segment), quoteOf(grant)],
  };
}
