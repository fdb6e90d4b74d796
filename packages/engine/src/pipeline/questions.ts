// synthesize and validate: one question per target from the primitive's template, sorted by
// archetype weight x severity weight; then the relevance floor and near-duplicate drop.
import { conceptById } from '../analyst/concepts';
import { CONTROLS } from '../analyst/checks/control-state';
import { RECORD_ATTRIBUTES } from '../analyst/checks/record-attributes';
import { REQUIRED_ELEMENTS } from '../analyst/frameworks';
import { STANDARD_FAMILIES } from '../analyst/standards';
import type { CatalogLists } from '../analyst/catalog';
import type { Bm25Index } from '../retrieval/bm25';
import { jaccard, tokenize } from '../text/normalize';
import type { CatalogTarget, Question, Target } from './model';
import { SEVERITY_WEIGHT, archetypeWeight } from './weights';

function template(target: Target, label: string): { text: string; query: string; documents: string[] } {
  switch (target.kind) {
    case 'concept': {
      const concept = conceptById(target.conceptId);
      return {
        text: `Do ${target.documents.join(', ')} state incompatible values for the ${label}?`,
        query: concept?.query ?? label,
        documents: target.documents,
      };
    }
    case 'record': {
      const concept = conceptById(target.conceptId);
      return {
        text: `Does ${target.recordDocument} show the ${concept?.label ?? label} that ${target.policyDocument} requires?`,
        query: concept?.query ?? label,
        documents: [target.policyDocument, target.recordDocument],
      };
    }
    case 'flow_down':
      return {
        text: `Does ${target.child} carry the third-party obligations of ${target.parent} (notification windows, required agreements), at least as strictly?`,
        query: 'vendors must notify incident within hours business associate agreement provider',
        documents: [target.parent, target.child],
      };
    case 'record_attribute': {
      const attribute = RECORD_ATTRIBUTES.find((a) => a.id === target.attributeId);
      return {
        text: `Does ${target.document} show records without the ${attribute?.label ?? label} that ${target.documents.filter((d) => d !== target.document).join(', ') || 'the policies'} require?`,
        query: `${attribute?.label ?? label} ${target.attributeId}`,
        documents: target.documents,
      };
    }
    case 'control': {
      const control = CONTROLS.find((c) => c.id === target.controlId);
      return {
        text: `Is ${control?.label ?? label}, which ${target.documents[0] ?? 'a policy'} requires, switched off or made optional anywhere (${target.documents.join(', ')})?`,
        query: control?.query ?? label,
        documents: target.documents,
      };
    }
    case 'rpo':
      return {
        text: `Are backups (${target.documents.join(', ')}) taken often enough to meet the recovery point objective?`,
        query: 'recovery point objective RPO backups taken daily weekly',
        documents: target.documents,
      };
    case 'version_reference':
      return {
        text: `Does ${target.document} cite the current version of ${target.citedDocument}?`,
        query: `${target.citedDocument.replace(/[-_.]+/g, ' ')} version`,
        documents: [target.document, target.citedDocument],
      };
    case 'term':
      return {
        text: `Is "${target.term}" defined the same way in ${target.documents.join(' and ')}?`,
        query: `${target.term} means defined`,
        documents: target.documents,
      };
    case 'element': {
      const element = REQUIRED_ELEMENTS.find((e) => e.id === target.elementId);
      return {
        text: `Does any document provide the ${element?.label ?? label} (${element?.requirement ?? ''})?`,
        query: element?.query ?? label,
        documents: [],
      };
    }
    case 'standard_currency':
    case 'standard_editions': {
      const family = STANDARD_FAMILIES.find((f) => f.id === target.familyId);
      return {
        text:
          target.kind === 'standard_currency'
            ? `Do ${target.documents.join(', ')} cite a superseded edition of ${family?.name ?? target.familyId} (current: ${family?.currentLabel ?? '?'})?`
            : `Is ${family?.name ?? target.familyId} cited in different editions across ${target.documents.join(', ')}?`,
        query: family?.name ?? target.familyId,
        documents: target.documents,
      };
    }
    case 'review':
      return {
        text: `Is ${target.document} past its review cycle relative to the newest date of the corpus?`,
        query: `${target.document.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ')} last reviewed review date approved effective version`,
        documents: [target.document],
      };
    case 'citation':
      return {
        text: `Does ${target.reference} of ${target.citedDocument}, cited by ${target.document}, exist and say what is cited?`,
        query: `${target.reference} ${target.citedDocument.replace(/[-_.]+/g, ' ')}`,
        documents: [target.document, target.citedDocument],
      };
  }
}

export function synthesizeQuestions(lists: CatalogLists, iteration: number, archetype: string): Question[] {
  const targets: CatalogTarget[] = Object.values(lists).flat();
  const questions = targets.map((t, i) => {
    const { text, query, documents } = template(t.target, t.label);
    return {
      id: `q-${iteration}-${i + 1}`,
      iteration,
      primitive: t.primitive,
      targetKey: t.key,
      target: t.target,
      text,
      query,
      documents,
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
