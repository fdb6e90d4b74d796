// The check interface: what one family of checks contributes to a run. The pipeline depends only
// on this interface and on the registry (registry.ts); a family lives in one folder of its own
// (its code, its data, its tests with fixtures and decoys) and knows nothing of the pipeline.
//
// A check proposes targets (candidates) from the corpus analysis and the intake, asks one question
// per target, and answers that question locally from the retrieved text (the local provider's
// verdict). Remote providers answer the same question from the same chunks; they never see the
// analysis.
import type { Primitive } from '@auditsvc/core';
import type { CorpusChunk } from '../corpus';
import type { Intake, Severity } from '../types';
import type { CitationFact, ConceptFact, CorpusAnalysis, LocatedSegment } from '../analyst/corpus-analysis';
import type { Issue } from '../analyst/issue';

/** The catalog lists of the engine note; each has its cap (CATALOG_CAPS). */
export type CatalogListName =
  'concepts' | 'docPairs' | 'elements' | 'currencyRules' | 'definedTerms' | 'citations';

/** What a question is about: the check that owns it and that check's own parameters. */
export interface Target {
  check: string;
  /** The documents the target concerns (retrieval looks in each of them). */
  documents: string[];
  params: unknown;
}

/** One candidate target as a check proposes it. */
export interface Candidate<P> {
  /** Unique among all targets of a run, stable across runs: `investigated` and follow-ups use it. */
  key: string;
  primitive: Primitive;
  label: string;
  documents: string[];
  params: P;
  /** 0..1 (plus focus boosts): how strongly the corpus-wide pass expects an issue here. */
  signal: number;
  severity: Severity;
}

export interface CandidateContext {
  analysis: CorpusAnalysis;
  intake: Intake;
  /** 0.1 when any of the words appears in the intake's focus areas or known concerns, else 0. */
  focusBoost(words: string[]): number;
}

/** The question a target asks and its retrieval query; it looks in the target's documents. */
export interface QuestionTemplate {
  text: string;
  query: string;
}

export interface EvidenceRequest {
  query: string;
  document: string | null;
}

/**
 * Requests for the statements an issue quotes, by their words: how a verdict asks for evidence the
 * retrieval did not rank (a register's one row, a schedule's clause, one citation among many).
 */
export function quoteRequests(
  quotes: Array<{ text: string; document: string }>,
  limit: number,
): EvidenceRequest[] {
  return quotes.slice(0, limit).map((q) => ({ query: q.text.slice(0, 200), document: q.document }));
}

/** Whether a quote lies in a retrieved segment. */
export function quoteVisible(quote: Issue['quotes'][number], visible: Set<LocatedSegment>): boolean {
  for (const s of visible)
    if (s.document === quote.document && s.start <= quote.start && quote.end <= s.end) return true;
  return false;
}

/** Whether every quote of an issue lies in a retrieved segment: what a verdict may report as it is. */
export function quotesVisible(issue: Issue, visible: Set<LocatedSegment>): boolean {
  return issue.quotes.every((q) => quoteVisible(q, visible));
}

/** What the local verdict sees: only the retrieved text, through the corpus analysis. */
export interface VerdictContext {
  analysis: CorpusAnalysis;
  chunks: CorpusChunk[];
  /** The analysis's segments that overlap the retrieved chunks, in document order. */
  segments: LocatedSegment[];
  visible: Set<LocatedSegment>;
  facts: ConceptFact[];
  citations: CitationFact[];
  frameworks: string[];
  /** The target's documents. */
  documents: string[];
}

export interface CheckVerdict {
  issues: Issue[];
  /** Statements worth fetching by their own words before the verdict is final. */
  hints?: EvidenceRequest[];
}

export interface Check<P> {
  /** Unique id; the `check` of its targets. */
  id: string;
  /** The primitives its targets and findings carry. */
  primitives: readonly Primitive[];
  /** The catalog list (and cap) its targets compete in. */
  list: CatalogListName;
  candidates(context: CandidateContext): Array<Candidate<P>>;
  question(params: P, target: { label: string; documents: string[] }): QuestionTemplate;
  verdict(params: P, context: VerdictContext): CheckVerdict;
  /**
   * Open targets worth investigating next iteration because this target yielded an issue (for
   * example the other references into the same document). Optional: the deepen stage also
   * follows up open targets that touch documents already implicated.
   */
  followUps?(params: P, open: ReadonlyArray<{ key: string; target: Target }>): string[];
}

/**
 * A check as the registry holds it. Method parameters are bivariant, so a Check<P> is a
 * Check<unknown>; the pipeline only passes a check the params its own candidates carry.
 */
export type AnyCheck = Check<unknown>;

export function defineCheck<P>(check: Check<P>): AnyCheck {
  return check;
}
