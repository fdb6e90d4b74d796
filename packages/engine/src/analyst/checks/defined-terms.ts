// consistency_check on defined terms: one term ("Confidential Data") defined in two documents
// with different meanings.
import type { LocatedSegment } from '../corpus-analysis';
import { jaccard, tokenize } from '../../text/normalize';
import { quoteOf, type Issue } from '../issue';

export interface Definition {
  term: string;
  key: string;
  meaning: string;
  segment: LocatedSegment;
}

const QUOTED =
  /["\u201c*]{1,2}([A-Z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4})["\u201d*]{1,2}\s*(?:means|refers to|is defined as|shall mean|:)\s+(.{10,400})/g;

export function extractDefinitions(segment: LocatedSegment): Definition[] {
  const out: Definition[] = [];
  for (const m of segment.text.matchAll(QUOTED)) {
    const term = m[1]!.trim();
    out.push({ term, key: term.toLowerCase(), meaning: m[2]!.trim(), segment });
  }
  return out;
}

export function termSubject(key: string): string {
  return `term:${key}`;
}

export function definedTermIssues(segments: LocatedSegment[], onlyKey?: string): Issue[] {
  const byTerm = new Map<string, Definition[]>();
  for (const segment of segments) {
    if (!/means|refers to|defined as|:/.test(segment.text)) continue;
    for (const d of extractDefinitions(segment)) {
      if (onlyKey && d.key !== onlyKey) continue;
      byTerm.set(d.key, [...(byTerm.get(d.key) ?? []), d]);
    }
  }
  const issues: Issue[] = [];
  for (const [key, definitions] of byTerm) {
    let pair: [Definition, Definition, number] | null = null;
    for (let i = 0; i < definitions.length; i += 1)
      for (let j = i + 1; j < definitions.length; j += 1) {
        const a = definitions[i]!;
        const b = definitions[j]!;
        if (a.segment.document === b.segment.document) continue;
        const overlap = jaccard(tokenize(a.meaning), tokenize(b.meaning));
        if (overlap < 0.35 && (!pair || overlap < pair[2])) pair = [a, b, overlap];
      }
    if (!pair) continue;
    const [a, b] = pair;
    issues.push({
      primitive: 'consistency_check',
      subject: termSubject(key),
      aspects: [termSubject(key)],
      title: `"${a.term}" defined differently in ${a.segment.document} and ${b.segment.document}`,
      description:
        `${a.segment.document} defines "${a.term}" as "${a.meaning.slice(0, 160)}", while ${b.segment.document} defines it as ` +
        `"${b.meaning.slice(0, 160)}". Obligations attached to the term apply to different data depending on the document read.`,
      rootCause: `No shared glossary: ${a.segment.document} and ${b.segment.document} each define "${a.term}" on their own.`,
      remediationScope: `Agree one definition of "${a.term}", keep it in a corpus-wide glossary, and reference it from both documents.`,
      remediationEffortHours: 3,
      severity: 'medium',
      confidence: 0.8,
      frameworks: [],
      quotes: [quoteOf(a.segment), quoteOf(b.segment)],
    });
  }
  return issues;
}
