// currency_check: a law, regulation, standard or scheme that was repealed or replaced, still relied
// on by the corpus; one finding per instrument across the corpus.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { knowledge } from '../../knowledge';
import { defineCheck } from '../check';
import { supersededMentions, type InstrumentMention } from './instruments';

interface InstrumentParams {
  instrument: string;
  /** The mentions as the corpus writes them ("SAS70"): retrieval must find those words. */
  written?: string[];
}

const MAX_QUOTES = 6;

/** One mention per document first (how far the reliance spreads), then further mentions. */
function evidenceOf(group: InstrumentMention[]): LocatedSegment[] {
  const segments = [...new Set(group.map((m) => m.segment))];
  const seen = new Set<string>();
  const first = segments.filter((s) => !seen.has(s.document) && seen.add(s.document));
  const rest = segments.filter((s) => !first.includes(s));
  return [...first, ...rest].slice(0, MAX_QUOTES);
}

function issueOf(group: InstrumentMention[]): Issue {
  const { instrument } = group[0]!;
  const documents = [...new Set(group.map((m) => m.segment.document))];
  const written = [...new Set(group.map((m) => m.written))];
  const source = knowledge().instruments.sources[instrument.source]?.title ?? instrument.source;
  const subject = `instrument:${instrument.id}`;
  return {
    primitive: 'currency_check',
    subject,
    aspects: [subject],
    title: `${instrument.name} is relied on in ${listDocuments(documents.slice(0, 3))}, but it was replaced on ${instrument.replaced_on}`,
    description:
      `${listDocuments(documents)} cite${documents.length === 1 ? 's' : ''} ${written.map((w) => `"${w}"`).join(', ')} as if in force, ` +
      `but the ${instrument.name} (${instrument.jurisdiction}) was replaced by ${instrument.replaced_by} on ${instrument.replaced_on} (${source}). ` +
      `Obligations written against it may be missing, renamed or wrong under its successor.`,
    rootCause: `The documents were not reviewed when ${instrument.name} was replaced by ${instrument.replaced_by}.`,
    remediationScope: `Update ${listDocuments(documents)} to ${instrument.replaced_by}, and check the obligations that changed with it.`,
    remediationEffortHours: 6,
    severity: instrument.severity,
    confidence: 0.85,
    frameworks: [],
    quotes: evidenceOf(group).map((s) => quoteOf(s)),
  };
}

function groups(analysis: CorpusAnalysis, segments: LocatedSegment[]): Map<string, InstrumentMention[]> {
  const out = new Map<string, InstrumentMention[]>();
  for (const mention of supersededMentions(analysis, segments))
    out.set(mention.instrument.id, [...(out.get(mention.instrument.id) ?? []), mention]);
  return out;
}

export const supersededInstrumentCheck = defineCheck<InstrumentParams>({
  id: 'superseded_instrument',
  primitives: ['currency_check'],
  list: 'currencyRules',
  candidates({ analysis }) {
    return [
      ...groups(
        analysis,
        analysis.documents.flatMap((d) => d.segments),
      ),
    ].map(([id, group]) => {
      const issue = issueOf(group);
      return {
        key: `instrument:${id}`,
        primitive: 'currency_check',
        label: `${group[0]!.instrument.name} replaced`,
        documents: [...new Set(issue.quotes.map((q) => q.document))],
        params: { instrument: id, written: [...new Set(group.map((m) => m.written))] },
        signal: 0.85,
        severity: issue.severity,
      };
    });
  },
  question(params, { documents }) {
    const instrument = knowledge().instruments.instruments.find((i) => i.id === params.instrument);
    return {
      text: `Do ${documents.join(', ')} still rely on ${instrument?.name ?? params.instrument}, which was replaced by ${instrument?.replaced_by ?? 'a successor'}?`,
      query: [instrument?.name ?? params.instrument, ...(params.written ?? [])].join(' '),
    };
  },
  verdict(params, { analysis, segments }) {
    const group = groups(analysis, segments).get(params.instrument);
    return { issues: group ? [issueOf(group)] : [] };
  },
});
