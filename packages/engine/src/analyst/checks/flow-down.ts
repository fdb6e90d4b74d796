// flow_down_check: obligations a parent policy places on third parties that a child contract
// with a third party does not carry, or carries in a weaker form. Two kinds of obligation are
// compared: timed ones (incident notification within N hours: the contract's window must not be
// longer) and required instruments (a business associate agreement where the contract covers
// health data).
import type { AnalyzedDocument, ConceptFact, CorpusAnalysis, LocatedSegment } from '../corpus-analysis';
import { quoteOf, type Issue, type IssueQuote } from '../issue';
import { tokenize } from '../../text/normalize';
import { describeFact, higherIsStricter } from './concept-conflicts';

const THIRD_PARTY =
  /\b(vendors?|providers?|suppliers?|subcontractors?|third[- ]part(?:y|ies)|business associates?|contractors?|processors?)\b/i;
const OBLIGATION = /\b(must|shall|required|are required to|will)\b/i;
const INSTRUMENTS: Array<{
  id: string;
  label: string;
  required: RegExp;
  inChild: RegExp;
  appliesTo: RegExp;
}> = [
  {
    id: 'baa',
    label: 'Business Associate Agreement',
    required: /\b(business associate agreements?|BAAs?)\b/i,
    inChild: /\b(business associate|BAA)\b/i,
    appliesTo: /\b(PHI|protected health|patients?|health (?:data|information|records)|medical)\b/i,
  },
  {
    id: 'dpa',
    label: 'data processing agreement',
    required: /\b(data processing agreements?|DPAs?)\b/i,
    inChild: /\b(data processing|DPA|processor)\b/i,
    appliesTo: /\b(personal data|personal information|PII)\b/i,
  },
];

const SUBCONTRACT = /\b(sub-?contract\w*|sub-?processors?|sub-?suppliers?|fourth[- ]part\w*)\b/i;
const CONSENT = /\b(approv\w*|consent\w*|authori[sz]\w*|notif\w*|notice)\b/i;
const UNCONSTRAINED =
  /\b(without (?:prior )?(?:notice|consent|approval|authori[sz]ation)|at (?:its|their) (?:sole )?discretion|freely)\b/i;

const CLAUSES: Array<{ id: string; label: string; inParent: RegExp; inChild: RegExp }> = [
  {
    id: 'audit_rights',
    label: 'right to audit',
    inParent: /\b(right to audit|audit rights?|audit\w*)\b/i,
    inChild: /\baudit\w*/i,
  },
  {
    id: 'confidentiality',
    label: 'confidentiality obligations',
    inParent: /\bconfidential\w*/i,
    inChild: /\bconfidential\w*/i,
  },
  {
    id: 'data_return',
    label: 'return or deletion of data at termination',
    inParent: /\b(return\w*|delet\w*|destr\w*)\b/i,
    inChild: /\b(return\w*|delet\w*|destr\w*)\b/i,
  },
  { id: 'insurance', label: 'insurance cover', inParent: /\binsurance\b/i, inChild: /\binsurance\b/i },
  {
    id: 'service_levels',
    label: 'service levels',
    inParent: /\b(service levels?|SLAs?|uptime)\b/i,
    inChild: /\b(service levels?|SLAs?|availability|uptime)\b/i,
  },
  {
    id: 'background_checks',
    label: 'personnel background checks',
    inParent: /\bbackground (?:checks?|screening)\b/i,
    inChild: /\bbackground\b/i,
  },
  { id: 'encryption', label: 'encryption of data', inParent: /\bencrypt\w*/i, inChild: /\bencrypt\w*/i },
  {
    id: 'security_requirements',
    label: 'security requirements',
    inParent: /\bsecurity (?:controls|requirements|measures|obligations)\b/i,
    inChild: /\b(security|safeguards)\b/i,
  },
];
const CONTRACT_CLAUSE_REQUIREMENT = {
  test: (text: string) =>
    /\b(contracts?|agreements?)\b/i.test(text) &&
    /\b(must|shall|are required to)\b/i.test(text) &&
    /\b(includ\w*|contain\w*|provid\w*|specif\w*|address\w*)\b/i.test(text),
};

/** Clauses a parent policy says every third-party contract must contain, missing from the contract. */
function clauseIssues(
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): Issue[] {
  const out: Issue[] = [];
  for (const requirement of parent.segments) {
    if (
      !seen(requirement) ||
      !CONTRACT_CLAUSE_REQUIREMENT.test(requirement.text) ||
      !THIRD_PARTY.test(requirement.text)
    )
      continue;
    for (const clause of CLAUSES) {
      if (!clause.inParent.test(requirement.text) || clause.inChild.test(child.text)) continue;
      if (out.some((i) => i.subject.endsWith(`:${clause.id}`))) continue;
      const party = counterparty(child);
      out.push({
        primitive: 'flow_down_check',
        subject: `${flowSubject(child.name)}:${clause.id}`,
        aspects: [flowSubject(child.name)],
        title: `${child.title}: no ${clause.label} although ${parent.name} requires it in vendor contracts`,
        description: `${parent.name} requires third-party contracts to include ${clause.label} ("${requirement.text.slice(0, 200)}"), but ${child.name}${party ? ` with ${party}` : ''} contains no such clause. The obligation was not flowed down.`,
        rootCause: `${child.name} was agreed without checking it against the contract requirements of ${parent.name}.`,
        remediationScope: `Amend ${child.name} to include ${clause.label}, and check new contracts against ${parent.name} before signature.`,
        remediationEffortHours: 6,
        severity: 'medium',
        confidence: 0.75,
        frameworks: [],
        quotes: [quoteOf(requirement), ...(partiesSegment(child) ? [quoteOf(partiesSegment(child)!)] : [])],
      });
    }
  }
  return out;
}

/** The parent requires approval of sub-contracting; the contract leaves it to the provider. */
function subcontractorIssue(
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): Issue | null {
  const requirement = parent.segments.find(
    (s) =>
      seen(s) && SUBCONTRACT.test(s.text) && CONSENT.test(s.text) && /\b(must|shall|only)\b/i.test(s.text),
  );
  if (!requirement) return null;
  const clause = child.segments.find((s) => SUBCONTRACT.test(s.text));
  if (clause && (!seen(clause) || (CONSENT.test(clause.text) && !UNCONSTRAINED.test(clause.text))))
    return null;
  const party = counterparty(child);
  return {
    primitive: 'flow_down_check',
    subject: `${flowSubject(child.name)}:subcontracting`,
    aspects: [flowSubject(child.name)],
    title: `${child.title}: sub-contracting not subject to approval as ${parent.name} requires`,
    description: clause
      ? `${parent.name} allows sub-contracting only with approval ("${requirement.text.slice(0, 160)}"), but ${child.name} lets ${party ?? 'the provider'} sub-contract freely ("${clause.text.slice(0, 160)}"). The obligation was not flowed down.`
      : `${parent.name} allows sub-contracting only with approval ("${requirement.text.slice(0, 160)}"), but ${child.name} has no clause on sub-contracting at all. The obligation was not flowed down.`,
    rootCause: `${child.name} was agreed without checking it against the third-party obligations of ${parent.name}.`,
    remediationScope: `Amend ${child.name} to require prior written approval of sub-contractors and to flow the same obligations down to them.`,
    remediationEffortHours: 8,
    severity: 'high',
    confidence: clause ? 0.85 : 0.7,
    frameworks: [],
    quotes: clause ? [quoteOf(requirement), quoteOf(clause)] : [quoteOf(requirement)],
  };
}

/** The parent sets a window for third parties (e.g. incident notice); the contract sets none. */
function missingTimedObligation(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  pf: ConceptFact,
  seen: (s: LocatedSegment) => boolean,
): Issue | null {
  if (pf.concept.id !== 'incident_notification') return null;
  // Absence is judged on the whole contract: any statement of the concept, timed or not.
  const mentions = child.segments.filter(
    (s) => pf.concept.subject.test(s.text) && (!pf.concept.action || pf.concept.action.test(s.text)),
  );
  if (analysis.facts.some((f) => f.segment.document === child.name && f.concept.id === pf.concept.id))
    return null;
  const party = counterparty(child);
  const untimed = mentions.find(seen);
  if (untimed) {
    // The contract mentions notification but sets no deadline ("without undue delay").
    return {
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:${pf.concept.id}`,
      aspects: [flowSubject(child.name), `concept:${pf.concept.id}:vendors`],
      title: `${child.title}: no deadline for the ${pf.concept.label} that ${parent.name} sets`,
      description:
        `${parent.name} requires third parties to meet a ${pf.concept.label} of ${describeFact(pf)}, but ${child.name} sets no deadline ` +
        `("${untimed.text.slice(0, 180)}"). ${party ?? 'The provider'} is not bound to the policy's window; the obligation was not flowed down.`,
      rootCause: `${child.name} was agreed without checking it against the third-party obligations of ${parent.name}.`,
      remediationScope: `Amend ${child.name} with a notification deadline of at most ${describeFact(pf).split(' (')[0]}.`,
      remediationEffortHours: 6,
      severity: 'high',
      confidence: 0.82,
      frameworks: [],
      quotes: [quoteOf(pf.segment), quoteOf(untimed)],
    };
  }
  if (mentions.length > 0) return null;
  const parentTokens = new Set(tokenize(pf.segment.text));
  const nearest = child.segments
    .filter(seen)
    .map((s) => ({ s, score: tokenize(s.text).filter((t) => parentTokens.has(t)).length }))
    .sort((a, b) => b.score - a.score)[0];
  return {
    primitive: 'flow_down_check',
    subject: `${flowSubject(child.name)}:${pf.concept.id}`,
    aspects: [flowSubject(child.name), `concept:${pf.concept.id}:vendors`],
    title: `${child.title}: no ${pf.concept.label} although ${parent.name} requires one`,
    description:
      `${parent.name} requires third parties to meet a ${pf.concept.label} of ${describeFact(pf)}, but ${child.name} contains no ` +
      `obligation for ${party ?? 'the provider'} to notify security incidents at all. The obligation was not flowed down to the contract.`,
    rootCause: `${child.name} was agreed without checking it against the third-party obligations of ${parent.name}.`,
    remediationScope: `Amend ${child.name} with an incident notification obligation of at most ${describeFact(pf).split(' (')[0]}.`,
    remediationEffortHours: 8,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(pf.segment), ...(nearest && nearest.score > 0 ? [quoteOf(nearest.s)] : [])],
  };
}

export function flowSubject(child: string): string {
  return `flow:${child}`;
}

/** The statement of a contract that names its parties (or its first statement). */
function partiesSegment(doc: AnalyzedDocument): LocatedSegment | null {
  return doc.segments.find((s) => /\bbetween\b/i.test(s.text)) ?? doc.segments[0] ?? null;
}

function counterparty(doc: AnalyzedDocument): string | null {
  const m = doc.text.slice(0, 1500).match(/\bbetween\s+(.{3,80}?)\s*(?:\(|,|\band\b)/i);
  return m ? m[1]!.replace(/["\u201c\u201d]/g, '').trim() : null;
}

/** Rows of evidence records naming the contract's counterparty (e.g. a vendor inventory line). */
function counterpartyRows(analysis: CorpusAnalysis, child: AnalyzedDocument, about: RegExp): IssueQuote[] {
  const name = counterparty(child);
  if (!name) return [];
  const short = name.split(/\s+/)[0]!.toLowerCase();
  if (short.length < 3) return [];
  const out: IssueQuote[] = [];
  for (const doc of analysis.documents) {
    if (doc === child || doc.role !== 'evidence') continue;
    const header = doc.segments[0];
    if (!header || !about.test(header.text.replace(/_/g, ' '))) continue;
    for (const segment of doc.segments) {
      if (segment.text.toLowerCase().includes(short)) out.push(quoteOf(segment));
    }
    if (out.length) out.unshift(quoteOf(header));
  }
  return out.slice(0, 3);
}

export function flowDownIssues(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
): Issue[] {
  const seen = (s: LocatedSegment) => !visible || visible.has(s);
  const issues: Issue[] = [];
  const parentFacts = analysis.facts.filter(
    (f) => f.segment.document === parent.name && seen(f.segment) && f.scope === 'vendors',
  );
  const childFacts = analysis.facts.filter((f) => f.segment.document === child.name && seen(f.segment));
  for (const pf of parentFacts) {
    const cf: ConceptFact | undefined = childFacts.find(
      (f) => f.concept.id === pf.concept.id && (f.scope === 'vendors' || f.scope === null),
    );
    if (!cf) {
      const missing = missingTimedObligation(analysis, parent, child, pf, seen);
      if (missing) issues.push(missing);
      continue;
    }
    const weaker = higherIsStricter(pf.concept)
      ? cf.quantity.value < pf.quantity.value * 0.9
      : cf.quantity.value > pf.quantity.value * 1.1;
    if (!weaker) continue;
    const label = pf.concept.label;
    issues.push({
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:${pf.concept.id}`,
      aspects: [flowSubject(child.name), `concept:${pf.concept.id}:vendors`],
      title: `${child.title}: ${label} weaker than ${parent.name} requires`,
      description:
        `${parent.name} requires third parties to meet a ${label} of ${describeFact(pf)}, but ${child.name} only commits the provider to ` +
        `${describeFact(cf)}. The obligation was not flowed down to the contract.`,
      rootCause: `${child.name} was negotiated without checking it against the third-party obligations of ${parent.name}.`,
      remediationScope: `Amend ${child.name} so the ${label} is at least as strict as ${parent.name} (${describeFact(pf).split(' (')[0]}), and add a policy-to-contract checklist to vendor onboarding.`,
      remediationEffortHours: 10,
      severity: 'high',
      confidence: 0.88,
      frameworks: [],
      quotes: [quoteOf(pf.segment), quoteOf(cf.segment)],
    });
  }
  const subcontracting = subcontractorIssue(parent, child, seen);
  if (subcontracting) issues.push(subcontracting);
  issues.push(...clauseIssues(parent, child, seen));
  const childText = child.segments
    .filter(seen)
    .map((s) => s.text)
    .join('\n');
  for (const instrument of INSTRUMENTS) {
    const requirement = parent.segments.find(
      (s) =>
        seen(s) && instrument.required.test(s.text) && THIRD_PARTY.test(s.text) && OBLIGATION.test(s.text),
    );
    if (!requirement) continue;
    if (!instrument.appliesTo.test(child.text) || instrument.inChild.test(child.text)) continue;
    if (visible && childText.length === 0) continue;
    const childQuote = child.segments.find((s) => seen(s) && instrument.appliesTo.test(s.text));
    const rows = counterpartyRows(analysis, child, new RegExp(instrument.id, 'i'));
    const party = counterparty(child);
    issues.push({
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:${instrument.id}`,
      aspects: [flowSubject(child.name), `instrument:${instrument.id}`],
      title: `No ${instrument.label} in ${child.title}${party ? ` with ${party}` : ''}`,
      description:
        `${parent.name} requires a ${instrument.label} before a third party receives such data, and ${child.name} covers that data ` +
        `("${childQuote?.text.slice(0, 140) ?? ''}"), yet the agreement contains no ${instrument.label} and references none.` +
        (rows.length ? ` The records confirm it: "${rows[rows.length - 1]!.text}".` : ''),
      rootCause: `The contract with ${party ?? 'the provider'} was signed without the ${instrument.label} that ${parent.name} makes a precondition.`,
      remediationScope: `Execute a ${instrument.label} with ${party ?? 'the provider'} before further data is shared, and make it a gate in vendor onboarding.`,
      remediationEffortHours: 12,
      severity: 'critical',
      confidence: 0.86,
      frameworks: instrument.id === 'baa' ? ['HIPAA'] : ['GDPR'],
      quotes: [quoteOf(requirement), ...(childQuote ? [quoteOf(childQuote)] : []), ...rows],
    });
  }
  return issues;
}

export function parentPolicies(analysis: CorpusAnalysis): AnalyzedDocument[] {
  return analysis.documents.filter(
    (d) =>
      (d.role === 'policy' || d.role === 'standard' || d.role === 'procedure') &&
      d.segments.some((s) => THIRD_PARTY.test(s.text) && OBLIGATION.test(s.text)),
  );
}

export function childContracts(analysis: CorpusAnalysis): AnalyzedDocument[] {
  return analysis.documents.filter((d) => d.role === 'contract');
}

export function findFlowDownGaps(analysis: CorpusAnalysis): Issue[] {
  const out: Issue[] = [];
  for (const child of childContracts(analysis))
    for (const parent of parentPolicies(analysis)) out.push(...flowDownIssues(analysis, parent, child));
  return out;
}
