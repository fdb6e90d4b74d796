// citation_integrity_check: hyperlinks between the documents of the set that do not lead where
// they say (targets.ts). Per linking document, one finding for the links that lead nowhere (a file
// the set lacks, a wrong folder, a path written from the wrong level) listing their targets, and
// one for links whose text names another document of the set than the one they open.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteAround, type Issue } from '../../analyst/issue';
import { defineCheck, type Candidate } from '../check';
import { faultyLinks, type FaultyLink } from './targets';

type LinkGroup = 'broken' | 'text';

interface LinkParams {
  group: LinkGroup;
  /** The linking document. */
  document: string;
  /** The link targets as written. */
  targets: string[];
  /** The link texts, for retrieval (an empty link has no target to search for). */
  texts: string[];
}

const MAX_QUOTES = 4;
const MAX_LISTED = 8;

const groupOf = (f: FaultyLink): LinkGroup => (f.fault.kind === 'text' ? 'text' : 'broken');

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function quotes(faults: FaultyLink[]) {
  const bySegment = new Map<LocatedSegment, FaultyLink>();
  for (const f of faults) if (!bySegment.has(f.segment)) bySegment.set(f.segment, f);
  return [...bySegment]
    .slice(0, MAX_QUOTES)
    .map(([segment, f]) => quoteAround(segment, new RegExp(escape(f.link.target))));
}

/** '"Lock screens" -> physical/locking.md (...)': one broken link as the finding lists it. */
function describeBroken(f: FaultyLink): string {
  const fault = f.fault;
  const link = f.link.text ? `"${f.link.text}" -> ${f.link.target}` : f.link.target;
  switch (fault.kind) {
    case 'missing':
      return `${link} (no document of the set has that name)`;
    case 'folder':
      return `${link} (the set's other links place ${fault.document} in ${fault.folder}/)`;
    case 'level':
      return `${link} (the other documents reach ${fault.document} as ../${fault.folder}/)`;
    case 'sibling':
      return `${link} (${fault.document} sits in the same folder as ${f.source.name}, as the links of ${fault.witness} show, so the path leads to a file that does not exist)`;
    case 'empty':
      return `"${f.link.text}" with an empty target (the link leads nowhere)`;
    case 'swapped':
      return `"${f.link.text}" as its text and "${f.link.target}" as its target (text and target are swapped, so the link opens a page named "${f.link.target}" that does not exist)`;
    case 'text':
      return link;
  }
}

function brokenIssue(document: string, faults: FaultyLink[]): Issue {
  const listed = [...new Map(faults.map((f) => [f.link.target, f])).values()];
  const shown = listed.slice(0, MAX_LISTED).map(describeBroken);
  const more = listed.length > MAX_LISTED ? ` and ${listed.length - MAX_LISTED} more` : '';
  const kinds = new Set(faults.map((f) => f.fault.kind));
  const onlyLevel = kinds.size === 1 && kinds.has('level');
  const subject = `links:broken:${document}`;
  const n = listed.length;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document} has ${n} link${n === 1 ? '' : 's'} to documents of the set that do not resolve`,
    description:
      `${document} links to ${shown.join('; ')}${more}. ` +
      (onlyLevel
        ? `These relative links resolve only if ${document} sits at the top of the set, where no other linked document sits; from its own folder they lead to pages that do not exist. `
        : 'Followed from the linking document, these links lead to no document of the set. ') +
      'A reader following them finds nothing, and the requirement the link was meant to bring in is not in front of them.',
    rootCause: onlyLevel
      ? `${document} was moved into a folder (or written elsewhere) and its relative links were not rewritten for its place in the set.`
      : `The linked documents were moved, renamed or never published, and the links in ${document} were not updated.`,
    remediationScope: `Correct the links in ${document} to the documents' current paths (and check the set's links on every publication).`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: onlyLevel ? 0.55 : kinds.has('level') || kinds.has('folder') ? 0.7 : 0.8,
    frameworks: [],
    quotes: quotes(faults),
  };
}

function textIssue(document: string, faults: FaultyLink[]): Issue {
  const listed = faults.flatMap((f) =>
    f.fault.kind === 'text'
      ? [
          `the link "${f.link.text}" points to ${f.link.target} (${f.fault.targetTitle}), while the set's "${f.fault.meantTitle}" is ${f.fault.meant}`,
        ]
      : [],
  );
  const unique = [...new Set(listed)];
  const subject = `links:text:${document}`;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document} links ${unique.length === 1 ? 'a document name' : 'document names'} to another document of the set`,
    description:
      `In ${document}, ${unique.slice(0, MAX_LISTED).join('; ')}. ` +
      'The reader who follows the link lands on a different document than the one named, so the reference does not evidence what it claims to.',
    rootCause: `The link targets in ${document} were copied from a neighbouring entry (or the documents were renamed) without being checked against the text.`,
    remediationScope: `Point each link in ${document} at the document its text names.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.65,
    frameworks: [],
    quotes: quotes(faults),
  };
}

function issueOf(group: LinkGroup, document: string, faults: FaultyLink[]): Issue {
  return group === 'broken' ? brokenIssue(document, faults) : textIssue(document, faults);
}

function grouped(faults: FaultyLink[]): Map<string, FaultyLink[]> {
  const out = new Map<string, FaultyLink[]>();
  for (const f of faults) {
    const k = `${groupOf(f)}\u0000${f.source.name}`;
    out.set(k, [...(out.get(k) ?? []), f]);
  }
  return out;
}

function faultsIn(analysis: CorpusAnalysis, params: LinkParams, segments: LocatedSegment[]): FaultyLink[] {
  const visible = new Set(segments);
  return faultyLinks(analysis).filter(
    (f) => f.source.name === params.document && groupOf(f) === params.group && visible.has(f.segment),
  );
}

export const linkTargetCheck = defineCheck<LinkParams>({
  id: 'link_target',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    const out: Array<Candidate<LinkParams>> = [];
    for (const [k, faults] of grouped(faultyLinks(analysis))) {
      const [group, document] = k.split('\u0000') as [LinkGroup, string];
      const issue = issueOf(group, document, faults);
      out.push({
        key: issue.subject,
        primitive: 'citation_integrity_check',
        label: group === 'broken' ? `links in ${document} that do not resolve` : `link texts in ${document}`,
        documents: [document],
        params: {
          group,
          document,
          targets: [...new Set(faults.map((f) => f.link.target))],
          texts: [...new Set(faults.map((f) => f.link.text))],
        },
        signal: issue.confidence,
        severity: issue.severity,
      });
    }
    return out;
  },
  question(params, { documents }) {
    return {
      text:
        params.group === 'broken'
          ? `Do the links in ${documents.join(', ')} to ${params.targets.join(', ')} lead to documents of the set?`
          : `Do the links in ${documents.join(', ')} to ${params.targets.join(', ')} open the documents their texts name?`,
      query: [...params.texts, ...params.targets]
        .map((t) => t.replace(/[^A-Za-z0-9]+/g, ' ').trim())
        .filter(Boolean)
        .join(' '),
    };
  },
  verdict(params, { analysis, segments }) {
    const faults = faultsIn(analysis, params, segments);
    if (faults.length > 0) return { issues: [issueOf(params.group, params.document, faults)] };
    // The linking statements were not retrieved: ask for them by their words.
    const wanted = new Set(params.targets);
    const hints = faultyLinks(analysis)
      .filter(
        (f) => f.source.name === params.document && groupOf(f) === params.group && wanted.has(f.link.target),
      )
      .slice(0, 2)
      .map((f) => ({ query: f.segment.text.slice(0, 200), document: f.source.name }));
    return { issues: [], hints };
  },
});
