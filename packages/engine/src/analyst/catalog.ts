// The analyst's catalog: candidate targets for every primitive, each with a signal (how strongly
// the corpus-wide analysis expects an issue there). Targets with a signal come first; the rest
// fill the lists so that the investigate stage also checks what looks consistent.
import type { Primitive } from '@auditsvc/core';
import type { Intake, Severity } from '../types';
import { tokenize } from '../text/normalize';
import type { CatalogTarget, Target } from '../pipeline/model';
import { targetKey } from '../pipeline/model';
import { conceptById } from './concepts';
import type { CorpusAnalysis } from './corpus-analysis';
import { findConceptConflicts } from './checks/concept-conflicts';
import { findRecordGaps, recordsFor } from './checks/record-gaps';
import { findEditionInconsistencies, findSupersededCitations } from './checks/standards';
import { findStaleDocuments } from './checks/review-currency';
import { findBrokenReferences } from './checks/citations';
import { findCoverageGaps } from './checks/coverage';
import { childContracts, findDirectiveGaps, findFlowDownGaps, parentPolicies } from './checks/flow-down';
import { elementsFor } from './frameworks';
import { CONTROLS, findControlStateConflicts } from './checks/control-state';
import { definedTermIssues } from './checks/defined-terms';
import { findRecordAttributeGaps } from './checks/record-attributes';
import { recoveryPointIssue } from './checks/recovery-point';
import { versionReferenceIssues } from './checks/version-references';

export const CATALOG_CAPS = {
  concepts: 30,
  docPairs: 15,
  elements: 30,
  currencyRules: 20,
  definedTerms: 20,
  citations: 50,
} as const;

export interface CatalogLists {
  concepts: CatalogTarget[];
  docPairs: CatalogTarget[];
  elements: CatalogTarget[];
  currencyRules: CatalogTarget[];
  definedTerms: CatalogTarget[];
  citations: CatalogTarget[];
}

export interface CatalogRequest {
  intake: Intake;
  /** Target keys investigated in earlier iterations. */
  investigated: string[];
  /** Follow-up target keys proposed by the deepen stage. */
  followups: string[];
  steering: { text: string; primitive: Primitive } | null;
}

function target(
  primitive: Primitive,
  label: string,
  t: Target,
  signal: number,
  severity: Severity,
): CatalogTarget {
  return { key: targetKey(t), primitive, label, target: t, signal, severity };
}

function focusBoost(intake: Intake, words: string[]): number {
  const focus = [...intake.focus_areas, ...intake.known_concerns].join(' ').toLowerCase();
  return words.some((w) => focus.includes(w)) ? 0.1 : 0;
}

const candidateCache = new WeakMap<CorpusAnalysis, Map<string, CatalogLists>>();

/**
 * Every candidate target with its signal. The corpus-wide checks behind them depend only on the
 * corpus and the intake, so they run once per run and iterations reuse them.
 */
function candidateLists(analysis: CorpusAnalysis, intake: Intake): CatalogLists {
  let cache = candidateCache.get(analysis);
  if (!cache) candidateCache.set(analysis, (cache = new Map()));
  const key = JSON.stringify([intake.frameworks, intake.focus_areas, intake.known_concerns]);
  let lists = cache.get(key);
  if (!lists) cache.set(key, (lists = computeCandidates(analysis, intake)));
  return lists;
}

function computeCandidates(analysis: CorpusAnalysis, intake: Intake): CatalogLists {
  const roles = new Map(analysis.documents.map((d) => [d.name, d.role]));
  const lists: CatalogLists = {
    concepts: [],
    docPairs: [],
    elements: [],
    currencyRules: [],
    definedTerms: [],
    citations: [],
  };

  // Concepts: conflicts found corpus-wide carry a signal; concepts stated in two or more documents
  // without a visible conflict are still worth a question.
  const conflicts = new Map(findConceptConflicts(analysis.facts, roles).map((i) => [i.subject, i]));
  const conceptDocs = new Map<string, { conceptId: string; scope: string | null; docs: Set<string> }>();
  for (const fact of analysis.facts) {
    const key = `concept:${fact.concept.id}:${fact.scope ?? 'general'}`;
    const entry = conceptDocs.get(key) ?? {
      conceptId: fact.concept.id,
      scope: fact.scope,
      docs: new Set<string>(),
    };
    entry.docs.add(fact.segment.document);
    conceptDocs.set(key, entry);
  }
  for (const [key, entry] of conceptDocs) {
    if (entry.docs.size < 2 && !conflicts.has(key)) continue;
    const concept = conceptById(entry.conceptId)!;
    const issue = conflicts.get(key);
    const documents = issue ? [...new Set(issue.quotes.map((q) => q.document))] : [...entry.docs].slice(0, 4);
    const signal = (issue ? 0.8 : 0.15) + focusBoost(intake, concept.focus);
    lists.concepts.push(
      target(
        'conflict_check',
        concept.label + (entry.scope ? ` (${entry.scope})` : ''),
        { kind: 'concept', conceptId: entry.conceptId, scope: entry.scope, documents },
        signal,
        concept.severity,
      ),
    );
  }

  // Control states: required in a policy, switched off elsewhere.
  for (const issue of findControlStateConflicts(analysis)) {
    const controlId = issue.subject.replace(/^control:/, '');
    const control = CONTROLS.find((c) => c.id === controlId)!;
    const t: Target = {
      kind: 'control',
      controlId,
      documents: [...new Set(issue.quotes.map((q) => q.document))],
    };
    lists.concepts.push(
      target(
        'conflict_check',
        control.label,
        t,
        0.8 + focusBoost(intake, [control.label.split(' ')[0]!]),
        'high',
      ),
    );
  }

  // Document pairs: policy vs. evidence record, parent policy vs. child contract.
  const gaps = findRecordGaps(analysis, analysis.facts);
  const gapKeys = new Set(gaps.map((g) => g.subject));
  const pairSeen = new Set<string>();
  for (const fact of analysis.facts) {
    const factRole = roles.get(fact.segment.document) ?? 'other';
    if (fact.quantity.kind !== 'period' || factRole === 'evidence' || factRole === 'contract') continue;
    for (const record of recordsFor(analysis, fact)) {
      const t: Target = {
        kind: 'record',
        conceptId: fact.concept.id,
        scope: fact.scope,
        policyDocument: fact.segment.document,
        recordDocument: record.name,
      };
      const key = targetKey(t);
      if (pairSeen.has(key)) continue;
      pairSeen.add(key);
      const signal =
        (gapKeys.has(`record:${fact.concept.id}:${record.name}`) ? 0.85 : 0.2) +
        focusBoost(intake, fact.concept.focus);
      lists.docPairs.push(
        target(
          'conflict_check',
          `${fact.concept.label}: ${fact.segment.document} vs ${record.name}`,
          t,
          signal,
          'high',
        ),
      );
    }
  }
  for (const issue of findRecordAttributeGaps(analysis)) {
    const [, document, attributeId] = issue.subject.split(':');
    const t: Target = {
      kind: 'record_attribute',
      document: document!,
      attributeId: attributeId!,
      documents: [...new Set(issue.quotes.map((q) => q.document))],
    };
    lists.docPairs.push(
      target('conflict_check', issue.title, t, 0.85 + focusBoost(intake, ['vendor', 'contract']), 'high'),
    );
  }
  const flowIssues = findFlowDownGaps(analysis);
  for (const child of childContracts(analysis)) {
    for (const parent of parentPolicies(analysis)) {
      const hit = flowIssues.some(
        (i) =>
          i.subject.startsWith(`flow:${child.name}:`) && i.quotes.some((q) => q.document === parent.name),
      );
      const signal = (hit ? 0.9 : 0.1) + focusBoost(intake, ['vendor', 'contract']);
      lists.docPairs.push(
        target(
          'flow_down_check',
          `${parent.name} obligations in ${child.name}`,
          { kind: 'flow_down', parent: parent.name, child: child.name },
          signal,
          'high',
        ),
      );
    }
  }

  // Policies that require a named procedure or standard to include something it lacks.
  for (const { parent, child } of findDirectiveGaps(analysis)) {
    if (childContracts(analysis).includes(child) && parentPolicies(analysis).includes(parent)) continue;
    lists.docPairs.push(
      target(
        'flow_down_check',
        `${parent.name} requirements in ${child.name}`,
        { kind: 'flow_down', parent: parent.name, child: child.name },
        0.9,
        'medium',
      ),
    );
  }

  // Required elements missing from the whole corpus.
  for (const issue of findCoverageGaps(analysis, elementsFor(intake.frameworks), intake.frameworks)) {
    const elementId = issue.subject.replace(/^coverage:/, '');
    lists.elements.push(
      target(
        'coverage_check',
        issue.title.replace(/^Missing /, ''),
        { kind: 'element', elementId },
        0.8,
        issue.severity,
      ),
    );
  }

  // Currency: superseded standards and documents past their review cycle.
  const superseded = findSupersededCitations(analysis.citations, undefined, analysis);
  const families = new Map<string, Set<string>>();
  for (const issue of superseded) {
    const familyId = issue.aspects[0]!.replace(/^standard:/, '');
    const docs = families.get(familyId) ?? new Set<string>();
    for (const q of issue.quotes) docs.add(q.document);
    families.set(familyId, docs);
  }
  for (const [familyId, docs] of families)
    lists.currencyRules.push(
      target(
        'currency_check',
        `superseded ${familyId}`,
        { kind: 'standard_currency', familyId, documents: [...docs] },
        0.85,
        'medium',
      ),
    );
  const stale = new Set(findStaleDocuments(analysis).map((i) => i.subject));
  for (const doc of analysis.documents) {
    if (!doc.lastReviewed && !doc.nextReview && !doc.approved) continue;
    const signal = stale.has(`review:${doc.name}`) ? 0.85 : 0.05;
    lists.currencyRules.push(
      target(
        'currency_check',
        `review cycle of ${doc.name}`,
        { kind: 'review', document: doc.name },
        signal,
        'medium',
      ),
    );
  }

  // Defined terms and editions used inconsistently.
  for (const issue of findEditionInconsistencies(analysis.citations, undefined, analysis)) {
    const familyId = issue.aspects[0]!.replace(/^standard:/, '');
    lists.definedTerms.push(
      target(
        'consistency_check',
        `editions of ${familyId}`,
        { kind: 'standard_editions', familyId, documents: [...new Set(issue.quotes.map((q) => q.document))] },
        0.85,
        'medium',
      ),
    );
  }

  // Citation tuples: every resolvable section reference; broken ones carry the signal.
  const broken = new Set(findBrokenReferences(analysis).map((i) => i.subject));
  for (const issue of findBrokenReferences(analysis)) {
    const [, document, kind, number, cited] = issue.subject.split(':');
    lists.citations.push(
      target(
        'citation_integrity_check',
        `${kind} ${number} of ${cited} cited by ${document}`,
        { kind: 'citation', document: document!, reference: `${kind} ${number}`, citedDocument: cited! },
        broken.has(issue.subject) ? 0.85 : 0.1,
        'medium',
      ),
    );
  }

  const allSegments = analysis.documents.flatMap((d) => d.segments);
  for (const issue of definedTermIssues(allSegments)) {
    const term = issue.subject.replace(/^term:/, '');
    lists.definedTerms.push(
      target(
        'consistency_check',
        `definition of "${term}"`,
        { kind: 'term', term, documents: [...new Set(issue.quotes.map((q) => q.document))] },
        0.8,
        'medium',
      ),
    );
  }

  for (const issue of versionReferenceIssues(analysis, allSegments)) {
    const [document, citedDocument] = issue.subject.replace(/^version:/, '').split('>');
    lists.definedTerms.push(
      target(
        'consistency_check',
        `version of ${citedDocument} cited by ${document}`,
        { kind: 'version_reference', document: document!, citedDocument: citedDocument! },
        0.75,
        'low',
      ),
    );
  }
  const rpo = recoveryPointIssue(analysis.facts);
  if (rpo)
    lists.concepts.push(
      target(
        'conflict_check',
        'backup frequency vs recovery point objective',
        { kind: 'rpo', documents: [...new Set(rpo.quotes.map((q) => q.document))] },
        0.8 + focusBoost(intake, ['backup', 'recovery']),
        'high',
      ),
    );

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
  return {
    concepts: finish(lists.concepts, CATALOG_CAPS.concepts),
    docPairs: finish(lists.docPairs, CATALOG_CAPS.docPairs),
    elements: finish(lists.elements, CATALOG_CAPS.elements),
    currencyRules: finish(lists.currencyRules, CATALOG_CAPS.currencyRules),
    definedTerms: finish(lists.definedTerms, CATALOG_CAPS.definedTerms),
    citations: finish(lists.citations, CATALOG_CAPS.citations),
  };
}
