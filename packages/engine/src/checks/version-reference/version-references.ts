// consistency_check: a document cites another by version ("Password Policy v1.0") while the cited
// document's control header says another version.
import {
  segmentAt,
  type AnalyzedDocument,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import { quoteOf, quoteOfSpan, type Issue } from '../../analyst/issue';
import { resolveDocument } from '../citation/citations';

const KIND =
  '(?:Policy|Plan|Procedure|Standard|Agreement|Manual|Handbook|Guideline|Charter|Program(?:me)?|Playbook)';
const VERSIONED = new RegExp(
  `\\b((?:[A-Z][\\w&/-]*\\s+){1,5}${KIND})\\s*(?:\\(|,)?\\s*(?:v|version|rev\\.?|revision)\\s*(\\d+(?:\\.\\d+){0,3})\\b`,
  'g',
);
const VERSION_FIELD = /\bversion\b[^\n\w]{0,12}\n?[^\n\w]{0,20}(\d+(?:\.\d+){0,3})\b/i;

export function documentVersion(
  doc: AnalyzedDocument,
): { version: string; start: number; end: number } | null {
  const head = doc.text.slice(0, 1500);
  const m = VERSION_FIELD.exec(head);
  if (!m) return null;
  return { version: m[1]!, start: m.index, end: m.index + m[0].length };
}

export function versionSubject(source: string, target: string): string {
  return `version:${source}>${target}`;
}

export function versionReferenceIssues(analysis: CorpusAnalysis, segments: LocatedSegment[]): Issue[] {
  const issues = new Map<string, Issue>();
  for (const segment of segments) {
    if (!/\b(v|version|rev\.?|revision)\s*\d/i.test(segment.text)) continue;
    for (const m of segment.text.matchAll(VERSIONED)) {
      const target = resolveDocument(analysis, m[1]!);
      if (!target || target.name === segment.document) continue;
      const stated = documentVersion(target);
      if (!stated || normalise(stated.version) === normalise(m[2]!)) continue;
      const subject = versionSubject(segment.document, target.name);
      if (issues.has(subject)) continue;
      const seg = segmentAt(target, stated.start);
      issues.set(subject, {
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `${segment.document} cites ${target.title} version ${m[2]} but the document is version ${stated.version}`,
        description: `${segment.document} refers to "${m[0].trim()}", while ${target.name} is at version ${stated.version}. Readers are pointed at a superseded version of the document.`,
        rootCause: `${segment.document} was not updated when ${target.name} was revised.`,
        remediationScope: `Cite ${target.name} without a version, or update the reference to version ${stated.version}.`,
        remediationEffortHours: 1,
        severity: 'low',
        confidence: 0.8,
        frameworks: [],
        quotes: [
          quoteOf(segment),
          quoteOfSpan(
            target.name,
            target.text,
            stated.start,
            stated.end,
            seg?.chunkId ?? null,
            seg?.page ?? null,
          ),
        ],
      });
    }
  }
  return [...issues.values()];
}

function normalise(version: string): string {
  return version.replace(/(\.0)+$/, '');
}
