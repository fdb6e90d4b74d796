// citation_integrity_check: references to documents of the set, by identifier or by name, that
// no document of the corpus is. One finding per missing document, quoting where it is cited;
// a document that cites several missing documents no other document cites (a manual's list of
// procedures, a policy's list of related policies) gives one finding listing them.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { defineCheck, type Candidate } from '../check';
import {
  identifierScheme,
  misnamedReferences,
  misnumberedForms,
  swappedIdentifiers,
  unresolvedIdentifiers,
  unresolvedNames,
} from './references';

/**
 * identifier, name: a missing document, by its identifier's canonical form ("PRC-7") or its
 * name's key; misnamed: a document of the set cited by a name it does not carry; misnumbered: a
 * filled-in form of the set cited under another number of its series; swapped: a document's
 * identifier cited with another document's title.
 */
type ReferenceKind = 'identifier' | 'name' | 'misnamed' | 'misnumbered' | 'swapped';

type ReferenceParams =
  | { kind: ReferenceKind; key: string; written: string }
  /** The missing documents one document alone cites. */
  | { kind: 'listed'; document: string; keys: string[]; written: string[] };

/**
 * From this many missing documents cited by one document alone, they are one finding: identifiers
 * of the set's own scheme from three, names from two (a policy's list of related policies that were
 * not supplied is one gap in the set, not one per name).
 */
const LIST_FROM: Record<ReferenceKind, number> = {
  identifier: 3,
  name: 2,
  misnamed: Infinity,
  misnumbered: Infinity,
  swapped: Infinity,
};
const MAX_QUOTES = 3;

interface Citation {
  kind: ReferenceKind;
  key: string;
  written: string;
  segment: LocatedSegment;
  /** For a misnamed reference: the title of the document meant. */
  meant?: string;
  /** For a swapped identifier: the document that carries it. */
  carrier?: string;
}

function citationsIn(analysis: CorpusAnalysis, segments: LocatedSegment[]): Citation[] {
  const misnumbered = misnumberedForms(analysis, segments).map((u) => ({
    kind: 'misnumbered' as const,
    key: u.identifier.key,
    written: u.identifier.text,
    segment: u.segment,
    meant: `form ${u.carried.text} (${u.form.name})`,
  }));
  // A form cited under a wrong number is that, not a missing document.
  const wrongNumber = new Set(misnumbered.map((c) => c.key));
  return [
    ...misnumbered,
    ...unresolvedIdentifiers(analysis, segments)
      .filter((u) => !wrongNumber.has(u.identifier.key))
      .map((u) => ({
        kind: 'identifier' as const,
        key: u.identifier.key,
        written: u.identifier.text,
        segment: u.segment,
      })),
    ...unresolvedNames(analysis, segments).map((u) => ({
      kind: 'name' as const,
      key: u.key,
      written: u.name,
      segment: u.segment,
    })),
    ...misnamedReferences(analysis, segments).map((u) => ({
      kind: 'misnamed' as const,
      key: u.key,
      written: u.name,
      segment: u.segment,
      meant: u.meant.title.replace(/^[\d.\s]+/, ''),
    })),
    ...swappedIdentifiers(analysis, segments).map((u) => ({
      kind: 'swapped' as const,
      key: `swapped:${u.identifier.key}`,
      written: `${u.identifier.text} ${u.title}`,
      segment: u.segment,
      meant: `${u.named.name}`,
      carrier: `${u.carrier.name}`,
    })),
  ];
}

function knownInSeries(analysis: CorpusAnalysis, key: string): string[] {
  const series = key.replace(/-[\d.]+[A-Z]?$/, '-');
  return [...identifierScheme(analysis).carried.keys()].filter((k) => k.startsWith(series)).slice(0, 6);
}

function misnamedIssue(mine: Citation[]): Issue {
  const { key, written, meant } = mine[0]!;
  const segments = [...new Set(mine.map((c) => c.segment))];
  const documents = [...new Set(segments.map((s) => s.document))];
  const subject = `docref:misnamed:${key}`;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${listDocuments(documents.slice(0, 3))} cite${documents.length === 1 ? 's' : ''} the ${written}; the set's document is the ${meant}`,
    description:
      `${listDocuments(documents)} refer${documents.length === 1 ? 's' : ''} to the ${written}, but no document of the set has that name; ` +
      `the document meant is most likely the ${meant}. A reference by a wrong name leaves readers unsure which document governs, and an auditor cannot tie the requirement to its source.`,
    rootCause: `The ${meant} was renamed (or cited from memory) and the documents citing it were not updated.`,
    remediationScope: `Correct the references to the ${written} to the ${meant}'s exact title (or rename the document), and keep a register of document titles.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.6,
    frameworks: [],
    quotes: segments.slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

function misnumberedIssue(mine: Citation[]): Issue {
  const { key, written, meant } = mine[0]!;
  const segments = [...new Set(mine.map((c) => c.segment))];
  const documents = [...new Set(segments.map((s) => s.document))];
  const subject = `docref:misnumbered:${key}`;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${listDocuments(documents.slice(0, 3))} cite${documents.length === 1 ? 's' : ''} the form as ${written}; the form in use is ${meant}`,
    description:
      `${listDocuments(documents)} refer${documents.length === 1 ? 's' : ''} to ${written}, which no document of the set carries, ` +
      `while the form completed in practice for the same purpose is numbered otherwise: ${meant}. Staff following the procedure look for a form that does not exist, and records filed under one number cannot be traced from the other.`,
    rootCause: `The form was renumbered (or the number mistyped) and the documents citing it were not updated.`,
    remediationScope: `Correct the references to ${written} to the form's number, and check the set's other form references against the forms register.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.75,
    frameworks: [],
    quotes: segments.slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

function swappedIssue(mine: Citation[]): Issue {
  const { key, written, meant, carrier } = mine[0]!;
  const segments = [...new Set(mine.map((c) => c.segment))];
  const documents = [...new Set(segments.map((s) => s.document))];
  const subject = `docref:${key}`;
  const identifier = key.replace(/^swapped:/, '');
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${listDocuments(documents.slice(0, 3))} cite${documents.length === 1 ? 's' : ''} "${written}": the identifier is ${carrier}'s, the title ${meant}'s`,
    description:
      `${listDocuments(documents)} refer${documents.length === 1 ? 's' : ''} to "${written}", but the document of the set that carries ${identifier} is ${carrier}, ` +
      `while the title names ${meant}, which carries another identifier. A reader cannot tell which document governs, and a reference followed by its identifier leads to the wrong one.`,
    rootCause: `The reference was written from memory or copied from another document and not checked against the document register.`,
    remediationScope: `Correct the reference to the identifier and title of one document, and check the set's other references against the register.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.75,
    frameworks: [],
    quotes: segments.slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

function singleIssue(analysis: CorpusAnalysis, mine: Citation[]): Issue {
  const { kind, key, written } = mine[0]!;
  if (kind === 'swapped') return swappedIssue(mine);
  if (kind === 'misnamed') return misnamedIssue(mine);
  if (kind === 'misnumbered') return misnumberedIssue(mine);
  const segments = [...new Set(mine.map((c) => c.segment))];
  const documents = [...new Set(segments.map((s) => s.document))];
  const subject = `docref:${kind}:${key}`;
  const known = kind === 'identifier' ? knownInSeries(analysis, key) : [];
  const cite = documents.length === 1 ? 'cites' : 'cite';
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${listDocuments(documents.slice(0, 3))} ${cite} ${written}, which is not in the document set`,
    description:
      `${listDocuments(documents)} refer${documents.length === 1 ? 's' : ''} to ${kind === 'identifier' ? `document ${written}` : `the ${written}`}, ` +
      `but no document of the set ${kind === 'identifier' ? 'carries that identifier' : 'has that name or title'}` +
      (known.length ? ` (the set's documents of that series are ${known.join(', ')})` : '') +
      '. Readers cannot follow the reference, and what it was meant to require is not evidenced.',
    rootCause:
      kind === 'identifier'
        ? `${written} was renumbered, withdrawn or never written, and the documents citing it were not updated.`
        : `The ${written} was renamed, merged or never written, and the documents citing it were not updated.`,
    remediationScope: `Write or supply the ${written}, or correct the references to the document that holds the requirement.`,
    remediationEffortHours: 2,
    severity: documents.length > 1 ? 'medium' : 'low',
    confidence: kind === 'identifier' ? 0.85 : 0.65,
    frameworks: [],
    quotes: segments.slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

function listedIssue(document: string, mine: Citation[]): Issue {
  const written = [...new Set(mine.map((c) => c.written))];
  const subject = `docref:listed:${document}`;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document} cites ${written.length} documents that are not in the document set`,
    description:
      `${document} refers to ${written.join(', ')}, but no document of the set is any of them. ` +
      'Either the set supplied is incomplete, or the references name documents that were renamed, merged or never written.',
    rootCause: `${document} lists related documents that were never written, supplied or kept in step with the set.`,
    remediationScope: `Supply the documents ${document} relies on, or correct its references to the documents that hold those requirements.`,
    remediationEffortHours: 3,
    severity: 'low',
    confidence: 0.7,
    frameworks: [],
    quotes: [...new Set(mine.map((c) => c.segment))].slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

function issueFor(analysis: CorpusAnalysis, params: ReferenceParams, citations: Citation[]): Issue | null {
  if (params.kind === 'listed') {
    const keys = new Set(params.keys);
    const mine = citations.filter((c) => keys.has(c.key) && c.segment.document === params.document);
    return mine.length ? listedIssue(params.document, mine) : null;
  }
  const mine = citations.filter((c) => c.kind === params.kind && c.key === params.key);
  return mine.length ? singleIssue(analysis, mine) : null;
}

function candidateOf(params: ReferenceParams, issue: Issue, signal: number): Candidate<ReferenceParams> {
  return {
    key: issue.subject,
    primitive: 'citation_integrity_check',
    label:
      params.kind === 'listed' ? `documents cited by ${params.document}` : `reference to ${params.written}`,
    documents: [...new Set(issue.quotes.map((q) => q.document))],
    params,
    signal,
    severity: issue.severity,
  };
}

export const documentReferenceCheck = defineCheck<ReferenceParams>({
  id: 'document_reference',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    const citations = citationsIn(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    );
    const citedBy = new Map<string, Set<string>>();
    for (const c of citations) citedBy.set(c.key, (citedBy.get(c.key) ?? new Set()).add(c.segment.document));
    const kindOf = new Map(citations.map((c) => [c.key, c.kind]));
    // Missing documents one document alone cites, per citing document and kind of reference.
    const solo = new Map<string, Set<string>>();
    for (const [key, documents] of citedBy)
      if (documents.size === 1) {
        const group = `${kindOf.get(key)!}\u0000${[...documents][0]!}`;
        solo.set(group, (solo.get(group) ?? new Set()).add(key));
      }
    const listed = new Set<string>();
    const out: Array<Candidate<ReferenceParams>> = [];
    for (const [group, keys] of solo) {
      const [kind, document] = group.split('\u0000') as [ReferenceKind, string];
      if (keys.size < LIST_FROM[kind]) continue;
      for (const key of keys) listed.add(key);
      const mine = citations.filter((c) => keys.has(c.key));
      const params: ReferenceParams = {
        kind: 'listed',
        document,
        keys: [...keys],
        written: [...new Set(mine.map((c) => c.written))],
      };
      out.push(candidateOf(params, listedIssue(document, mine), 0.7));
    }
    for (const [key, documents] of citedBy) {
      if (listed.has(key)) continue;
      // A name alone is weaker evidence than an identifier of the set's own scheme, and a name one
      // document alone cites weaker still (the document may exist and not have been supplied):
      // it is still a reference a reader cannot follow, reported last and as low.
      const mine = citations.filter((c) => c.key === key);
      const { kind, written } = mine[0]!;
      const signal =
        kind === 'identifier' || kind === 'misnumbered' || kind === 'swapped'
          ? 0.85
          : kind === 'misnamed'
            ? 0.5
            : documents.size > 1
              ? 0.7
              : 0.55;
      out.push(candidateOf({ kind, key, written }, singleIssue(analysis, mine), signal));
    }
    return out;
  },
  question(params, { documents }) {
    const written = params.kind === 'listed' ? params.written.join(', ') : params.written;
    return {
      text: `Are ${written}, cited by ${documents.join(', ')}, documents of the set?`,
      query: written,
    };
  },
  verdict(params, { analysis, segments, documents }) {
    const issue = issueFor(analysis, params, citationsIn(analysis, segments));
    if (issue) return { issues: [issue] };
    // The citing sentences were not retrieved: ask for them by their words.
    const all = documents.flatMap((d) => analysis.byName.get(d)?.segments ?? []);
    const wanted = new Set(params.kind === 'listed' ? params.keys : [params.key]);
    const hints = citationsIn(analysis, all)
      .filter((c) => wanted.has(c.key))
      .slice(0, 2)
      .map((c) => ({ query: c.segment.text.slice(0, 200), document: c.segment.document }));
    return { issues: [], hints };
  },
});
