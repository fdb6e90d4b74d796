// coverage_check: a required element of an in-scope framework that no statement satisfies.
import { documentSubject, type CorpusAnalysis, type LocatedSegment } from '../../analyst/corpus-analysis';
import { normaliseFrameworks, type RequiredElement } from '../../analyst/frameworks';
import { quoteOf, type Issue } from '../../analyst/issue';
import { tokenize } from '../../text/normalize';
import { extractTimeQuantities } from '../../analyst/quantities';

export function satisfies(element: RequiredElement, segment: LocatedSegment | string): boolean {
  const text = typeof segment === 'string' ? segment : segment.text;
  if (element.unless?.some((p) => p.test(text))) return false;
  const wordings = [element.present, ...(element.alternatives ?? [])];
  return wordings.some((patterns) => patterns.every((p) => p.test(text)));
}

/**
 * Each statement read together with the next one of the same document (or the next `size - 1`):
 * requirements are often split over two sentences ("Individuals may exercise their rights of
 * access ... Requests are answered within one month."), and a table extracted from a PDF puts a
 * column's name several lines above its values.
 */
export function statementWindows(segments: LocatedSegment[], size = 2): string[] {
  return segments.map((segment, i) => {
    const parts = [segment.text];
    for (let k = 1; k < size; k += 1) {
      const next = segments[i + k];
      if (!next || next.docIndex !== segment.docIndex || next.segIndex !== segment.segIndex + k) break;
      parts.push(next.text);
    }
    const text = parts.join(' ');
    // "This plan is exercised twice a year" is about the document it stands in: its name says which.
    // So is a plan's or procedure's statement of how often it is done under its own section
    // ("Testing: the team conducts at least one tabletop exercise a year" in the Incident Response
    // Procedure).
    return THIS_DOCUMENT.test(segment.text) || (ownSection(segment) && statesFrequency(segment.text))
      ? `${text} (${documentSubject(segment.document)})`
      : text;
  });
}

/** How often, in any wording: "quarterly", "every six months", "one tabletop exercise a year". */
const statesFrequency = (text: string) =>
  extractTimeQuantities(text).some((q) => q.kind === 'period') ||
  /\b(?:a|per|each)\s+(?:year|month|quarter|week)\b/i.test(text);

/** A statement of a plan or procedure under a section heading that names no other subject than an activity. */
function ownSection(segment: LocatedSegment): boolean {
  return (
    /\b(?:plan|procedure|playbook|runbook)\b/i.test(documentSubject(segment.document)) &&
    // The Markdown section or the numbered one, whichever names the activity.
    [segment.section, segment.frame?.heading].some((title) =>
      /^(?:\d+(?:\.\d+)*\.?\s+)?(?:testing|exercises?|exercising|tests?|training and (?:testing|exercises?)|review and testing|testing and (?:review|maintenance|exercises?)|maintenance)\b/i.test(
        title ?? '',
      ),
    )
  );
}

const THIS_DOCUMENT =
  /(?:^|[.;:]\s|\d\s)\s*(?:this|the present|the) (?:plan|policy|procedure|standard|document|playbook|runbook|programme|program) (?:is|are|shall|must|will|should|gets?)\b/i;

/** How a framework's clauses are prefixed in an element's requirement text. */
function requirementPrefix(framework: string): string {
  return framework.startsWith('ISO ') ? framework.replace('ISO ', 'ISO/IEC ') : framework;
}

export function coverageIssue(
  element: RequiredElement,
  segments: LocatedSegment[],
  frameworks: string[],
): Issue | null {
  if (statementWindows(segments, element.window).some((text) => satisfies(element, text))) return null;
  // The nearest statements: they show the topic is addressed without the required element, first
  // those of the document named for the topic (the Incident Response Procedure, for its testing),
  // which is where the element is missing from.
  const queryTokens = new Set(tokenize(element.query));
  const namedForTopic = (s: LocatedSegment) => element.related.test(documentSubject(s.document));
  const related = segments
    .filter((s) => s.text.length < 900)
    .map((s) => ({
      s,
      score:
        new Set(tokenize(s.text).filter((t) => queryTokens.has(t))).size +
        (element.related.test(s.text) ? 2 : 0) +
        (namedForTopic(s) ? 2 : 0) +
        // What made a conditional element apply (the recovery time set) shows the gap best, and so
        // does a statement that would satisfy it but only advises or binds another party.
        (element.appliesWhen?.test(s.text) ? 3 : 0) +
        (element.unless && element.present.every((p) => p.test(s.text)) ? 3 : 0),
    }))
    .filter((r) => r.score >= 2)
    .sort(
      (a, b) =>
        Number(namedForTopic(b.s)) - Number(namedForTopic(a.s)) ||
        b.score - a.score ||
        a.s.docIndex - b.s.docIndex ||
        a.s.segIndex - b.s.segIndex,
    )
    .slice(0, 2)
    .map((r) => r.s);
  // An absence is shown by the statements nearest to it; with none, there is nothing to quote.
  if (related.length === 0) return null;
  const scope = normaliseFrameworks(frameworks);
  const inScope = element.frameworks.filter((f) => scope.includes(f));
  // The requirement lists each framework's clause; keep those in scope.
  const prefixes = inScope.map(requirementPrefix);
  const parts = element.requirement.split('; ').filter((part) => prefixes.some((p) => part.startsWith(p)));
  const requirement = parts.length ? parts.join('; ') : element.requirement;
  const nearest = related.length
    ? ` The nearest statements (${[...new Set(related.map((r) => r.document))].join(', ')}) address the topic without it.`
    : '';
  return {
    primitive: 'coverage_check',
    subject: `coverage:${element.id}`,
    // One root cause for every gap of a framework: the policy set was never mapped against it.
    aspects: [`coverage:${element.id}`, `corpus:coverage:${inScope[0] ?? 'frameworks'}`],
    title: `Missing ${element.label}`,
    description: `No document of the corpus addresses the ${element.label}, although ${inScope.join(' and ')} ${inScope.length > 1 ? 'are' : 'is'} in scope. Requirement: ${requirement}.${nearest}`,
    rootCause: `The policy set was not mapped against the ${inScope.join(' and ')} requirements; the ${element.label} was never written down.`,
    remediationScope: `Add the ${element.label} to the governing policy or procedure (${requirement.split(':')[0]}), assign an owner, and train the people who must follow it.`,
    remediationEffortHours: 12,
    severity: element.severity,
    confidence: related.length ? 0.8 : 0.7,
    frameworks: inScope,
    quotes: related.map((s) => quoteOf(s)),
  };
}

export function findCoverageGaps(
  analysis: CorpusAnalysis,
  elements: RequiredElement[],
  frameworks: string[],
): Issue[] {
  const all = analysis.documents.flatMap((d) => d.segments);
  return elements
    .filter(
      (e) => !e.appliesWhen || statementWindows(all, e.window).some((text) => e.appliesWhen!.test(text)),
    )
    .map((e) => coverageIssue(e, all, frameworks))
    .filter((i): i is Issue => i !== null);
}
