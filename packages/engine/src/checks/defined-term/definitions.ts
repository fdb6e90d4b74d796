// The defined terms of a corpus, and the two ways a set of documents gets them wrong:
// - one term defined twice with different meanings ("Confidential Data" in two policies);
// - two different terms given one definition, word for word (a glossary entry copied and not
//   rewritten), so one of them means what the set never intended.
import type { LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { jaccard, tokenize } from '../../text/normalize';

export interface Definition {
  term: string;
  /** The term lower-cased and singular: "Events" and "event" are one term. */
  key: string;
  meaning: string;
  segment: LocatedSegment;
}

/** "Term" means ..., *Term*: ..., **Term** is defined as ... */
const QUOTED =
  /["\u201c*]{1,2}([A-Z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4})["\u201d*]{1,2}\s*(means|refers to|is defined as|shall mean|:)\s+(.{10,400})/g;
/**
 * An "Excursion" is any period ...: a definition by copula, read only where a definition's value
 * matters (a threshold), since prose says "A **Security Incident** is any event ..." where it
 * explains a term rather than fixes it.
 */
const COPULA =
  /["\u201c*]{1,2}([A-Z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4})["\u201d*]{1,2}\s*(is)\s+((?:any|an?|each|every)\s.{10,400})/g;

/** A gloss that reads as a noun phrase: it opens with an article or determiner. */
const NOUN_PHRASE = /^(?:A|An|Any|The|All|Each|Every)\s/;
/** The section a glossary stands in. */
const GLOSSARY_SECTION = /\b(?:definitions?|glossary|terms|terminology|abbreviations|acronyms)\b/i;

/**
 * "**Term**: ..." defines only in a glossary section, or when the gloss reads as a noun phrase and
 * does not lead into a list: "**Cost Efficiency**: single-person operation demonstrates:" is a
 * label on a bullet about the document's own subject, not a definition.
 */
function colonDefines(segment: LocatedSegment, meaning: string): boolean {
  if (segment.section && GLOSSARY_SECTION.test(segment.section)) return true;
  return NOUN_PHRASE.test(meaning) && !/:\s*$/.test(meaning);
}

/**
 * A glossary entry whose term is set in bold or italics at the start of a list item and glossed
 * after a dash: "- **Events** - Any observable occurrence in a system ...". The gloss must read as
 * a noun phrase (it opens with an article or determiner), so "- **Step 2** - restart the service"
 * or "- **Owner** - IT" is not taken for a definition, and a bold lead-in outside a list
 * ("**Note** - All incidents ...") is an aside, not a glossary.
 */
const DASH_GLOSS =
  /^\s*[-*\u2022]\s+(\*\*|\*|__|_)([A-Z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4})\1\s*[-\u2013\u2014]\s+((?:A|An|Any|The|All|Each|Every)\s.{10,400})/;

/** Lead-in labels of asides and admonitions, which a dash also follows. */
const ASIDE = /^(?:notes?|nb|examples?|tips?|warnings?|caution|important|reminders?|exceptions?)$/i;

/** The last word singular, the whole lower case: the key two spellings of one term share. */
export function termKey(term: string): string {
  return term
    .toLowerCase()
    .replace(/(?<=[a-z]{3})ies$/, 'y')
    .replace(/(?<=[a-z]{3}[^s])s$/, '');
}

export function extractDefinitions(segment: LocatedSegment, copula = false): Definition[] {
  const out: Definition[] = [];
  for (const m of [...segment.text.matchAll(QUOTED), ...(copula ? segment.text.matchAll(COPULA) : [])]) {
    const term = m[1]!.trim();
    const meaning = m[3]!.trim();
    if (m[2] === ':' && !colonDefines(segment, meaning)) continue;
    out.push({ term, key: termKey(term), meaning, segment });
  }
  const gloss = out.length === 0 ? DASH_GLOSS.exec(segment.text) : null;
  if (gloss && !ASIDE.test(gloss[2]!)) {
    const term = gloss[2]!.trim();
    out.push({ term, key: termKey(term), meaning: gloss[3]!.trim(), segment });
  }
  return out;
}

const MAY_DEFINE = /means|refers to|defined as|:|\s[-\u2013\u2014]\s/;
const MAY_DEFINE_BY_COPULA = /["\u201d*]\s*is\s/;

/** The corpus's definitions; with `copula`, also those written "an "Excursion" is any ...". */
export function definitionsOf(segments: LocatedSegment[], copula = false): Definition[] {
  return segments
    .filter((s) => MAY_DEFINE.test(s.text) || (copula && MAY_DEFINE_BY_COPULA.test(s.text)))
    .flatMap((s) => extractDefinitions(s, copula));
}

export function termSubject(key: string): string {
  return `term:${key}`;
}

/** A term defined in two documents with meanings that share little vocabulary. */
export function conflictingDefinitionIssues(definitions: Definition[], onlyKey?: string): Issue[] {
  const byTerm = new Map<string, Definition[]>();
  for (const d of definitions) {
    if (onlyKey && d.key !== onlyKey) continue;
    byTerm.set(d.key, [...(byTerm.get(d.key) ?? []), d]);
  }
  const issues: Issue[] = [];
  for (const [key, list] of byTerm) {
    let pair: [Definition, Definition, number] | null = null;
    for (let i = 0; i < list.length; i += 1)
      for (let j = i + 1; j < list.length; j += 1) {
        const a = list[i]!;
        const b = list[j]!;
        if (a.segment.document === b.segment.document) continue;
        const overlap = jaccard(tokenize(a.meaning), tokenize(b.meaning));
        if (overlap < 0.35 && (!pair || overlap < pair[2])) pair = [a, b, overlap];
      }
    if (!pair) continue;
    const [a, b] = pair;
    issues.push({
      primitive: 'consistency_check',
      subject: termSubject(key),
      aspects: [termSubject(key)],
      title: `"${a.term}" defined differently in ${a.segment.document} and ${b.segment.document}`,
      description:
        `${a.segment.document} defines "${a.term}" as "${a.meaning.slice(0, 160)}", while ${b.segment.document} defines "${b.term}" as ` +
        `"${b.meaning.slice(0, 160)}". Obligations attached to the term apply to different things depending on the document read.`,
      rootCause: `No shared glossary: ${a.segment.document} and ${b.segment.document} each define "${a.term}" on their own.`,
      remediationScope: `Agree one definition of "${a.term}", keep it in a corpus-wide glossary, and reference it from both documents.`,
      remediationEffortHours: 3,
      severity: 'medium',
      confidence: 0.8,
      frameworks: [],
      quotes: [quoteOf(a.segment), quoteOf(b.segment)],
    });
  }
  return issues;
}

/** Definitions this long or longer are specific enough that two equal ones are a copy. */
const MIN_SHARED_WORDS = 8;
const SAME_MEANING = 0.85;

/** "PHI" and "Protected Health Information", "Data" and "Customer Data": one term, two names. */
function namesOneThing(a: string, b: string): boolean {
  const initials = (t: string) =>
    t
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .toLowerCase();
  const [la, lb] = [a.toLowerCase(), b.toLowerCase()];
  return la.includes(lb) || lb.includes(la) || initials(a) === lb || initials(b) === la;
}

export function sharedDefinitionSubject(a: Definition, b: Definition): string {
  return termSubject(`shared:${[a.key, b.key].sort().join('|')}`);
}

/**
 * Two different terms with one and the same definition: a glossary entry duplicated and never
 * rewritten. Reported once per pair, quoting both entries.
 */
export function sharedDefinitionIssues(definitions: Definition[], onlySubject?: string): Issue[] {
  const tokens = definitions.map((d) => tokenize(d.meaning));
  const issues = new Map<string, Issue>();
  for (let i = 0; i < definitions.length; i += 1)
    for (let j = i + 1; j < definitions.length; j += 1) {
      const a = definitions[i]!;
      const b = definitions[j]!;
      if (a.key === b.key || namesOneThing(a.term, b.term)) continue;
      if (tokens[i]!.length < MIN_SHARED_WORDS || tokens[j]!.length < MIN_SHARED_WORDS) continue;
      if (jaccard(tokens[i]!, tokens[j]!) < SAME_MEANING) continue;
      const subject = sharedDefinitionSubject(a, b);
      if (issues.has(subject) || (onlySubject && subject !== onlySubject)) continue;
      const where =
        a.segment.document === b.segment.document
          ? a.segment.document
          : `${a.segment.document} and ${b.segment.document}`;
      issues.set(subject, {
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `"${a.term}" and "${b.term}" share one definition in ${where}`,
        description:
          `${a.segment.document} defines "${a.term}" as "${a.meaning.slice(0, 160)}", and ${b.segment.document} defines "${b.term}" ` +
          `in the same words ("${b.meaning.slice(0, 160)}"). Two different terms cannot mean the same thing; one entry was copied ` +
          `and not rewritten, so documents that rely on "${a.term}" or "${b.term}" point at the wrong meaning.`,
        rootCause: `A glossary entry for "${a.term}" or "${b.term}" was duplicated from the other and never reviewed.`,
        remediationScope: `Write the correct definition of the copied term ("${a.term}" or "${b.term}") and check the documents that use it.`,
        remediationEffortHours: 1,
        severity: 'medium',
        confidence: 0.85,
        frameworks: [],
        quotes: [quoteOf(a.segment), quoteOf(b.segment)],
      });
    }
  return [...issues.values()];
}
