// The offline portfolio analyst: groups findings of many engagements into recurring themes by the
// terms of their title, description and root cause (TF-IDF cosine against cluster centroids, with
// the primitive as one more term), then names each theme from its most distinctive shared terms
// and summarises it from the members' own text.
import { SEVERITIES, type SeverityLevel } from '@auditsvc/core';
import {
  SparseVector,
  bigrams,
  dot,
  inverseDocumentFrequency,
  surfaceOf,
  tfidfVector,
  tokenise,
} from './terms';

/** The severities, most severe first (core's list). */
export const SEVERITY_ORDER = SEVERITIES;
export type ClusterSeverity = SeverityLevel;

export interface PortfolioFinding {
  id: string;
  engagementId: string;
  primitive: string;
  severity: string;
  title: string;
  description: string;
  rootCause: string;
  remediationScope: string;
  confidence: number;
  /** Evidence quotes, verbatim from the client's documents. */
  quotes: string[];
}

/** A theme as the analyst proposes it; member ids only, the rest is derived from the members. */
export interface ClusterDraft {
  theme: string;
  prevalence_summary: string;
  member_finding_ids: string[];
  representative_quotes: string[];
  suggested_standard_remediation: string;
  confidence: number;
}

export interface ClusterOptions {
  /** Cosine similarity to a centroid needed to join its cluster. */
  joinThreshold: number;
  /** Cosine similarity between two centroids at which their clusters merge. */
  mergeThreshold: number;
  maxClusters: number;
  minMembers: number;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  joinThreshold: 0.3,
  mergeThreshold: 0.45,
  maxClusters: 8,
  minMembers: 2,
};

const MAX_QUOTES = 3;
const MAX_QUOTE_CHARS = 300;
/** Merging compares centroids pairwise; only the largest clusters can matter for the top 8. */
const MERGE_CANDIDATES = 200;

interface Prepared {
  finding: PortfolioFinding;
  vector: SparseVector;
  terms: Set<string>;
  phrases: Set<string>;
}

class Cluster {
  readonly members: Prepared[] = [];
  readonly sum: SparseVector = new Map();
  private normSquared = 0;

  add(item: Prepared): void {
    this.normSquared += 2 * dot(this.sum, item.vector) + dot(item.vector, item.vector);
    for (const [term, weight] of item.vector) this.sum.set(term, (this.sum.get(term) ?? 0) + weight);
    this.members.push(item);
  }

  similarity(vector: SparseVector): number {
    return this.normSquared > 0 ? dot(this.sum, vector) / Math.sqrt(this.normSquared) : 0;
  }

  centroidSimilarity(other: Cluster): number {
    const denominator = Math.sqrt(this.normSquared) * Math.sqrt(other.normSquared);
    return denominator > 0 ? dot(this.sum, other.sum) / denominator : 0;
  }
}

/** A severity's place in SEVERITY_ORDER (most severe first); an unknown one sorts last. */
export function severityIndex(severity: string): number {
  const index = (SEVERITY_ORDER as readonly string[]).indexOf(severity);
  return index < 0 ? SEVERITY_ORDER.length : index;
}

const PRIMITIVE_TERM = '\u0000primitive:';

function prepare(findings: PortfolioFinding[], surfaces: Map<string, Map<string, number>>) {
  const tokenised = findings.map((finding) => {
    const sequence = tokenise([finding.title, finding.description, finding.rootCause].join(' . '), surfaces);
    const words = sequence.filter((term): term is string => term !== null);
    // Theme phrases come from what a finding says, not from its root-cause wording.
    const said = tokenise(`${finding.title} . ${finding.description}`);
    return { finding, words: [...words, `${PRIMITIVE_TERM}${finding.primitive}`], said };
  });
  const idf = inverseDocumentFrequency(tokenised.map((t) => new Set(t.words)));
  const prepared: Prepared[] = tokenised.map((t) => ({
    finding: t.finding,
    vector: tfidfVector(t.words, idf),
    terms: new Set(t.words.filter((word) => !word.startsWith(PRIMITIVE_TERM))),
    phrases: new Set(bigrams(t.said)),
  }));
  return { prepared, idf };
}

/** Terms of a finding that look up candidate clusters: its heaviest, so lookups stay selective. */
const LOOKUP_TERMS = 8;

function lookupTerms(vector: SparseVector): string[] {
  return [...vector.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, LOOKUP_TERMS)
    .map(([term]) => term);
}

/**
 * One leader pass: each finding joins the most similar centroid above the threshold, or leads a
 * new cluster. Candidates are the clusters sharing one of the finding's heaviest terms; a cluster
 * sharing none of them cannot pass the threshold in practice.
 */
function leaderPass(items: Prepared[], threshold: number): Cluster[] {
  const clusters: Cluster[] = [];
  const byTerm = new Map<string, Set<number>>();
  for (const item of items) {
    const terms = lookupTerms(item.vector);
    const candidates = new Set<number>();
    for (const term of terms) for (const index of byTerm.get(term) ?? []) candidates.add(index);
    let best = -1;
    let bestSimilarity = threshold;
    for (const index of candidates) {
      const similarity = clusters[index]!.similarity(item.vector);
      // Ties go to the older cluster, so the result does not depend on set order.
      if (similarity > bestSimilarity || (similarity === bestSimilarity && (best < 0 || index < best))) {
        best = index;
        bestSimilarity = similarity;
      }
    }
    if (best < 0) {
      best = clusters.length;
      clusters.push(new Cluster());
    }
    clusters[best]!.add(item);
    for (const term of terms) {
      const indexes = byTerm.get(term) ?? new Set<number>();
      indexes.add(best);
      byTerm.set(term, indexes);
    }
  }
  return clusters;
}

/** Merges clusters whose centroids say the same thing (the leader pass depends on order). */
function mergePass(clusters: Cluster[], threshold: number): Cluster[] {
  const ranked = [...clusters].sort((a, b) => b.members.length - a.members.length);
  const head = ranked.slice(0, MERGE_CANDIDATES);
  const absorbed = new Set<Cluster>();
  for (let i = 0; i < head.length; i++) {
    const keeper = head[i]!;
    if (absorbed.has(keeper)) continue;
    for (let j = i + 1; j < head.length; j++) {
      const other = head[j]!;
      if (absorbed.has(other) || keeper.centroidSimilarity(other) < threshold) continue;
      for (const member of other.members) keeper.add(member);
      absorbed.add(other);
    }
  }
  return ranked.filter((cluster) => !absorbed.has(cluster));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The cluster's most distinctive shared terms: phrases first, then words they do not contain. */
function nameTheme(
  members: Prepared[],
  idf: Map<string, number>,
  surfaces: Map<string, Map<string, number>>,
): string {
  // Shared means: by at least half of the members, and by two of them at the very least.
  const share = (has: (item: Prepared) => boolean) => {
    const holders = members.filter(has).length;
    return holders >= 2 ? holders / members.length : 0;
  };
  const candidates: { label: string[]; score: number }[] = [];
  const seenPhrases = new Set(members.flatMap((m) => [...m.phrases]));
  for (const phrase of seenPhrases) {
    const fraction = share((m) => m.phrases.has(phrase));
    if (fraction < 0.5) continue;
    const [a, b] = phrase.split(' ') as [string, string];
    // A phrase says what two words say, so it scores as both ("password rotation").
    candidates.push({ label: [a, b], score: fraction * ((idf.get(a) ?? 1) + (idf.get(b) ?? 1)) });
  }
  const seenTerms = new Set(members.flatMap((m) => [...m.terms]));
  for (const term of seenTerms) {
    const fraction = share((m) => m.terms.has(term));
    if (fraction < 0.5) continue;
    candidates.push({ label: [term], score: fraction * (idf.get(term) ?? 1) });
  }
  candidates.sort((x, y) => y.score - x.score || x.label.join(' ').localeCompare(y.label.join(' ')));
  const used = new Set<string>();
  const parts: string[] = [];
  for (const candidate of candidates) {
    if (candidate.label.some((term) => used.has(term))) continue;
    candidate.label.forEach((term) => used.add(term));
    parts.push(candidate.label.map((term) => surfaceOf(term, surfaces)).join(' '));
    if (parts.length === 3) break;
  }
  const primitive = dominant(members.map((m) => m.finding.primitive));
  const label = parts.length > 0 ? capitalise(parts.join(', ')) : 'Related findings';
  return primitive ? `${label} (${primitive.replace(/_/g, ' ')})` : label;
}

/** The value most members share, if more than half do. */
function dominant(values: string[]): string | null {
  const counts = tally(values);
  const [top] = counts;
  return top && top[1] * 2 > values.length ? top[0] : null;
}

function tally(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function summarisePrevalence(members: Prepared[], totalEngagements: number): string {
  const engagements = new Set(members.map((m) => m.finding.engagementId)).size;
  const percent = totalEngagements > 0 ? Math.round((100 * engagements) / totalEngagements) : 0;
  const severities = tally(members.map((m) => m.finding.severity))
    .sort((a, b) => severityIndex(a[0]) - severityIndex(b[0]))
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ');
  const primitives = tally(members.map((m) => m.finding.primitive))
    .map(([primitive, n]) => `${primitive} ${n}`)
    .join(', ');
  return (
    `${members.length} findings in ${engagements} of ${totalEngagements} engagements (${percent}%); ` +
    `severity: ${severities}; primitives: ${primitives}.`
  );
}

function quotesOf(members: Prepared[]): string[] {
  const ordered = [...members].sort(
    (a, b) =>
      severityIndex(a.finding.severity) - severityIndex(b.finding.severity) ||
      b.finding.confidence - a.finding.confidence,
  );
  const quotes: string[] = [];
  const seen = new Set<string>();
  const take = (text: string) => {
    const quote = text.replace(/\s+/g, ' ').trim();
    const key = quote.toLowerCase();
    if (!quote || seen.has(key) || quotes.length >= MAX_QUOTES) return;
    seen.add(key);
    quotes.push(
      quote.length > MAX_QUOTE_CHARS ? `${quote.slice(0, MAX_QUOTE_CHARS - 3).trimEnd()}...` : quote,
    );
  };
  for (const member of ordered) member.finding.quotes.forEach(take);
  // Findings without evidence quotes still show what they say.
  for (const member of ordered) take(member.finding.description);
  return quotes;
}

function standardRemediation(members: Prepared[]): string {
  const scopes = tally(
    members
      .map((m) => m.finding.remediationScope.replace(/\s+/g, ' ').trim())
      .filter((scope) => scope !== ''),
  );
  if (scopes.length === 0) {
    const cause = tally(members.map((m) => m.finding.rootCause.trim()).filter(Boolean))[0]?.[0];
    return cause
      ? `Address the shared root cause across engagements: ${cause}`
      : 'Review these findings together and agree one remediation standard for every engagement.';
  }
  const [first, second] = scopes;
  let text = `${first![0]} (proposed in ${first![1]} of ${members.length} findings)`;
  if (second) text += ` Also proposed: ${second[0]} (${second[1]} of ${members.length}).`;
  return text;
}

/** Cohesion (mean similarity to the centroid) blended with the members' own confidence. */
function clusterConfidence(cluster: Cluster): number {
  const cohesion =
    cluster.members.reduce((sum, member) => sum + cluster.similarity(member.vector), 0) /
    cluster.members.length;
  const confidence =
    cluster.members.reduce((sum, member) => sum + member.finding.confidence, 0) / cluster.members.length;
  const value = 0.6 * Math.min(1, cohesion) + 0.4 * Math.min(1, Math.max(0, confidence));
  return Math.round(value * 100) / 100;
}

/**
 * Up to maxClusters themes of at least minMembers findings, the most widespread first (engagements
 * touched, then size, then the most severe member).
 */
export function clusterFindings(
  findings: PortfolioFinding[],
  totalEngagements: number,
  options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
): ClusterDraft[] {
  if (findings.length < options.minMembers) return [];
  const surfaces = new Map<string, Map<string, number>>();
  const { prepared, idf } = prepare(findings, surfaces);
  // Severe findings lead clusters, so a theme is seeded by what matters most.
  const ordered = [...prepared].sort(
    (a, b) => severityIndex(a.finding.severity) - severityIndex(b.finding.severity),
  );
  const clusters = mergePass(leaderPass(ordered, options.joinThreshold), options.mergeThreshold)
    .filter((cluster) => cluster.members.length >= options.minMembers)
    .map((cluster) => ({
      cluster,
      engagements: new Set(cluster.members.map((m) => m.finding.engagementId)).size,
      worst: Math.min(...cluster.members.map((m) => severityIndex(m.finding.severity))),
    }))
    .sort(
      (a, b) =>
        b.engagements - a.engagements ||
        b.cluster.members.length - a.cluster.members.length ||
        a.worst - b.worst,
    )
    .slice(0, options.maxClusters);
  return clusters.map(({ cluster }) => ({
    theme: nameTheme(cluster.members, idf, surfaces),
    prevalence_summary: summarisePrevalence(cluster.members, totalEngagements),
    member_finding_ids: cluster.members.map((m) => m.finding.id),
    representative_quotes: quotesOf(cluster.members),
    suggested_standard_remediation: standardRemediation(cluster.members),
    confidence: clusterConfidence(cluster),
  }));
}
