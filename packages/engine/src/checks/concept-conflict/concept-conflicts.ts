// conflict_check: one concept (and scope), incompatible values for the same thing (their topics
// align), in two documents or twice in one document (running text against its own summary table).
// The pair reported is the most alike pair of statements (shared wording means they speak about
// the same thing); an explicit change ("from daily to weekly") is preferred because it is the clearest.
import { jaccard, tokenize } from '../../text/normalize';
import type { ConceptDefinition } from '../../analyst/concepts';
import {
  documentSubject,
  sameRowSubject,
  sameTopic,
  tableRowLabel,
  type ConceptFact,
} from '../../analyst/corpus-analysis';
import { topicOverlap, topicWords } from '../../analyst/topics';
import { isNormative, type DocumentRole } from '../../analyst/document-roles';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { describeQuantity, incompatible, type Quantity } from '../../analyst/quantities';
import {
  differentRecipients,
  plainlyApart,
  requirementsOf,
  type Requirement,
} from '../../analyst/requirements';

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

/** A statement about every one of the things ("all systems", "every account"). */
const ALL_OF_THEM = /\b(?:all|every|each|any)\b/i;
/** A statement about one kind of them, not all ("standard user access", "non-privileged accounts"). */
const ANOTHER_KIND = /\b(?:standard|user|non-?privileged|regular|ordinary|general staff)\b/i;

/**
 * Statements of one scope conflict with each other; a general statement (no scope) conflicts with
 * a scoped one only when the scoped document, at its strictest, is weaker than the general rule
 * (a stricter rule for privileged accounts is an allowed exception, a weaker one is not).
 */
function bestPair(
  facts: ConceptFact[],
  scope: string | null,
  allOfConcept: ConceptFact[],
  roles: Map<string, DocumentRole>,
  maxRatio: number,
): Pair | null {
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
  const weaker = (value: number, than: ConceptFact) =>
    higherIsStricter(than.concept) ? value < than.quantity.value * 0.9 : value > than.quantity.value * 1.1;
  const weakerThanGeneral = (scoped: ConceptFact, general: ConceptFact) =>
    weaker(strictest.get(scoped.segment.document) ?? scoped.quantity.value, general);
  // "Access to all systems is reviewed once a year" in a procedure that sets nothing apart for
  // privileged accounts, against a policy's quarterly review of them: the general rule covers
  // them too, and falls short. A rule for another kind ("standard user access") covers none.
  const generalFallsShort = (scoped: ConceptFact, general: ConceptFact) =>
    scoped.concept.scopes?.find((s) => s.name === scoped.scope)?.coveredByGeneral === true &&
    ALL_OF_THEM.test(general.segment.text) &&
    !ANOTHER_KIND.test(general.segment.text) &&
    scoped.segment.document !== general.segment.document &&
    !allOfConcept.some((f) => f.segment.document === general.segment.document && f.scope === scoped.scope) &&
    weaker(general.quantity.value, scoped);
  const multiValued = multiValuedDocuments(allOfConcept);
  for (let i = 0; i < facts.length; i += 1) {
    for (let j = i + 1; j < facts.length; j += 1) {
      const a = facts[i]!;
      const b = facts[j]!;
      if (!comparable(a, b, roles, multiValued, allOfConcept)) continue;
      if (scope !== null && a.scope !== scope && b.scope !== scope) continue;
      // Two different populations (regulators vs. internal staff) are two rules.
      const linked = linkedAcrossScopes(a, b);
      if (a.scope !== null && b.scope !== null && a.scope !== b.scope && !linked) continue;
      if (a.scope !== b.scope && !linked) {
        const [scoped, general] = a.scope === null ? [b, a] : [a, b];
        if (!weakerThanGeneral(scoped, general) && !generalFallsShort(scoped, general)) continue;
        // A document that gives the concept several values (a severity table's escalation times)
        // has no one general value a scoped rule could fall short of.
        if (general.tabular && multiValued.has(general.segment.document)) continue;
      }
      if (!incompatible(asStated(a), asStated(b))) continue;
      if (valueRatio(a, b) > maxRatio) continue;
      if (practiceMeetsRule(a, b, roles) || practiceMeetsRule(b, a, roles)) continue;
      if (excludesSubject(a, b) || excludesSubject(b, a)) continue;
      let score = jaccard(tokens.get(a)!, tokens.get(b)!);
      if (a.quantity.changedFrom || b.quantity.changedFrom) score += 0.5;
      if (a.scope === b.scope) score += 0.2;
      // A document that contradicts its own summary table is the clearest case.
      if (a.segment.document === b.segment.document) score += 0.3;
      score += 0.3 * topicOverlap(a.topic, b.topic);
      if (!best || score > best.score) best = { a, b, score };
    }
  }
  return best;
}

/**
 * The other statement sets the fact's subject aside ("Audit logs of cardholder data environment
 * components that hold no ePHI" against "Audit logs of ePHI systems are kept six years"): it is
 * about the rest, not the same records.
 */
function excludesSubject(fact: ConceptFact, other: ConceptFact): boolean {
  const topic = new Set(fact.topic);
  for (const m of other.segment.text.matchAll(
    /\b(?:no|not|non-?|without|excluding|other than)\s+([A-Za-z][\w-]*)/gi,
  ))
    if (topic.has(m[1]!.toLowerCase())) return true;
  return false;
}

/**
 * A record of practice (minutes, a register, an e-mail) within a rule's bound ("notified ... two
 * days after discovery" against a 72-hour target) meets it: no conflict.
 */
function practiceMeetsRule(
  practice: ConceptFact,
  rule: ConceptFact,
  roles: Map<string, DocumentRole>,
): boolean {
  if (roles.get(practice.segment.document) !== 'evidence') return false;
  if (!isNormative(roles.get(rule.segment.document) ?? 'other')) return false;
  // Only a bounded rule can be met by another value ("keep footage 30 days" is not met by 90); a
  // time to act in ("a target of 72 hours") is a limit however it is written.
  const timeToAct = rule.concept.kind === 'duration' && !higherIsStricter(rule.concept);
  const bound = timeToAct ? 'max' : asStated(rule).bound;
  if (bound === 'max') return practice.quantity.value <= rule.quantity.value;
  if (bound === 'min') return practice.quantity.value >= rule.quantity.value;
  return false;
}

/** A rule table's row label naming a tier or class ("Tier 2 — Important", "Critical", "P1"). */
const TIER_LABEL =
  /\b(?:tier|level|class|category|priority|severity|grade|band|P[0-4]|critical|high|medium|moderate|low)\b/i;

/**
 * The label of a tiered table's row: a row of a rule table whose rows give the concept different
 * values by tier ("| Tier 1 | ... | every 12 months |", "| Tier 2 | ... | every 24 months |").
 * Null for any other fact.
 */
function tierOf(fact: ConceptFact, facts: ConceptFact[]): string | null {
  if (!fact.tabular) return null;
  // Asked for every pair a fact is in: read once per fact and set of facts compared (a verdict
  // compares the retrieved facts only, the corpus pass all of them).
  let labels = tierCache.get(facts);
  if (!labels) tierCache.set(facts, (labels = new Map()));
  if (!labels.has(fact)) labels.set(fact, readTier(fact, facts));
  return labels.get(fact)!;
}

const tierCache = new WeakMap<ConceptFact[], Map<ConceptFact, string | null>>();

function readTier(fact: ConceptFact, facts: ConceptFact[]): string | null {
  const label = tableRowLabel(fact.segment.text);
  if (!label || label.length > 40 || !TIER_LABEL.test(label)) return null;
  const tiered = facts.some(
    (g) =>
      g !== fact &&
      g.concept.id === fact.concept.id &&
      g.tabular &&
      g.segment.document === fact.segment.document &&
      Math.abs(g.segment.segIndex - fact.segment.segIndex) <= 8 &&
      g.quantity.value !== fact.quantity.value,
  );
  return tiered ? label : null;
}

/**
 * How a tier's value relates to another document's statement: the same tier when the statement
 * names it ("Tier 1 suppliers are reviewed every 36 months"), another thing when it does not; null
 * when neither fact is a tier's.
 */
function tierRelation(a: ConceptFact, b: ConceptFact, facts: ConceptFact[]): 'same' | 'other' | null {
  let relation: 'same' | 'other' | null = null;
  for (const [row, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const label = tierOf(row, facts);
    if (label === null) continue;
    if (!other.segment.text.toLowerCase().includes(label.toLowerCase())) return 'other';
    relation = 'same';
  }
  return relation;
}

/**
 * Two statements of a concept can contradict each other: they speak about the same thing (their
 * topics are not disjoint), and when both are in one document, they are far apart and name the
 * same thing plainly (a section that restates a value its own summary table gives differently).
 */
function comparable(
  a: ConceptFact,
  b: ConceptFact,
  roles: Map<string, DocumentRole>,
  multiValued: Set<string> = new Set(),
  facts: ConceptFact[] = [],
): boolean {
  // A tier table's row is about its tier, whatever the row's own words read as.
  if (a.segment.document !== b.segment.document) {
    const tier = tierRelation(a, b, facts);
    if (tier !== null) return tier === 'same';
  }
  // Rows labelled alike are about one thing, whatever their other cells read as.
  const sameRow = sameRowSubject(a, b);
  if (!sameRow && readingsApart(a, b, roles)) return false;
  const aboutOneThing = sameRow || sameTopic(a.topic, b.topic);
  const sameDocument = a.segment.document === b.segment.document;
  if (a.concept.requireTopic && !aboutOneThing && !(sameDocument && generalRuleAndItsSubset(a, b)))
    return false;
  if (sameDocument) {
    const summaryTable = Boolean(a.tabular) !== Boolean(b.tabular);
    if (!summaryTable || Math.abs(a.segment.segIndex - b.segment.segIndex) < 3) return false;
    // A concept that names one thing (a loss report, an idle lock) needs only a shared key noun
    // between the text and its quick-reference table; a concept of many things needs the same one.
    const related = a.concept.requireTopic
      ? aboutOneThing
      : aboutOneThing || topicOverlap(a.topic, b.topic) > 0;
    return related || generalRuleAndItsSubset(a, b);
  }
  if (differentObjects(a, b, roles, multiValued)) return false;
  // A general rule ("audit logs: at least one year") and a stricter one for particular things
  // ("ceremony logs and HSM audit trails: three years") can both be followed.
  if ((a.topic.length === 0) !== (b.topic.length === 0)) {
    const [general, specific] = a.topic.length === 0 ? [a, b] : [b, a];
    const stricter = higherIsStricter(a.concept)
      ? specific.quantity.value > general.quantity.value
      : specific.quantity.value < general.quantity.value;
    if (stricter && specific.topic.length >= 2) return false;
  }
  return true;
}

/** The requirement a fact's value states, read with the NLP reading (null when none is read). */
function readingOf(fact: ConceptFact): Requirement | null {
  // The two readings may cut the value differently ("once every 5 years", "every 5 years").
  const { index, phrase } = fact.quantity;
  return (
    requirementsOf(fact.segment).find(
      (r) => r.quantity.index < index + phrase.length && index < r.quantity.index + r.quantity.phrase.length,
    ) ?? null
  );
}

/**
 * The sentences' own reading says the two values are about different things, whatever the concept
 * vocabulary matched: different populations, tiers or kinds ("privileged" and "user" access,
 * "external" and "application" tests), or each document's rule about itself (requirements.ts
 * `plainlyApart`).
 */
function readingsApart(a: ConceptFact, b: ConceptFact, roles: Map<string, DocumentRole>): boolean {
  const ra = readingOf(a);
  const rb = readingOf(b);
  if (!ra || !rb) return false;
  const contract = [a, b].some((f) => roles.get(f.segment.document) === 'contract');
  return plainlyApart(ra, rb) || (!contract && differentRecipients(ra, rb));
}

/**
 * Two statements that topic clustering put in different scopes still speak about one thing when
 * their own topics align (a rule listing several record types clusters with only one of them), or
 * when one is the document's general rule and the other a row of its table.
 */
function linkedAcrossScopes(a: ConceptFact, b: ConceptFact): boolean {
  if (a.concept.requireTopic && (sameTopic(a.topic, b.topic) || sameRowSubject(a, b))) return true;
  return a.segment.document === b.segment.document && generalRuleAndItsSubset(a, b);
}

/**
 * A general rule stated in the running text of a document about its own subject ("audit records
 * are kept at least twelve months" in an audit logging standard) covers every row of that
 * document's tables: a row that gives one kind of record less ("firewall logs: 180 days") breaks
 * it, whatever the row's own words. Only bounded rules count (a minimum, or a maximum where lower
 * is stricter): a plain value may be one case among others.
 */
function generalRuleAndItsSubset(a: ConceptFact, b: ConceptFact): boolean {
  const [text, row] = a.tabular ? [b, a] : [a, b];
  if (text.tabular || !row.tabular) return false;
  const bound = higherIsStricter(text.concept) ? 'min' : 'max';
  if (text.quantity.bound !== bound) return false;
  const subject = new Set(topicWords(documentSubject(text.segment.document)));
  return text.topic.some((w) => subject.has(w));
}

/**
 * Topics with nothing in common ("penetration tests of segmentation" vs "external penetration
 * tests") are two rules, not one rule stated twice. Correspondence and records describe things in
 * their own words ("the production backups" against a plan's "daily database backups"), so with
 * them the test applies only when the other document gives the concept several values for
 * different things (an RTO per service), where the value depends on which thing is meant.
 */
function differentObjects(
  a: ConceptFact,
  b: ConceptFact,
  roles: Map<string, DocumentRole>,
  multiValued: Set<string>,
): boolean {
  if (a.topic.length === 0 || b.topic.length === 0 || topicOverlap(a.topic, b.topic) > 0) return false;
  const informal = [a, b].some((f) => roles.get(f.segment.document) === 'evidence');
  const perThing = [a, b].some((f) => multiValued.has(f.segment.document));
  return !informal || perThing;
}

/** Documents that state different values of the concept for different things. */
function multiValuedDocuments(facts: ConceptFact[]): Set<string> {
  const values = new Map<string, ConceptFact[]>();
  for (const f of facts) values.set(f.segment.document, [...(values.get(f.segment.document) ?? []), f]);
  const out = new Set<string>();
  for (const [doc, list] of values)
    if (list.some((x) => list.some((y) => incompatible(x.quantity, y.quantity)))) out.add(doc);
  return out;
}

/** An objective is a limit however it is written: "RTO 4 hours" and "within 12 hours" differ. */
function asStated(fact: ConceptFact): Quantity {
  return fact.concept.valueIsLimit && fact.quantity.bound === 'exact'
    ? { ...fact.quantity, bound: 'max' }
    : fact.quantity;
}

export function describeFact(fact: ConceptFact): string {
  const q = fact.quantity;
  const value = describeQuantity(q);
  return q.changedFrom ? `${value}, changed from "${q.changedFrom}"` : value;
}

/** A fact's statement as the document words it, shortened: `Policy.docx: "notify ... 30 days"`. */
function statementOf(fact: ConceptFact): string {
  const text = fact.segment.text;
  return `${fact.segment.document}: "${text.length > 200 ? `${text.slice(0, 200)}...` : text}"`;
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
  maxRatio = Infinity,
): Issue | null {
  const scopeWanted =
    scopeFilter === undefined ? (facts.find((f) => f.scope !== null)?.scope ?? null) : scopeFilter;
  const inScope = facts.filter(
    (f) =>
      f.scope === scopeWanted ||
      (scopeWanted !== null && f.scope === null) ||
      facts.some((g) => g.scope === scopeWanted && linkedAcrossScopes(g, f)),
  );
  const pair = bestPair(inScope, scopeWanted, facts, roles, maxRatio);
  if (!pair) return null;
  const concept = pair.a.concept;
  const scope = pair.a.scope ?? pair.b.scope;
  // Order: the governing (normative) document first, practice/evidence second.
  const normativeFirst = (f: ConceptFact) => (isNormative(roles.get(f.segment.document) ?? 'other') ? 0 : 1);
  const [first, second] = [pair.a, pair.b].sort((x, y) => normativeFirst(x) - normativeFirst(y));
  const docA = first!.segment.document;
  const docB = second!.segment.document;
  // Other documents that state a different value for the same thing (same scope and topic).
  const others = inScope.filter(
    (f) =>
      f.segment.document !== docA &&
      f.segment.document !== docB &&
      comparable(f, first!, roles, multiValuedDocuments(facts), facts) &&
      incompatible(f.quantity, first!.quantity),
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
  const sameDocument = docA === docB;
  // Within one document: where each value stands (its table or its running text).
  const where = (f: ConceptFact) => (f.tabular ? 'in a table' : 'in the text');
  const description = sameDocument
    ? `${docA} states the ${concept.label}${scopeText} twice with different values: ${valueA} ${where(first!)} and ${valueB} ${where(second!)}. ` +
      `Readers of either part follow a different rule.${extra}`
    : practice
      ? `${docA} sets the ${concept.label}${scopeText} ${at(first!)} ${valueA}, but ${docB} records a practice of ${valueB}. ` +
        `The documented requirement and the practice disagree.${extra}`
      : contract
        ? `${docA} sets the ${concept.label}${scopeText} ${at(first!)} ${valueA}, but the contract ${docB} commits to ${valueB}. ` +
          `The contract does not meet the documented requirement.${extra}`
        : `${docA} sets the ${concept.label}${scopeText} ${at(first!)} ${valueA}, while ${docB} sets it ${at(second!)} ${valueB}. ` +
          `The two documents cannot both be followed.${extra}`;
  // What each statement says in its own words: the label is the analyst's, the subject is theirs
  // ("notify the Texas Attorney General ... not later than 30 days").
  const statements = ` The statements: ${statementOf(first!)}; ${statementOf(second!)}.`;
  const rootCause = sameDocument
    ? `The ${concept.label}${scopeText} is restated in two places of ${docA}, and one of them was not updated when the other changed.`
    : practice
      ? `The ${concept.label} in practice (${docB}) was changed or never aligned with ${docA}; the change did not go through the document that governs it.`
      : `The ${concept.label}${scopeText} is stated independently in ${docA} and ${docB}, and the documents were not aligned when one of them changed.`;
  const severity = practice && concept.severity === 'medium' ? 'high' : concept.severity;
  return {
    primitive: 'conflict_check',
    subject: conceptSubject(concept.id, scope),
    aspects: [conceptSubject(concept.id, scope)],
    title: `Conflicting ${concept.label}${scopeText}: ${valueA.split(' (')[0]} in ${docA} vs ${valueB.split(' (')[0]} in ${docB}`,
    description: description + statements,
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

/** How many times the larger of two values is the smaller (Infinity when one is zero). */
function valueRatio(a: ConceptFact, b: ConceptFact): number {
  const [low, high] = [a.quantity.value, b.quantity.value].sort((x, y) => x - y);
  return low! > 0 ? high! / low! : Infinity;
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
