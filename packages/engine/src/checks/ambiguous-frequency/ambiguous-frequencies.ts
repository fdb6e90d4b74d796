// consistency_check on frequency words with two dictionary readings ("bi-annual": twice a year or
// every two years). A control whose cycle is stated with one has no definite cycle: the document
// can be read to require half or double the work, and an auditor cannot test it. The words and
// their readings are data (ambiguous-frequencies.json, a source per entry).
import type { LocatedSegment } from '../../analyst/corpus-analysis';
import type { AnalyzedDocument } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import data from './ambiguous-frequencies.json';

export interface AmbiguousFrequencyWord {
  id: string;
  pattern: string;
  readings: string[];
  say: string;
  sources: string[];
}

export const AMBIGUOUS_FREQUENCY_WORDS: readonly AmbiguousFrequencyWord[] = data.words;
export const FREQUENCY_WORD_SOURCES: Readonly<Record<string, { title: string; url: string }>> = data.sources;

export function ambiguousFrequencySubject(word: AmbiguousFrequencyWord, document: string): string {
  return `term:ambiguous-frequency:${word.id}:${document}`;
}

/** One issue per word and document, quoting the first statements (up to three) that use it. */
export function ambiguousFrequencyIssues(documents: AnalyzedDocument[], segments: LocatedSegment[]): Issue[] {
  // A record (a log, a register row) reports what happened; only documents that set cycles count.
  const governed = new Set(documents.filter((d) => d.role !== 'evidence').map((d) => d.name));
  const issues: Issue[] = [];
  for (const word of AMBIGUOUS_FREQUENCY_WORDS) {
    const pattern = new RegExp(word.pattern, 'i');
    const byDocument = new Map<string, LocatedSegment[]>();
    for (const segment of segments) {
      if (!governed.has(segment.document) || !pattern.test(segment.text)) continue;
      byDocument.set(segment.document, [...(byDocument.get(segment.document) ?? []), segment]);
    }
    for (const [document, uses] of byDocument) {
      const written = pattern.exec(uses[0]!.text)![0];
      const subject = ambiguousFrequencySubject(word, document);
      issues.push({
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `Ambiguous frequency "${written}" in ${document}`,
        description:
          `${document} sets a cycle as "${written}" ("${uses[0]!.text.slice(0, 200)}"), a word read both as ` +
          `${word.readings.join(' and as ')}. The requirement can be met at half or double the intended effort, and compliance with it cannot be tested.`,
        rootCause: `Frequencies are written with words of two readings instead of a stated interval.`,
        remediationScope: `Replace "${written}" in ${document} with ${word.say}, and align any other statement of the same activity's cycle.`,
        remediationEffortHours: 0.5,
        severity: 'low',
        confidence: 0.8,
        frameworks: [],
        quotes: uses.slice(0, 3).map((s) => quoteOf(s)),
      });
    }
  }
  return issues;
}
