// coverage_check: a required element of an in-scope framework that no statement satisfies.
import type { CorpusAnalysis, LocatedSegment } from '../corpus-analysis';
import { normaliseFrameworks, type RequiredElement } from '../frameworks';
import { quoteOf, type Issue } from '../issue';
import { tokenize } from '../../text/normalize';

export function satisfies(element: RequiredElement, segment: LocatedSegment): boolean {
  return element.present.every((p) => p.test(segment.text));
}

export function coverageIssue(
  element: RequiredElement,
  segments: LocatedSegment[],
  frameworks: string[],
): Issue | null {
  if (segments.some((s) => satisfies(element, s))) return null;
  // The nearest statements: they show the topic is addressed without the required element.
  const queryTokens = new Set(tokenize(element.query));
  const related = segments
    .filter((s) => s.text.length < 900)
    .map((s) => ({
      s,
      score:
        new Set(tokenize(s.text).filter((t) => queryTokens.has(t))).size +
        (element.related.test(s.text) ? 2 : 0),
    }))
    .filter((r) => r.score >= 2)
    .sort((a, b) => b.score - a.score || a.s.docIndex - b.s.docIndex || a.s.segIndex - b.s.segIndex)
    .slice(0, 2)
    .map((r) => r.s);
  // An absence is shown by the statements nearest to it; with none, there is nothing to quote.
  if (related.length === 0) return null;
  const scope = normaliseFrameworks(frameworks);
  const inScope = element.frameworks.filter((f) => scope.includes(f));
  // The requirement lists each framework's clause; keep those in scope.
  const prefixes = inScope.map((f) => (f === 'ISO 27001' ? 'ISO/IEC 27001' : f));
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
  return elements.map((e) => coverageIssue(e, all, frameworks)).filter((i): i is Issue => i !== null);
}
