// citation_integrity_check: a reference to a member of an identifier series that a document of
// the set defines, past the series' end. A standard numbers its controls MSC-AC-01 to MSC-AC-07, a
// retention schedule its classes RS-STU-01 to RS-STU-09; a procedure that cites "control
// MSC-AC-09" or "class RS-STU-11" sends its reader to nothing. Only complete series count (every
// number from 1 to the last), with a two-part prefix ("MSC-AC-", not a framework's "SC-" family),
// and never the set's own document codes, which are the document-reference family's.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';

const SERIES_ID = /\b([A-Z]{2,6}-[A-Z]{1,6}-)(\d{1,3})\b/g;

export interface SeriesReference {
  prefix: string;
  /** The document that defines the series, and the number of its last member. */
  definedIn: AnalyzedDocument;
  last: number;
  lastSegment: LocatedSegment;
  /** The citing document and the members it cites that the series does not have. */
  citing: AnalyzedDocument;
  cited: Array<{ id: string; segment: LocatedSegment }>;
}

/** Numbers of each prefix a text uses, with the offset of each first use. */
function seriesIn(text: string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const m of text.matchAll(SERIES_ID)) {
    const numbers = out.get(m[1]!) ?? new Map<number, number>();
    const n = Number(m[2]);
    if (!numbers.has(n)) numbers.set(n, m.index);
    out.set(m[1]!, numbers);
  }
  return out;
}

/** The set numbers its documents with this prefix ("FDR-PRO-003"): a document code, not a series. */
function documentCode(analysis: CorpusAnalysis, prefix: string): boolean {
  const field = new RegExp(`(?:Document|Doc\\.?)\\s*(?:ID|No\\.?|Number|Ref\\w*)\\s*[:|]?\\s*${prefix}`, 'i');
  return analysis.documents.some((d) => d.name.includes(prefix) || field.test(d.text.slice(0, 1500)));
}

const cache = new WeakMap<CorpusAnalysis, SeriesReference[]>();

export function seriesReferences(analysis: CorpusAnalysis): SeriesReference[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const used = new Map(analysis.documents.map((d) => [d, seriesIn(d.text)]));
  const out: SeriesReference[] = [];
  for (const definedIn of analysis.documents.filter((d) => isNormative(d.role))) {
    for (const [prefix, numbers] of used.get(definedIn)!) {
      const last = Math.max(...numbers.keys());
      // A complete series: every number from 1 to the last, three at least.
      if (last < 3 || numbers.size !== last || !numbers.has(1) || documentCode(analysis, prefix)) continue;
      const lastSegment = segmentAt(definedIn, numbers.get(last)!);
      if (!lastSegment) continue;
      for (const citing of analysis.documents) {
        if (citing === definedIn) continue;
        const cited = [...(used.get(citing)!.get(prefix) ?? new Map<number, number>())]
          .filter(([n]) => n > last)
          // Another document of the set may define the later members (a second schedule).
          .filter(([n]) => ![...used].some(([doc, series]) => doc !== citing && series.get(prefix)?.has(n)))
          .map(([n, at]) => ({
            id: `${prefix}${String(n).padStart(2, '0')}`,
            segment: segmentAt(citing, at),
          }))
          .filter((c): c is { id: string; segment: LocatedSegment } => c.segment !== null);
        if (cited.length > 0) out.push({ prefix, definedIn, last, lastSegment, citing, cited });
      }
    }
  }
  cache.set(analysis, out);
  return out;
}

export function seriesSubject(reference: SeriesReference): string {
  return `series:${reference.citing.name}:${reference.prefix}`;
}

export function seriesIssue(reference: SeriesReference): Issue {
  const { prefix, definedIn, last, citing, cited } = reference;
  const ids = cited.map((c) => c.id);
  const range = `${prefix}01 to ${prefix}${String(last).padStart(2, '0')}`;
  return {
    primitive: 'citation_integrity_check',
    subject: seriesSubject(reference),
    aspects: [seriesSubject(reference)],
    title: `${citing.name} cites ${ids.join(', ')}, which ${definedIn.name} does not define`,
    description:
      `${citing.name} refers to ${ids.join(', ')} ("${cited[0]!.segment.text.slice(0, 200)}"), but ${definedIn.name} defines ${range} only. ` +
      'The reference points to nothing: the rule or record it relies on is missing or was renumbered.',
    rootCause: `${definedIn.name} was renumbered or shortened, or ${citing.name} was written against a draft of it.`,
    remediationScope: `Correct the reference in ${citing.name} to the member of ${range} that holds the intended content, or add it to ${definedIn.name}.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes: [quoteOf(cited[0]!.segment), quoteOf(reference.lastSegment)],
  };
}
