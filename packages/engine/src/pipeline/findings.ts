// Raw findings from verdicts (quotes located in their documents, verified against the retrieved
// text), canonical findings from consolidation groups, and the filter classification.
import { createHash } from 'node:crypto';
import type { CorpusChunk } from '../corpus';
import { verifyQuote } from '../quotes';
import type { QuoteLocator } from './evidence';
import type { FindingDraft } from '../tasks/question-verdict';
import type { ConsolidationGroup } from '../tasks/consolidation';
import { SEVERITY_RANK, contentOf, type EngineFinding, type EvidenceItem, type FilterStatus } from '../types';
import type { RawFinding } from './model';

/** Confidence kept when a quote cannot be found in the retrieved text. */
const UNVERIFIED_PENALTY = 0.75;

/** The documents a finding's evidence cites, each once, in the order first cited. */
export function evidenceDocuments(finding: { evidence: EvidenceItem[] }): string[] {
  return [...new Set(finding.evidence.map((e) => e.document))];
}

/** A raw finding from a verdict's draft, or null when none of its quotes is in its document. */
export interface DraftOutcome {
  raw: RawFinding | null;
  /** Quotes dropped because the cited document does not contain them. */
  removedQuotes: number;
}

/**
 * Every quote is first located in the text of the document it cites: one that is not there never
 * reaches the finding. A located quote is `quote_verified` when the retrieved text the verdict was
 * given holds it; otherwise it lowers the finding's confidence, as the engine note says. A draft
 * left without quotes is no finding.
 */
export function rawFindingFrom(
  draft: FindingDraft,
  chunks: CorpusChunk[],
  key: string,
  questionId: string,
  iteration: number,
  locator: QuoteLocator,
): DraftOutcome {
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const evidence: EvidenceItem[] = [];
  for (const e of draft.evidence) {
    const located = locator.locate(e.document, e.quote, e.chunk_id);
    if (!located) continue;
    const named = e.chunk_id ? byId.get(e.chunk_id) : undefined;
    const sources = named ? [named.text] : chunks.filter((c) => c.document === e.document).map((c) => c.text);
    const verified = verifyQuote(e.quote, sources.length ? sources : chunks.map((c) => c.text));
    const chunk =
      named ??
      chunks.find((c) => c.document === e.document && verifyQuote(e.quote, [c.text])) ??
      located.chunk;
    evidence.push({
      document: e.document,
      chunk_id: chunk?.id ?? null,
      quote: e.quote,
      quote_verified: verified,
      page: chunk?.page ?? null,
    });
  }
  const removedQuotes = draft.evidence.length - evidence.length;
  if (evidence.length === 0) return { raw: null, removedQuotes };
  const unverified = evidence.some((e) => !e.quote_verified);
  return {
    removedQuotes,
    raw: {
      ...contentOf(draft),
      key,
      questionId,
      confidence: unverified ? draft.confidence * UNVERIFIED_PENALTY : draft.confidence,
      evidence,
      iteration,
    },
  };
}

function fingerprintOf(parts: string[]): string {
  return createHash('sha256')
    .update([...parts].sort().join('\n'))
    .digest('hex')
    .slice(0, 32);
}

function toEngine(raw: RawFinding, isCanonical: boolean): EngineFinding {
  return {
    key: raw.key,
    fingerprint: fingerprintOf([raw.subject]),
    isCanonical,
    mergedKeys: [],
    title: raw.title,
    description: raw.description,
    rootCause: raw.rootCause,
    remediationScope: raw.remediationScope,
    remediationEffortHours: raw.remediationEffortHours,
    severity: raw.severity,
    primitive: raw.primitive,
    confidence: raw.confidence,
    corroborationScore: 0,
    filterStatus: null,
    evidence: raw.evidence,
    frameworks: raw.frameworks,
    iteration: raw.iteration,
    adversarial: null,
  };
}

function corroboration(evidence: EvidenceItem[], members: number): number {
  const documents = new Set(evidence.filter((e) => e.quote_verified).map((e) => e.document)).size;
  return Math.round(Math.min(1, 0.3 * documents + 0.15 * (members - 1)) * 100) / 100;
}

/**
 * One canonical finding per group: the most severe, most confident member carries the group,
 * with the union of the evidence and the reference boost max(confidence) + 0.03 x (N - 1) for N
 * independent primitive angles.
 */
export function canonicalize(raws: RawFinding[], groups: ConsolidationGroup[]): EngineFinding[] {
  const byKey = new Map(raws.map((r) => [r.key, r]));
  const out: EngineFinding[] = [];
  const grouped = new Set<string>();
  for (const group of groups) {
    const members = group.keys
      .map((k) => byKey.get(k))
      .filter((r): r is RawFinding => r !== undefined && !grouped.has(r.key));
    if (members.length === 0) continue;
    members.forEach((m) => grouped.add(m.key));
    members.sort(
      (a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.confidence - a.confidence,
    );
    const lead = members[0]!;
    const others = members.slice(1);
    const canonical = toEngine(lead, true);
    canonical.fingerprint = fingerprintOf(members.map((m) => m.subject));
    canonical.primitive = group.primitive;
    canonical.mergedKeys = others.map((o) => o.key);
    const evidence: EvidenceItem[] = [];
    for (const m of members)
      for (const e of m.evidence)
        if (!evidence.some((x) => x.document === e.document && x.quote === e.quote)) evidence.push(e);
    canonical.evidence = evidence;
    canonical.frameworks = [...new Set(members.flatMap((m) => m.frameworks))];
    canonical.iteration = Math.min(...members.map((m) => m.iteration));
    const angles = new Set(members.map((m) => m.primitive)).size;
    canonical.confidence = Math.min(1, Math.max(...members.map((m) => m.confidence)) + 0.03 * (angles - 1));
    if (others.length)
      canonical.description = `${lead.description} Related: ${others.map((o) => o.title).join('; ')}.`;
    canonical.corroborationScore = corroboration(evidence, members.length);
    out.push(canonical);
    for (const o of others)
      out.push({ ...toEngine(o, false), corroborationScore: corroboration(o.evidence, 1) });
  }
  for (const raw of raws)
    if (!grouped.has(raw.key))
      out.push({ ...toEngine(raw, true), corroborationScore: corroboration(raw.evidence, 1) });
  return out;
}

export function classify(finding: EngineFinding): FilterStatus {
  const verified = finding.evidence.some((e) => e.quote_verified);
  if (finding.adversarial?.recommendation === 'reject' || !verified || finding.confidence < 0.35)
    return 'rejected';
  if (finding.adversarial && !finding.adversarial.stands) return 'speculative';
  if (finding.confidence >= 0.85 && finding.evidence.every((e) => e.quote_verified)) return 'definite';
  if (finding.confidence >= 0.65) return 'likely';
  return 'speculative';
}
