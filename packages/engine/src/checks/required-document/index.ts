// coverage_check: a named document a rule requires the organisation to keep ("The RPO shall
// maintain a Transport Emergency Response Plan ...") that the set does not hold, by name, title or
// heading. What the rule says the document covers is then covered nowhere.
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { defineCheck, quoteRequests } from '../check';
import { requiredButAbsent, type NamedReference } from '../document-reference/references';

interface RequiredDocumentParams {
  key: string;
}

const cache = new WeakMap<CorpusAnalysis, Map<string, NamedReference[]>>();

/** Required documents the set lacks, by name key (read once per corpus: every verdict asks). */
function absentDocuments(analysis: CorpusAnalysis): Map<string, NamedReference[]> {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const out = new Map<string, NamedReference[]>();
  for (const r of requiredButAbsent(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  ))
    out.set(r.key, [...(out.get(r.key) ?? []), r]);
  cache.set(analysis, out);
  return out;
}

export function requiredDocumentIssue(found: NamedReference[]): Issue {
  const { name, key, segment } = found[0]!;
  const subject = `required-document:${key}`;
  return {
    primitive: 'coverage_check',
    subject,
    aspects: [subject],
    title: `Missing ${name}: ${segment.document} requires it, and no document of the set is it`,
    description:
      `${segment.document} requires the ${name} ("${segment.text.slice(0, 300)}"), but no document of the set has that name, ` +
      `title or heading. Either the document was never written or it was not supplied; in both cases the commitment cannot ` +
      `be shown to operate.`,
    rootCause: `The commitment in ${segment.document} was made without writing (or keeping in the set) the ${name} that carries it out.`,
    remediationScope: `Write and approve the ${name} as ${segment.document} describes it (or supply it), and test it where the policy requires.`,
    remediationEffortHours: 16,
    severity: 'high',
    confidence: 0.7,
    frameworks: [],
    quotes: found.slice(0, 2).map((r) => quoteOf(r.segment)),
  };
}

export const requiredDocumentCheck = defineCheck<RequiredDocumentParams>({
  id: 'required_document',
  primitives: ['coverage_check'],
  list: 'elements',
  candidates({ analysis }) {
    return [...absentDocuments(analysis)].map(([key, found]) => ({
      key: `required-document:${key}`,
      primitive: 'coverage_check',
      label: found[0]!.name,
      documents: [...new Set(found.map((r) => r.segment.document))],
      params: { key },
      signal: 0.65,
      severity: 'high',
    }));
  },
  question(params, { label }) {
    return { text: `Does the set hold the ${label} a policy requires?`, query: label };
  },
  verdict(params, { analysis, visible }) {
    const found = absentDocuments(analysis).get(params.key);
    if (!found) return { issues: [] };
    const needed = found.slice(0, 2).map((r) => r.segment);
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [requiredDocumentIssue(found)] };
  },
});
