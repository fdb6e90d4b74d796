// synthesize and validate: one question per target from its check's template, sorted by
// archetype weight x severity weight; then the relevance floor and near-duplicate drop.
import { checkById } from '../checks/registry';
import { CATALOG_LIST_NAMES, type CatalogLists } from './catalog';
import type { Bm25Index } from '../retrieval/bm25';
import { jaccard, tokenize } from '../text/normalize';
import type { CatalogTarget, Question } from './model';
import { SEVERITY_WEIGHT, archetypeWeight } from './weights';

export function synthesizeQuestions(lists: CatalogLists, iteration: number, archetype: string): Question[] {
  const targets: CatalogTarget[] = CATALOG_LIST_NAMES.flatMap((name) => lists[name]);
  const questions = targets.map((t, i) => {
    const { text, query } = checkById(t.target.check).question(t.target.params, {
      label: t.label,
      documents: t.target.documents,
    });
    return {
      id: `q-${iteration}-${i + 1}`,
      iteration,
      primitive: t.primitive,
      targetKey: t.key,
      target: t.target,
      text,
      query,
      documents: t.target.documents,
      priority: archetypeWeight(archetype, t.primitive) * SEVERITY_WEIGHT[t.severity] * (0.5 + t.signal),
      severity: t.severity,
    };
  });
  return questions.sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id));
}

export interface ValidationResult {
  kept: Question[];
  dropped: Array<{ questionId: string; reason: 'relevance_floor' | 'near_duplicate'; detail: string }>;
}

/** A question whose best chunk shares fewer than this many query terms has nothing to look at. */
const MIN_MATCHED_TERMS = 2;

export function validateQuestions(questions: Question[], index: Bm25Index): ValidationResult {
  const kept: Question[] = [];
  const dropped: ValidationResult['dropped'] = [];
  for (const question of questions) {
    const best = index.search(question.query, {
      k: 1,
      documents: question.documents.length ? question.documents : undefined,
    })[0];
    // A question anchored to documents the catalog identified needs one shared term there.
    const needed = question.documents.length
      ? 1
      : Math.min(MIN_MATCHED_TERMS, new Set(tokenize(question.query)).size);
    if (!best || best.matchedTerms < needed) {
      dropped.push({
        questionId: question.id,
        reason: 'relevance_floor',
        detail: `best chunk matched ${best?.matchedTerms ?? 0} query terms`,
      });
      continue;
    }
    const tokens = tokenize(question.text);
    const duplicate = kept.find(
      (k) =>
        k.primitive === question.primitive &&
        k.targetKey !== question.targetKey &&
        jaccard(tokens, tokenize(k.text)) >= 0.9,
    );
    if (duplicate) {
      dropped.push({
        questionId: question.id,
        reason: 'near_duplicate',
        detail: `duplicates ${duplicate.id}`,
      });
      continue;
    }
    kept.push(question);
  }
  return { kept, dropped };
}
