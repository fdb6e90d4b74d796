// Where data may be kept: a policy or procedure that requires data to stay in one country
// ("hosting of customer data in data centres located in Ghana", "stored and processed in Canada",
// "shall not be ... stored in a country outside Ghana") and a contract that lets the other party
// keep, replicate, process or reach it from another ("its facilities in Johannesburg, Republic of
// South Africa", "replicates the tenant, including backups, to Ashburn, Virginia, United States").
// The requirement was not carried into the contract. Countries are read by name from the
// knowledge data (ISO 3166-1 names and the short forms documents write); a city without its
// country ("Toronto, Ontario") says nothing of the country and is left alone.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteAround, quoteOf, type Issue } from '../../analyst/issue';
import { knowledge, type Country } from '../../knowledge';
import { escapeRegExp } from '../../text/normalize';

export interface ResidencyRule {
  segment: LocatedSegment;
  country: Country;
}

export interface ResidencyBreach {
  rule: ResidencyRule;
  permission: LocatedSegment;
  /** The other countries the contract names for the data, as written. */
  places: string[];
}

/** What the statement is about: data, records, their copies. */
const DATA_WORD = /\b(?:data|information|records?|backups?|replicas?|copies|tenant)\b/i;
/** Where data is kept or worked on. */
const PLACE_VERB =
  /\b(?:stor(?:e|ed|es|ing|age)|host(?:ed|s|ing)?|process(?:ed|es|ing)?|held|hold|kept|keep|resid\w*|located|remain\w*|replicat\w*|transferr?\w*|access\w*|back(?:ed)? up)\b/i;
/**
 * A rule binds: data stays in a country, or not outside it; a policy's present tense states its
 * rule too ("... including backups and replicas, is stored and processed in Canada").
 */
const RESTRICTION =
  /\b(?:only|must|shall|required?|within|outside|unless)\b|\b(?:is|are)\s+(?:stored|hosted|processed|kept|held)\b/i;
/** A contract sentence that forbids or limits, rather than permits, a place. */
const LIMITING = /\b(?:not|never|only|solely|exclusively|prohibited|outside)\b/i;

interface CountryName {
  name: string;
  country: Country;
}

let names: { pattern: RegExp; byName: Map<string, Country> } | null = null;

/** Every country name, longest first, matched as written (a proper noun) and whole. */
function countryNames(): { pattern: RegExp; byName: Map<string, Country> } {
  if (names) return names;
  const all: CountryName[] = knowledge().countries.countries.flatMap((country) =>
    country.names.map((name) => ({ name, country })),
  );
  all.sort((a, b) => b.name.length - a.name.length);
  names = {
    pattern: new RegExp(`(?<![\\w.])(?:${all.map((n) => escapeRegExp(n.name)).join('|')})(?![\\w-])`, 'g'),
    byName: new Map(all.map((n) => [n.name, n.country])),
  };
  return names;
}

function countriesIn(text: string): Array<CountryName & { index: number }> {
  const { pattern, byName } = countryNames();
  return [...text.matchAll(pattern)].map((m) => ({ name: m[0], country: byName.get(m[0])!, index: m.index }));
}

/**
 * The country a statement requires data to stay in: named after "in", "within" or "outside" in a
 * sentence about where data is kept that binds ("located in Ghana", "outside Ghana").
 */
function requiredCountry(text: string): Country | null {
  if (!DATA_WORD.test(text) || !PLACE_VERB.test(text) || !RESTRICTION.test(text)) return null;
  for (const found of countriesIn(text)) {
    const before = text.slice(Math.max(0, found.index - 24), found.index);
    if (!/\b(?:in|within|outside(?:\s+of)?)\s+(?:the\s+)?$/i.test(before)) continue;
    // "outside the UK or EEA": a rule for a region as well, which country names cannot judge.
    const after = text.slice(found.index + found.name.length);
    return /^\s*(?:or|and)\s+(?:the\s+)?[A-Z]/.test(after) ? null : found.country;
  }
  return null;
}

/** A sentence that approves or permits something: an exception the set records, not a rule. */
const APPROVAL = /\b(?:approv\w*|permitted|allowed|authori[sz]\w*|adequa\w*|assessed)\b/i;

/**
 * Countries the set's policies and procedures approve for the data ("the provider's Singapore
 * disaster-recovery site was assessed and approved"): a contract naming them follows the rule.
 */
function approvedCountries(analysis: CorpusAnalysis): Set<string> {
  return new Set(
    analysis.documents
      .filter((doc) => isNormative(doc.role))
      .flatMap((doc) => doc.segments)
      .filter((segment) => APPROVAL.test(segment.text))
      .flatMap((segment) => countriesIn(segment.text).map((c) => c.country.code)),
  );
}

export function residencyRules(analysis: CorpusAnalysis): ResidencyRule[] {
  return analysis.documents
    .filter((doc) => isNormative(doc.role))
    .flatMap((doc) => doc.segments)
    .flatMap((segment) => {
      const country = requiredCountry(segment.text);
      return country ? [{ segment, country }] : [];
    });
}

/**
 * The contracts' statements that let data be kept or reached in named countries, each with the
 * countries it names that the set does not approve (read once per corpus, whatever the rules).
 */
function contractPlaces(analysis: CorpusAnalysis): Array<{ segment: LocatedSegment; places: CountryName[] }> {
  const approved = approvedCountries(analysis);
  return analysis.documents
    .filter((doc) => doc.role === 'contract')
    .flatMap((doc) => doc.segments)
    .flatMap((segment) => {
      const text = segment.text;
      if (!DATA_WORD.test(text) || !PLACE_VERB.test(text) || LIMITING.test(text)) return [];
      const places = countriesIn(text).filter((c) => !approved.has(c.country.code));
      return places.length ? [{ segment, places }] : [];
    });
}

/** Per contract, the first statement that lets data go elsewhere, against the first rule it breaks. */
export function residencyBreaches(analysis: CorpusAnalysis): ResidencyBreach[] {
  const out = new Map<string, ResidencyBreach>();
  const statements = contractPlaces(analysis);
  for (const rule of residencyRules(analysis))
    for (const { segment, places } of statements) {
      const elsewhere = [
        ...new Set(places.filter((c) => c.country.code !== rule.country.code).map((c) => c.name)),
      ];
      const key = residencySubject(segment.document);
      if (elsewhere.length && !out.has(key)) out.set(key, { rule, permission: segment, places: elsewhere });
    }
  return [...out.values()];
}

export function residencySubject(contract: string): string {
  return `residency:${contract}`;
}

export function residencyIssue(breach: ResidencyBreach): Issue {
  const { rule, permission, places } = breach;
  const required = rule.country.names[0]!;
  const where = places.join(', ');
  const subject = residencySubject(permission.document);
  return {
    primitive: 'flow_down_check',
    subject,
    aspects: [subject],
    title: `${permission.document} lets data be kept or reached in ${where}, though ${rule.segment.document} requires it to stay in ${required}`,
    description:
      `${rule.segment.document} requires data to be kept in ${required} ("${rule.segment.text.slice(0, 220)}"), ` +
      `but ${permission.document} lets the other party store, replicate, process or reach it in ${where} ` +
      `("${permission.text.slice(0, 260)}"). The data residency requirement was not carried into the contract.`,
    rootCause: `${permission.document} was agreed on the provider's standard terms without checking them against the data residency rule in ${rule.segment.document}.`,
    remediationScope: `Amend ${permission.document} to keep the data (including backups, replicas and remote access) in ${required}, or record an approved exception with the safeguards ${rule.segment.document} asks for.`,
    remediationEffortHours: 6,
    severity: 'high',
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOf(rule.segment), quoteAround(permission, new RegExp(escapeRegExp(places[0]!)))],
  };
}
