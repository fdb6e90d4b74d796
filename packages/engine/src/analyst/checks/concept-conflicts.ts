// conflict_check: one concept (and scope), incompatible values in different documents. The pair
// reported is the most alike pair of statements (shared wording means they speak about the same
// thing); an explicit change ("from daily to weekly") is preferred because it is the clearest.
import { jaccard, tokenize } from '../../text/normalize';
import type { ConceptDefinition } from '../concepts';
import type { ConceptFact } from '../corpus-analysis';
import { isNormative, type DocumentRole } from '../document-roles';
import { listDocuments, quoteOf, type Issue } from '../issue';
import { describeQuantity, incompatible } from '../quantities';

export function conceptSubject(conceptId: string, scope: string | null): string {
  return `concept:${conceptId}:${scope ?? 'general'}`;
}

/** Higher is stricter for strengths, lengths and retention; lower is stricter otherwise. */
export function higherIsStricter(concept: ConceptDefinition): boolean {
  return concept.kind === 'strength' || concept.id === 'password_length' || concept.id.includes('retention');
}

interface Pair {
  a: ConceptFact;
  b: ConceptFact;
  score: number;
}

/**
 * Statements of one scope conflict with each other; a general statement (no scope) conflicts with
 * a scoped one only when the scoped document, at its strictest, is weaker than the general rule
 * (a stricter rule for privileged accounts is an allowed exception, a weaker one is not).
 */
function bestPair(facts: ConceptFact[], scope: string | null, allOfConcept: ConceptFact[]): Pair | null {
  let best: Pair | null = null;
  const tokens = new Map(facts.map((f) => [f, tokenize(f.segment.text)]));
  const concept = facts[0]?.concept;
  const strictest = new Map<string, number>();
  if (concept) {
    const higher = higherIsStricter(concept);
    for (const f of allOfConcept) {
      const current = strictest.get(f.segment.document);
      const value = f.quantity.value;
      if (current === undefined || (higher ? value > current : value < current))
        strictest.set(f.segment.document, value);
    }
  }
  const weakerThanGeneral = (scoped: ConceptFact, general: ConceptFact) => {
    const value = strictest.get(scoped.segment.document) ?? scoped.quantity.value;
    return higherIsStricter(scoped.concept)
      ? value < general.quantity.value * 0.9
      : value > general.quantity.value * 1.1;
  };
  for (let i = 0; i < facts.length; i += 1) {
    for (let j = i + 1; j < facts.length; j += 1) {
      const a = facts[i]!;
      const b = facts[j]!;
      if (a.segment.document === b.segment.document) continue;
      if (scope !== null && a.scope !== scope && b.scope !== scope) continue;
      if (a.scope !== b.scope) {
        const [scoped, general] = a.scope === null ? [b, a] : [a, b];
        if (!weakerThanGeneral(scoped, general)) continue;
      }
      if (!incompatible(a.quantity, b.quantity)) continue;
      let score = jaccard(tokens.get(a)!, tokens.get(b)!);
      if (a.quantity.changedFrom || b.quantity.changedFrom) score += 0.5;
      if (a.scope === b.scope) score += 0.2;
      if (!best || score > best.score) best = { a, b, score };
    }
  }
  return best;
}

export function describeFact(fact: ConceptFact): string {
  const q = fact.quantity;
  const value = describeQuantity(q);
  return q.changedFrom ? `${value}, changed from "${q.changedFrom}"` : value;
}

/** "to quarterly" for periods, "at 30 days" for amounts. */
function at(fact: ConceptFact): string {
  return fact.quantity.kind === 'period' ? 'to' : 'at';
}

/**
 * The conflict among the facts of one concept for one scope (null: general statements only);
 * `facts` may hold every fact of the concept, the scope selects.
 */
export function conflictIssueFor(
  facts: ConceptFact[],
  roles: Map<string, DocumentRole>,
  scopeFilter?: string | null,
): Issue | null {
  const scopeWanted =
    scopeFilter === undefined ? (facts.find((f) => f.scope !== null)?.scope ?? null) : scopeFilter;
  const inScope = facts.filter((f) => f.scope === scopeWanted || (scopeWanted !== null && f.scope === null));
  const pair = bestPair(inScope, scopeWanted, facts);
  if (!pair) return null;
  const concept = pair.a.concept;
  const scope = pair.a.scope ?? pair.b.scope;
  // Order: the governing (normative) document first, practice/evidence second.
  const normativeFirst = (f: ConceptFact) => (isNormative(roles.get(f.segment.document) ?? 'other') ? 0 : 1);
  const [first, second] = [pair.a, pair.b].sort((x, y) => normativeFirst(x) - normativeFirst(y));
  const docA = first!.segment.document;
  const docB = second!.segment.document;
  const others = facts.filter(
    (f) =>
      f.segment.document !== docA && f.segment.document !== docB && incompatible(f.quantity, first!.quantity),
  );
  const scopeText = scope ? ` for ${scope}` : '';
  const valueA = describeFact(first!);
  const valueB = describeFact(second!);
  const roleB = roles.get(docB) ?? 'other';
  const practice = roleB === 'evidence';
  const contract = roleB === 'contract';
  const stricterFirst = higherIsStricter(concept)
    ? first!.quantity.value >= second!.quantity.value
    : first!.quantity.value <= second!.quantity.value;
  const stricter = stricterFirst ? first! : second!;
  const extra = others.length
    ? ` ${listDocuments(others.map((o) => o.segment.document))} also state${others.length === 1 ? 's' : ''} ${listDocuments(others.map((o) => describeFact(o)))}.`
    : '';
  const description = practice
    ? `${docA} sets the ${concept.label}${scopeText} ${at(first!)} ${valueA}, but ${docB} records a practice of ${valueB}. ` +
      `The documented requirement and the practice disagree.${extra}`
    : contract
      ? `${docA} sets the ${concept.label}${scopeText} ${at(first!)} ${valueA}, but the contract ${docB} commits to ${valueB}. ` +
        `The contract does not meet the documented requirement.${extra}`
      : `${docA} sets the ${concept.label}${scopeText} ${at(first!)} ${valueA}, while ${docB} sets it ${at(second!)} ${valueB}. ` +
        `The two documents cannot both be followed.${extra}`;
  const rootCause = practice
    ? `The ${concept.label} in practice (${docB}) was changed or never aligned with ${docA}; the change did not go through the document that governs it.`
    : `The ${concept.label}${scopeText} is stated independently in ${docA} and ${docB}, and the documents were not aligned when one of them changed.`;
  const severity = practice && concept.severity === 'medium' ? 'high' : concept.severity;
  return {
    primitive: 'conflict_check',
    subject: conceptSubject(concept.id, scope),
    aspects: [conceptSubject(concept.id, scope)],
    title: `Conflicting ${concept.label}${scopeText}: ${valueA.split(' (')[0]} in ${docA} vs ${valueB.split(' (')[0]} in ${docB}`,
    description,
    rootCause,
    remediationScope: `Decide one ${concept.label}${scopeText} (the stricter value is ${describeFact(stricter).split(' (')[0]}), state it in ${docA} and ${docB} alike, and confirm the operating practice matches it.`,
    remediationEffortHours: practice ? 8 : 3,
    severity,
    confidence: Math.min(0.95, 0.78 + Math.min(0.15, pair.score * 0.3)),
    frameworks: [],
    quotes: [
      quoteOf(first!.segment),
      quoteOf(second!.segment),
      ...others.slice(0, 2).map((o) => quoteOf(o.segment)),
    ],
  };
}

/** All conflicts among the given facts, one issue per concept and scope. */
export function findConceptConflicts(
  facts: ConceptFact[],
  roles: Map<string, DocumentRole>,
  only?: { conceptId: string; scope: string | null },
): Issue[] {
  const byConcept = new Map<string, ConceptFact[]>();
  for (const fact of facts) {
    if (only && fact.concept.id !== only.conceptId) continue;
    byConcept.set(fact.concept.id, [...(byConcept.get(fact.concept.id) ?? []), fact]);
  }
  const issues = new Map<string, Issue>();
  for (const conceptFacts of byConcept.values()) {
    const scopes = only ? [only.scope] : [...new Set(conceptFacts.map((f) => f.scope))];
    for (const scope of scopes) {
      const issue = conflictIssueFor(conceptFacts, roles, scope);
      if (issue && !issues.has(issue.subject)) issues.set(issue.subject, issue);
    }
  }
  return [...issues.values()];
}
