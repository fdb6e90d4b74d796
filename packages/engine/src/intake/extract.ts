// The offline intake analyst: reads a client's free-text description of an audit and proposes the
// intake (spec 2.2) with an archetype and a client name. Deterministic: every member it proposes
// can be traced to words of the description.
import type { Archetype } from '@auditsvc/core';
import {
  ARCHETYPE_CUES,
  COMPANY_SUFFIX,
  FOCUS_AREAS,
  FRAMEWORKS,
  FRAMEWORK_INDUSTRY,
  INDUSTRIES,
  PURPOSES,
  Term,
  WORRY_WORDS,
} from './vocabulary';

export interface IntakeExtraction {
  domain: string;
  audit_purpose: string;
  frameworks: string[];
  focus_areas: string[];
  known_concerns: string[];
  suggested_archetype: Archetype;
  suggested_client_name: string;
}

export const MAX_KNOWN_CONCERNS = 10;
const TECHNOLOGY = 'technology (software and cloud services)';
export const MAX_CONCERN_CHARS = 400;

/** Labels of the terms the text mentions, in the order the text first mentions them. */
function termsInOrder(text: string, terms: Term[]): string[] {
  return terms
    .map((term) => {
      const positions = term.patterns.map((pattern) => text.search(pattern)).filter((at) => at >= 0);
      return { label: term.label, at: positions.length > 0 ? Math.min(...positions) : -1 };
    })
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((hit) => hit.label);
}

function count(text: string, pattern: RegExp): number {
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return text.match(global)?.length ?? 0;
}

export function splitSentences(text: string): string[] {
  return (
    text
      // A line break inside a paragraph is wrapping; a blank line or a bullet starts a new sentence.
      .split(/(?<=[.!?;])\s+|\n\s*\n|\n\s*[-*\u2022]\s+/)
      .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
      .filter((sentence) => sentence.length > 0)
  );
}

/** The industry with the most mentions; frameworks in scope count for the industry they regulate. */
export function inferDomain(text: string, frameworks: string[]): string {
  const scores = new Map<string, number>();
  for (const industry of INDUSTRIES) {
    const hits = industry.patterns.reduce((sum, pattern) => sum + count(text, pattern), 0);
    if (hits > 0) scores.set(industry.label, hits);
  }
  for (const framework of frameworks) {
    const industry = FRAMEWORK_INDUSTRY[framework];
    if (industry) scores.set(industry, (scores.get(industry) ?? 0) + 2);
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return 'general';
  // A software company serving an industry is described by both: "healthcare (software ...)".
  const industry = ranked.find(([label]) => label !== TECHNOLOGY);
  if (industry && industry[1] >= 2 && (scores.get(TECHNOLOGY) ?? 0) >= 2) {
    return `${industry[0]} (software and cloud services)`;
  }
  return ranked[0]![0];
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function inferPurpose(text: string, frameworks: string[], focusAreas: string[]): string {
  // The two purposes the text states first: "Readiness assessment and gap assessment".
  const stated = PURPOSES.map((candidate) => ({
    purpose: candidate.purpose,
    at: text.search(candidate.pattern),
  }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)
    .slice(0, 2)
    .map((hit, index) => (index === 0 ? hit.purpose : hit.purpose.toLowerCase()));
  const purpose = stated.length > 0 ? stated.join(' and ') : null;
  const against = frameworks.length > 0 ? ` against ${joinList(frameworks)}` : '';
  const focus = focusAreas.length > 0 ? `, focused on ${joinList(focusAreas.slice(0, 3))}` : '';
  if (purpose) return `${purpose}${against}${focus}`;
  const sentence = splitSentences(text).find((candidate) =>
    /\b(?:audit|assess|review|evaluat|verif|examin)\w*/i.test(candidate),
  );
  if (sentence) return sentence.length > 300 ? `${sentence.slice(0, 297).trimEnd()}...` : sentence;
  return `Document audit${against}${focus}`;
}

export function extractConcerns(text: string): string[] {
  const concerns: string[] = [];
  for (const sentence of splitSentences(text)) {
    if (!WORRY_WORDS.test(sentence)) continue;
    const trimmed =
      sentence.length > MAX_CONCERN_CHARS
        ? `${sentence.slice(0, MAX_CONCERN_CHARS - 3).trimEnd()}...`
        : sentence;
    if (!concerns.includes(trimmed)) concerns.push(trimmed);
    if (concerns.length === MAX_KNOWN_CONCERNS) break;
  }
  return concerns;
}

/**
 * Archetype by cue counts; known concerns are gaps to fix, so they weigh towards the remediation
 * pipeline. Ties go to the first archetype of ARCHETYPE_CUES; no cue at all means remediation.
 */
export function suggestArchetype(text: string, concernCount: number): Archetype {
  let best: Archetype = 'remediation_pipeline';
  let bestScore = 0;
  for (const cue of ARCHETYPE_CUES) {
    const score =
      count(text, cue.pattern) + (cue.archetype === 'remediation_pipeline' ? Math.min(concernCount, 2) : 0);
    if (score > bestScore) {
      best = cue.archetype;
      bestScore = score;
    }
  }
  return best;
}

/** Capitalised words that open a sentence rather than a name ("Review Fabrikam's contracts"). */
const LEADING_FILLER =
  /^(?:The|Our|We|At|For|From|With|This|Client|Company|Please|Review|Audit|Assess|Check|Examine|Evaluate|Test|Verify|Confirm)\s+/;
const NOT_NAMES = new Set(['We', 'Our', 'The', 'They', 'Their', 'This', 'It', 'I', 'Client', 'Company']);

/** The client name given, else a company name in the text ("Northwind Health", "Acme Corp."). */
export function suggestClientName(text: string, clientName: string | null | undefined): string {
  const given = (clientName ?? '').replace(/\s+/g, ' ').trim();
  if (given.length > 0) return given;
  const withSuffix = COMPANY_SUFFIX.exec(text)?.[1];
  if (withSuffix) {
    let name = withSuffix.trim();
    while (LEADING_FILLER.test(name)) name = name.replace(LEADING_FILLER, '');
    // Keep the full stop of "Inc.", drop one that ends the sentence.
    if (!/\b(?:Inc|Ltd|Corp|Co)\.$/.test(name)) name = name.replace(/[.,]$/, '');
    if (name.length > 0) return name;
  }
  // "Contoso's policies", or a capitalised name right after "for", "at" or "client".
  const possessive = /\b([A-Z][\w&-]+(?:\s+[A-Z][\w&-]+){0,3})['\u2019]s\b/.exec(text)?.[1];
  const owner = possessive?.replace(LEADING_FILLER, '');
  if (owner && !NOT_NAMES.has(owner)) return owner;
  const introduced =
    /\b(?:for|at|client|customer|company|called|named)\s+([A-Z][a-z][\w&-]*(?:\s+[A-Z][a-z][\w&-]*){0,3})/.exec(
      text,
    )?.[1];
  if (introduced && !NOT_NAMES.has(introduced)) return introduced;
  return '';
}

export function extractIntake(description: string, clientName?: string | null): IntakeExtraction {
  const text = description.replace(/\r\n?/g, '\n');
  const frameworks = termsInOrder(text, FRAMEWORKS);
  const focusAreas = termsInOrder(text, FOCUS_AREAS);
  const concerns = extractConcerns(text);
  return {
    domain: inferDomain(text, frameworks),
    audit_purpose: inferPurpose(text, frameworks, focusAreas),
    frameworks,
    focus_areas: focusAreas,
    known_concerns: concerns,
    suggested_archetype: suggestArchetype(text, concerns.length),
    suggested_client_name: suggestClientName(text, clientName),
  };
}
