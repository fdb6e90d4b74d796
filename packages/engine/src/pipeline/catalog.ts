// The catalog stage: every registered check's candidate targets, each with a signal (how strongly
// the corpus-wide analysis expects an issue there), grouped into the engine note's capped lists.
// Targets with a signal come first; the rest fill the lists so that the investigate stage also
// checks what looks consistent.
import type { Primitive } from '@auditsvc/core';
import type { Intake } from '../types';
import { tokenize } from '../text/normalize';
import type { CorpusAnalysis } from '../analyst/corpus-analysis';
import type { AnyCheck, Candidate, CandidateContext, CatalogListName } from '../checks/check';
import { CHECKS } from '../checks/registry';
import type { CatalogTarget } from './model';

export const CATALOG_CAPS: Record<CatalogListName, number> = {
  concepts: 30,
  docPairs: 15,
  elements: 30,
  currencyRules: 20,
  definedTerms: 20,
  citations: 50,
};

export type CatalogLists = Record<CatalogListName, CatalogTarget[]>;

/** The lists in the order questions are numbered. */
export const CATALOG_LIST_NAMES = Object.keys(CATALOG_CAPS) as CatalogListName[];

export interface CatalogRequest {
  intake: Intake;
  /** Target keys investigated in earlier iterations. */
  investigated: string[];
  /** Follow-up target keys proposed by the deepen stage. */
  followups: string[];
  steering: { text: string; primitive: Primitive } | null;
  /** Targets a remote model proposed in discovery (none with the local provider). */
  proposals?: CatalogTarget[];
}

/** The list a model-proposed target competes in, by its primitive. */
export const PRIMITIVE_LISTS: Record<Primitive, CatalogListName> = {
  conflict_check: 'concepts',
  consistency_check: 'definedTerms',
  coverage_check: 'elements',
  currency_check: 'currencyRules',
  citation_integrity_check: 'citations',
  flow_down_check: 'docPairs',
};

function emptyLists(): CatalogLists {
  // Every name of CATALOG_LIST_NAMES, so every member of CatalogLists, gets its own empty list.
  return Object.fromEntries(CATALOG_LIST_NAMES.map((name) => [name, [] as CatalogTarget[]])) as CatalogLists;
}

function focusBoostFor(intake: Intake): CandidateContext['focusBoost'] {
  const focus = [...intake.focus_areas, ...intake.known_concerns].join(' ').toLowerCase();
  return (words) => (words.some((w) => focus.includes(w)) ? 0.1 : 0);
}

const candidateCache = new WeakMap<CorpusAnalysis, Map<string, CatalogLists>>();

/**
 * Every candidate target with its signal. The corpus-wide checks behind them depend only on the
 * corpus and the intake, so they run once per run and iterations reuse them.
 */
export function candidateLists(analysis: CorpusAnalysis, intake: Intake): CatalogLists {
  let cache = candidateCache.get(analysis);
  if (!cache) candidateCache.set(analysis, (cache = new Map()));
  const key = JSON.stringify([intake.frameworks, intake.focus_areas, intake.known_concerns]);
  let lists = cache.get(key);
  if (!lists) cache.set(key, (lists = computeCandidates(analysis, intake)));
  return lists;
}

/**
 * One check's candidates. A check that throws on some corpus (a bug in it) must not cost the run
 * the other checks' findings: it contributes nothing, and the failure is reported to the run.
 */
export function candidatesOf(check: AnyCheck, context: CandidateContext) {
  try {
    return check.candidates(context);
  } catch (error) {
    context.analysis.checkFailures.push(`${check.id}: ${(error as Error).message}`);
    return [];
  }
}

/** A check's candidate as the catalog lists it: the target it asks about, with its signal. */
export function catalogTargetOf(check: AnyCheck, candidate: Candidate<unknown>): CatalogTarget {
  return {
    key: candidate.key,
    primitive: candidate.primitive,
    label: candidate.label,
    target: { check: check.id, documents: candidate.documents, params: candidate.params },
    signal: candidate.signal,
    severity: candidate.severity,
  };
}

function computeCandidates(analysis: CorpusAnalysis, intake: Intake): CatalogLists {
  const lists = emptyLists();
  const context: CandidateContext = { analysis, intake, focusBoost: focusBoostFor(intake) };
  for (const check of CHECKS)
    for (const candidate of candidatesOf(check, context))
      lists[check.list].push(catalogTargetOf(check, candidate));
  return lists;
}

export function buildCatalog(analysis: CorpusAnalysis, request: CatalogRequest): CatalogLists {
  const lists = candidateLists(analysis, request.intake);
  const excluded = new Set(request.investigated);
  const followups = new Set(request.followups);
  const steeringTokens = request.steering ? new Set(tokenize(request.steering.text)) : null;
  const finish = (list: CatalogTarget[], cap: number) => {
    let out = list.filter((t) => !excluded.has(t.key) || followups.has(t.key)).map((t) => ({ ...t }));
    if (request.steering) {
      out = out.filter(
        (t) =>
          t.primitive === request.steering!.primitive ||
          steeringTokens!.size === 0 ||
          tokenize(t.label).some((w) => steeringTokens!.has(w)),
      );
      for (const t of out) t.signal += tokenize(t.label).filter((w) => steeringTokens!.has(w)).length * 0.05;
    }
    return out.sort((a, b) => b.signal - a.signal || a.key.localeCompare(b.key)).slice(0, cap);
  };
  const out = emptyLists();
  const proposals = request.proposals ?? [];
  for (const name of CATALOG_LIST_NAMES) {
    // The union of the checks' candidates and the model's proposals (keys are distinct).
    const proposed = proposals.filter((t) => PRIMITIVE_LISTS[t.primitive] === name);
    out[name] = finish(proposed.length ? [...lists[name], ...proposed] : lists[name], CATALOG_CAPS[name]);
  }
  return out;
}
