// Laws, regulations, prudential standards, guidance and marking schemes that were repealed or
// replaced (src/knowledge/data/superseded-instruments.json) before the audit date, still relied on
// by a document. A sentence that itself tells the history ("replaced", "formerly",
// "transition from") is not reliance, and neither is a row of the document's revision history.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { knowledge, type SupersededInstrument } from '../../knowledge';

export interface InstrumentMention {
  instrument: SupersededInstrument;
  written: string;
  segment: LocatedSegment;
}

/** Words that place a mention in history or in a migration, not in force. */
const HISTORY =
  /\b(?:replac(?:ed|es|ing|ement)|supersed(?:ed|es|ing)|repeal(?:ed|s)?|formerly|former|previous(?:ly)?|predecessor|invalidat(?:ed|ion)|struck\s+down|no\s+longer|historic(?:al)?|legacy|transition(?:ed|ing)?\s+(?:from|to)|migrat(?:ed|ing|ion)\s+(?:from|to)|retired|withdrawn|until\s+\d{4})\b/i;

export function supersededMentions(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): InstrumentMention[] {
  // Judged on the audit date, not the documents' newest date: an undated set, or one last
  // touched years ago, is still what the organisation follows today.
  const asOf = analysis.auditDate;
  const out: InstrumentMention[] = [];
  for (const instrument of knowledge().instruments.instruments) {
    if (asOf < instrument.replaced_on) continue;
    const pattern = new RegExp(instrument.pattern, 'gi');
    for (const segment of segments) {
      if (HISTORY.test(segment.text)) continue;
      const m = pattern.exec(segment.text);
      pattern.lastIndex = 0;
      const doc = analysis.byName.get(segment.document);
      if (m && !(doc && withinRevisionHistory(doc, segment.start + m.index)))
        out.push({ instrument, written: m[0], segment });
    }
  }
  return out;
}
