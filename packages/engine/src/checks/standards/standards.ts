// currency_check for superseded editions of cited standards, and consistency_check for one
// standard cited in different editions across the corpus (or, for a protocol such as TLS, one
// document accepting a version below the floor the others require).
import { withinRevisionHistory } from '../../analyst/revision-history';
import type { CitationFact, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { isSuperseded, type StandardFamily } from '../../analyst/standards';
import { escapeRegExp } from '../../text/normalize';

/** What the checks need from the corpus: its newest date, the audit date and the documents' text. */
export type StandardsContext = Pick<CorpusAnalysis, 'referenceDate' | 'byName'> &
  Partial<Pick<CorpusAnalysis, 'auditDate'>>;

export function standardSubject(familyId: string): string {
  return `standard:${familyId}`;
}

/**
 * Words that say an edition is named without being relied on: "TLS 1.0 is disabled", "migrated
 * from ISO/IEC 27001:2013", "replaces the 2013 edition".
 */
const NOT_RELIED_ON =
  /\b(?:prohibit\w*|disabl\w*|disallow\w*|forbid\w*|not\s+(?:be\s+)?(?:permitted|allowed|accepted|used|supported|acceptable)|must\s+not|shall\s+not|may\s+not|never|deprecat\w*|retir\w*|supersed\w*|replac\w*|withdrawn|obsolete|no\s+longer|(?:migrat|transition|mov|upgrad)\w*\s+(?:away\s+)?from|instead\s+of|rather\s+than|formerly|previously|block\w*)\b/i;

/** The clause of `text` around [index, index + length): cut at ";", a sentence end or ", but". */
function clauseAround(text: string, index: number, length: number): string {
  // Only the last 40 characters before the citation are kept (below), so only cuts in the 80
  // before it matter: looking further back would make every citation scan the whole text.
  const from = Math.max(0, index - 80);
  const before = text.slice(from, index);
  const after = text.slice(index + length);
  const cut = /;|\.\s|,\s+(?:and|but|while|whereas|except)\b|\s+but\s+/g;
  let start = from;
  for (const m of before.matchAll(cut)) start = from + m.index + m[0].length;
  const end = after.search(cut);
  // Only words near the citation speak about it ("TLS 1.1 ... (legacy client planned for
  // retirement)" still accepts TLS 1.1).
  start = Math.max(start, index - 40);
  return text.slice(start, index + length + Math.min(end < 0 ? after.length : end, 50));
}

function reliedOn(fact: CitationFact): boolean {
  const { citation, segment } = fact;
  if (historical(fact)) return false;
  return !NOT_RELIED_ON.test(clauseAround(segment.text, citation.index, citation.phrase.length));
}

const HISTORY_LABEL =
  /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?:\*\*)?(?:historical note|history|background)\b[^:\n]{0,20}:/i;
const MOVED_TO = /\b(?:transition|migrat|mov|upgrad|recertif)\w*\s+(?:\w+\s+){0,4}?to\s+(?:the\s+)?/i;

/**
 * A paragraph that tells the story of a move: labelled as history ("Historical note: LCF was
 * first certified to ISO 28000:2007 in 2016"), or one that says the organisation moved to the
 * current edition ("... transitioned to the 2022 editions in September 2024"). Its older
 * editions are the past.
 */
function historical(fact: CitationFact): boolean {
  const text = fact.segment.text;
  if (HISTORY_LABEL.test(text)) return true;
  const current = currentEditionMention(fact.citation.family);
  return current !== null && MOVED_TO.test(text) && current.test(text);
}

/**
 * A revision-history entry ("5.0 | March 2024 | Restructured for PCI DSS v4.0") records the past.
 */
function inRevisionHistory(fact: CitationFact, context?: StandardsContext): boolean {
  const doc = context?.byName.get(fact.segment.document);
  return doc ? withinRevisionHistory(doc, fact.segment.start + fact.citation.index) : false;
}

/** Citations that state what the document relies on today. */
function currentUse(citations: CitationFact[], context?: StandardsContext): CitationFact[] {
  return citations.filter((f) => reliedOn(f) && !inRevisionHistory(f, context));
}

/**
 * Judged on the audit date when there is one: a document in force today that relies on an edition
 * withdrawn since it was written is out of date today (a corpus older than the withdrawal cited it
 * correctly when written, but is followed now).
 */
function asOfTime(context?: StandardsContext): number | undefined {
  const audit = context?.auditDate ? Date.parse(context.auditDate) : undefined;
  const newest = context?.referenceDate?.time;
  if (audit === undefined || Number.isNaN(audit)) return newest;
  return newest === undefined ? audit : Math.max(audit, newest);
}

function supersededNow(fact: CitationFact, context?: StandardsContext): boolean {
  return (
    isSuperseded(fact.citation, asOfTime(context)) &&
    !retainedByDecision(fact, context) &&
    !requiredByRegulation(fact, context)
  );
}

const requiredCache = new WeakMap<object, Map<RegExp, boolean>>();

/** Whether any document of the set cites a regulation (asked once per regulation and set). */
function setCites(regulation: RegExp, context: StandardsContext): boolean {
  let cache = requiredCache.get(context.byName);
  if (!cache) requiredCache.set(context.byName, (cache = new Map()));
  let cited = cache.get(regulation);
  if (cited === undefined) {
    cited = [...context.byName.values()].some((doc) => regulation.test(doc.text));
    cache.set(regulation, cited);
  }
  return cited;
}

/**
 * An edition its publisher replaced that a regulation the set cites still requires ("NIST SP
 * 800-171 Rev. 2" where the set cites DFARS 252.204-7012 or CMMC): the edition to follow there.
 */
function requiredByRegulation(fact: CitationFact, context?: StandardsContext): boolean {
  const rule = fact.citation.family.requiredWhere?.find((r) => r.edition === fact.citation.edition);
  return rule !== undefined && context !== undefined && setCites(rule.regulation, context);
}

/** Words that say an older edition is kept on purpose: "keeps Revision 2 as the baseline until". */
const RETENTION =
  /\b(?:keeps?|kept|retain\w*|remains?|continu\w*|until|pending|baseline|contractual\w*|deviation|mandat\w*|not\s+yet|tracks?|transition\w*|defer\w*)\b/i;

const currentMentions = new Map<StandardFamily, RegExp | null>();

/** A mention of the family's current edition, written bare ("Revision 3", ":2018", "v4.0"); built once per family. */
function currentEditionMention(family: StandardFamily): RegExp | null {
  if (!currentMentions.has(family)) currentMentions.set(family, currentMentionOf(family));
  return currentMentions.get(family)!;
}

function currentMentionOf(family: StandardFamily): RegExp | null {
  if (!/^\d/.test(family.current)) return null;
  const e = escapeRegExp(family.current);
  return new RegExp(
    `(?:\\brev(?:ision)?\\.?\\s*|\\bversion\\s*|\\bv\\.?\\s*|:\\s*)${e}(?![\\d.]*\\d)|\\b${e}\\s+(?:editions?|versions?|revisions?)\\b`,
    'i',
  );
}

const retainedCache = new WeakMap<object, Map<string, boolean>>();

/**
 * The corpus itself records that it stays on an older edition on purpose: near a citation of the
 * family it names the current edition and says the older one is kept ("Revision 3 was published;
 * the contract keeps Revision 2 as the baseline until ..."). Such a documented decision is not a
 * stale reference.
 */
function retainedByDecision(fact: CitationFact, context?: StandardsContext): boolean {
  if (!context) return false;
  const family = fact.citation.family;
  let cache = retainedCache.get(context.byName);
  if (!cache) retainedCache.set(context.byName, (cache = new Map()));
  const known = cache.get(family.id);
  if (known !== undefined) return known;
  const current = currentEditionMention(family);
  let retained = false;
  if (current) {
    for (const doc of context.byName.values()) {
      for (const m of doc.text.matchAll(new RegExp(family.pattern.source, family.pattern.flags))) {
        // A revision history records a move made ("transitioned to :2022"), not an edition kept.
        if (withinRevisionHistory(doc, m.index)) continue;
        // Only a mention of an older edition can be the one kept ("ISO/IEC 27001:2022 ... moved
        // from the 2013 edition" keeps nothing).
        if (current.test(m[0])) continue;
        // The decision is written where the edition is named: its paragraph or list item.
        const window = doc.text
          .slice(m.index, m.index + 700)
          .split(/\n\s*\n|\n\s*(?:\d+(?:\.\d+)*\.?|[-*\u2022])\s/)[0]!;
        const rest = window.slice(m[0].length);
        // "... transitioned to the 2022 editions": a move made, the opposite of an edition kept.
        if (HISTORY_LABEL.test(window) || MOVED_TO.test(window)) continue;
        if (current.test(rest) && RETENTION.test(rest)) {
          retained = true;
          break;
        }
      }
      if (retained) break;
    }
  }
  cache.set(family.id, retained);
  return retained;
}

/** "FIPS 140-2 or 140-3", "ISO/IEC 27001:2013 and :2022": a sentence that also names a current edition. */
function alsoCitesCurrent(fact: CitationFact, all: CitationFact[], context?: StandardsContext): boolean {
  return all.some(
    (o) =>
      o.segment === fact.segment &&
      o.citation.family.id === fact.citation.family.id &&
      o.citation.edition !== null &&
      !supersededNow(o, context),
  );
}

/** A protocol floor below the current one is a finding only when no other document sets a higher floor. */
function protocolCoveredByInconsistency(
  fact: CitationFact,
  all: CitationFact[],
  context?: StandardsContext,
): boolean {
  return all.some(
    (o) =>
      o.citation.family.id === fact.citation.family.id &&
      o.segment.document !== fact.segment.document &&
      o.citation.edition !== null &&
      !supersededNow(o, context),
  );
}

export function findSupersededCitations(
  citations: CitationFact[],
  familyId?: string,
  context?: StandardsContext,
): Issue[] {
  const used = currentUse(citations, context);
  const byKey = new Map<string, CitationFact[]>();
  for (const fact of used) {
    if (familyId && fact.citation.family.id !== familyId) continue;
    if (!supersededNow(fact, context) || alsoCitesCurrent(fact, used, context)) continue;
    if (fact.citation.family.protocol && protocolCoveredByInconsistency(fact, used, context)) continue;
    const key = `${fact.citation.family.id}|${fact.segment.document}|${fact.citation.edition}`;
    byKey.set(key, [...(byKey.get(key) ?? []), fact]);
  }
  const issues: Issue[] = [];
  for (const facts of byKey.values()) {
    const { citation, segment } = facts[0]!;
    const family = citation.family;
    // Where the set cites the regulation that keeps an older edition, that edition is the target.
    const kept = family.requiredWhere?.find((r) => context && setCites(r.regulation, context));
    const target = kept ? `${family.name} Revision ${kept.edition}` : family.currentLabel;
    issues.push({
      primitive: 'currency_check',
      subject: `${standardSubject(family.id)}:${segment.document}`,
      aspects: [standardSubject(family.id)],
      title: `Superseded edition of ${family.name} cited in ${segment.document}`,
      description:
        `${segment.document} cites ${family.name} as "${citation.phrase}" (edition ${citation.edition}). That edition has been superseded by ` +
        `${family.currentLabel} (${family.currentSince})${kept ? `, and ${kept.basis} require Revision ${kept.edition}` : ''}; the document is outdated and controls and mappings built on the old edition may no longer hold.`,
      rootCause: `The references of ${segment.document} were not updated when ${family.name} was revised; document reviews do not check the currency of cited standards.`,
      remediationScope: `Move ${segment.document} to ${target}, re-map the affected controls, and add a check of cited editions to the document review procedure.`,
      remediationEffortHours: 6,
      severity: 'medium',
      confidence: 0.9,
      frameworks: [],
      quotes: [quoteOf(segment)],
    });
  }
  return issues;
}

/** The first citation of each edition, documents that rely on a superseded edition first. */
function editionsOf(facts: CitationFact[], context?: StandardsContext): CitationFact[] {
  const editions = new Map<string, CitationFact>();
  for (const fact of facts)
    if (!editions.has(fact.citation.edition!)) editions.set(fact.citation.edition!, fact);
  return [...editions.values()].sort(
    (a, b) => Number(supersededNow(b, context)) - Number(supersededNow(a, context)),
  );
}

function protocolIssue(
  family: StandardFamily,
  facts: CitationFact[],
  context?: StandardsContext,
): Issue | null {
  const low = facts.filter((f) => supersededNow(f, context));
  const high = facts.filter((f) => !supersededNow(f, context));
  if (low.length === 0 || high.length === 0) return null;
  const lowDocs = new Set(low.map((f) => f.segment.document));
  const others = high.filter((f) => !lowDocs.has(f.segment.document));
  if (others.length === 0) return null;
  const weak = low[0]!;
  // Policies and standards set the floor; quote them before contracts and records.
  const rank = (doc: string) =>
    ['policy', 'standard', 'procedure'].indexOf(context?.byName.get(doc)?.role ?? '') >>> 0;
  const strongDocs = [...new Set(others.map((f) => f.segment.document))].sort((a, b) => rank(a) - rank(b));
  const strong = strongDocs.map((d) => others.find((f) => f.segment.document === d)!);
  return {
    // Two documents set incompatible floors for the same traffic: a conflict of requirements, not
    // only of wording.
    primitive: 'conflict_check',
    subject: `${standardSubject(family.id)}:editions`,
    aspects: [standardSubject(family.id)],
    title: `${family.name} minimum version inconsistent: ${weak.citation.phrase} accepted in ${weak.segment.document}`,
    description:
      `${weak.segment.document} accepts "${weak.citation.phrase}" ("${weak.segment.text.slice(0, 160)}"), while ${listDocuments(strongDocs)} ` +
      `require ${strong[0]!.citation.phrase} or later. ${weak.citation.phrase} is deprecated (${family.currentSince}); the documents set conflicting minimum versions for the same traffic.`,
    rootCause: `${weak.segment.document} kept an older ${family.name} floor when the other documents raised it to ${family.currentLabel}; no single configuration baseline fixes the minimum version.`,
    remediationScope: `Raise the minimum in ${weak.segment.document} to ${family.currentLabel}, retire clients that need the older version, and keep one configuration baseline for ${family.name}.`,
    remediationEffortHours: 6,
    severity: 'high',
    confidence: 0.88,
    frameworks: [],
    quotes: [quoteOf(weak.segment), ...strong.slice(0, 3).map((f) => quoteOf(f.segment))],
  };
}

export function findEditionInconsistencies(
  citations: CitationFact[],
  familyId?: string,
  context?: StandardsContext,
): Issue[] {
  const byFamily = new Map<string, CitationFact[]>();
  for (const fact of currentUse(citations, context)) {
    if (familyId && fact.citation.family.id !== familyId) continue;
    if (!fact.citation.edition) continue;
    byFamily.set(fact.citation.family.id, [...(byFamily.get(fact.citation.family.id) ?? []), fact]);
  }
  const issues: Issue[] = [];
  for (const facts of byFamily.values()) {
    const family = facts[0]!.citation.family;
    if (family.protocol) {
      const issue = protocolIssue(family, facts, context);
      if (issue) issues.push(issue);
      continue;
    }
    const chosen = editionsOf(facts, context);
    if (chosen.length < 2) continue;
    if (new Set(chosen.map((f) => f.segment.document)).size < 2) continue;
    const parts = chosen.map((f) => `"${f.citation.phrase}" in ${f.segment.document}`);
    const old = chosen.filter((f) => supersededNow(f, context));
    issues.push({
      primitive: 'consistency_check',
      subject: `${standardSubject(family.id)}:editions`,
      aspects: [standardSubject(family.id)],
      title: `${family.name} cited in ${chosen.length} different editions`,
      description:
        `The corpus cites ${family.name} in different editions: ${parts.join('; ')}. Controls mapped to one edition do not line up with the other (current: ${family.currentLabel}).` +
        (old.length
          ? ` ${listDocuments(old.map((f) => f.segment.document))} still rel${new Set(old.map((f) => f.segment.document)).size > 1 ? 'y' : 'ies'} on a superseded edition.`
          : ''),
      rootCause: `No corpus-wide reference list fixes the edition of ${family.name}; ${listDocuments(chosen.map((f) => f.segment.document))} were updated independently.`,
      remediationScope: `Adopt ${family.currentLabel} in every document that cites ${family.name} and keep one reference list for cited standards.`,
      remediationEffortHours: 4,
      severity: 'medium',
      confidence: 0.88,
      frameworks: [],
      quotes: chosen.slice(0, 4).map((f) => quoteOf(f.segment)),
    });
  }
  return issues;
}
