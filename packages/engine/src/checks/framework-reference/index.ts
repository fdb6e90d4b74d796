// citation_integrity_check and currency_check on framework identifiers: per document and
// framework edition, the identifiers it cites that the edition does not have. Numbers of a
// superseded edition are one finding (currency: the mapping was never updated); identifiers that
// exist in no edition are another (citation integrity: the reference cannot be traced).
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { defineCheck, type Candidate } from '../check';
import { unresolvedControls, type UnresolvedControl } from './references';
import { misnamedControls, type MisnamedControl } from './control-names';

interface FrameworkParams {
  document: string;
  catalogue: string;
  kind: 'superseded' | 'unknown';
  written: string[];
}

const MAX_QUOTES = 4;

function groupKey(u: UnresolvedControl): string {
  return `framework:${u.segment.document}:${u.catalogue.id}:${u.superseded ? 'superseded' : 'unknown'}`;
}

function issueOf(group: UnresolvedControl[]): Issue {
  const first = group[0]!;
  const { catalogue } = first;
  const document = first.segment.document;
  const ids = [...new Set(group.map((u) => u.written))];
  const subject = groupKey(first);
  const quotes = [...new Set(group.map((u) => u.segment))].slice(0, MAX_QUOTES).map((s) => quoteOf(s));
  if (first.superseded) {
    const older = first.superseded.catalogue;
    const mapping = group
      .filter((u) => u.superseded!.mapsTo.length > 0)
      .map((u) => `${u.written} -> ${u.superseded!.mapsTo.join(', ')}`);
    return {
      primitive: 'currency_check',
      subject,
      aspects: [subject],
      title: `${document} cites ${older.name} identifiers while following ${catalogue.name}: ${ids.slice(0, 4).join(', ')}`,
      description:
        `${document} follows ${catalogue.name}, but cites ${ids.join(', ')}, which are numbers of the superseded ${older.name} ` +
        `(withdrawn ${older.withdrawn ?? 'since'}) that the current edition does not have` +
        (mapping.length ? `; their current equivalents are ${mapping.join('; ')}` : '') +
        '. The control mapping was not updated to the current edition, so it cannot be used for certification or testing.',
      rootCause: `${document} was moved to ${catalogue.name} without re-mapping its control references from ${older.name}.`,
      remediationScope: `Re-map the control references of ${document} to ${catalogue.name} using the published correspondence table.`,
      remediationEffortHours: 3,
      severity: 'medium',
      confidence: 0.85,
      frameworks: [catalogue.name],
      quotes,
    };
  }
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document} cites ${catalogue.name} identifiers that do not exist: ${ids.slice(0, 4).join(', ')}`,
    description:
      `${document} cites ${ids.join(', ')} of ${catalogue.name}, which has no such ${ids.length === 1 ? 'identifier' : 'identifiers'} ` +
      `(it runs ${catalogue.controls[0]!.id} to ${catalogue.controls[catalogue.controls.length - 1]!.id}). ` +
      'The references cannot be traced, so the mapping of these requirements to the framework is wrong.',
    rootCause: `The framework references of ${document} were written without checking them against ${catalogue.name}.`,
    remediationScope: `Correct the references in ${document} to the ${catalogue.name} identifiers that hold the requirements.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.85,
    frameworks: [catalogue.name],
    quotes,
  };
}

function groups(analysis: CorpusAnalysis, segments: LocatedSegment[]): Map<string, UnresolvedControl[]> {
  const out = new Map<string, UnresolvedControl[]>();
  for (const u of unresolvedControls(analysis, segments)) {
    const key = groupKey(u);
    out.set(key, [...(out.get(key) ?? []), u]);
  }
  return out;
}

export const frameworkReferenceCheck = defineCheck<FrameworkParams>({
  id: 'framework_reference',
  primitives: ['citation_integrity_check', 'currency_check'],
  list: 'citations',
  candidates({ analysis }) {
    const out: Array<Candidate<FrameworkParams>> = [];
    for (const [key, group] of groups(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    )) {
      const issue = issueOf(group);
      const first = group[0]!;
      out.push({
        key,
        primitive: issue.primitive,
        label: `${first.catalogue.name} identifiers in ${first.segment.document}`,
        documents: [first.segment.document],
        params: {
          document: first.segment.document,
          catalogue: first.catalogue.id,
          kind: first.superseded ? 'superseded' : 'unknown',
          written: [...new Set(group.map((u) => u.written))],
        },
        signal: 0.85,
        severity: issue.severity,
      });
    }
    return out;
  },
  question(params) {
    return {
      text: `Does ${params.document} cite ${params.written.join(', ')} as they exist in the framework edition it follows?`,
      // A list may write the numbers bare ("Annex A controls 5.15, 5.38"): ask for them both ways.
      query: params.written
        .slice(0, 6)
        .flatMap((w) => [w, w.replace(/^[A-Z]+\./, '')])
        .join(' '),
    };
  },
  verdict(params, { analysis, segments }) {
    const key = `framework:${params.document}:${params.catalogue}:${params.kind}`;
    const group = groups(analysis, segments).get(key);
    if (group) return { issues: [issueOf(group)] };
    const doc = analysis.byName.get(params.document);
    const hints = doc
      ? (groups(analysis, doc.segments).get(key) ?? [])
          .slice(0, 2)
          .map((u) => ({ query: u.segment.text.slice(0, 200), document: u.segment.document }))
      : [];
    return { issues: [], hints };
  },
});

interface ControlNameParams {
  document: string;
  catalogue: string;
  written: string[];
}

function misnamedKey(m: MisnamedControl): string {
  return `framework:${m.segment.document}:${m.catalogue.id}:misnamed`;
}

function misnamedIssue(group: MisnamedControl[]): Issue {
  const first = group[0]!;
  const document = first.segment.document;
  const pairs = group.map(
    (m) =>
      `${m.written} as "${m.writtenName}" (${m.id} is "${m.ownName}"; "${m.namedControl.name}" is ${m.namedControl.id})`,
  );
  const subject = misnamedKey(first);
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document} cites ${first.catalogue.name} controls under other controls' names: ${group
      .slice(0, 3)
      .map((m) => `${m.written} "${m.writtenName}"`)
      .join(', ')}`,
    description:
      `${document} maps its requirements to ${first.catalogue.name} but cites ${pairs.join('; ')}. ` +
      'The identifier and the name point to different controls, so the mapping (and any Statement of Applicability built on it) tests the wrong control.',
    rootCause: `The control mapping of ${document} was written from memory or an older list, without checking identifiers against names in ${first.catalogue.name}.`,
    remediationScope: `Correct each identifier in ${document} to the control its name means (${group
      .map((m) => `${m.namedControl.id} for "${m.writtenName}"`)
      .join(', ')}), or the name to the identifier's control.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.9,
    frameworks: [first.catalogue.name],
    quotes: [...new Set(group.map((m) => m.segment))].slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

function misnamedGroups(
  analysis: CorpusAnalysis,
  documents: readonly string[] | null,
): Map<string, MisnamedControl[]> {
  const out = new Map<string, MisnamedControl[]>();
  for (const m of misnamedControls(analysis, documents)) {
    const key = misnamedKey(m);
    out.set(key, [...(out.get(key) ?? []), m]);
  }
  return out;
}

/**
 * citation_integrity_check: a control mapping that writes one control's identifier with another's
 * name (see control-names.ts). The verdict reads the whole document the question is about: whether
 * a pair is a mapping depends on the pairs around it.
 */
export const controlNameCheck = defineCheck<ControlNameParams>({
  id: 'control_name',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    return [...misnamedGroups(analysis, null)].map(([key, group]) => ({
      key,
      primitive: 'citation_integrity_check' as const,
      label: `${group[0]!.catalogue.name} control names in ${group[0]!.segment.document}`,
      documents: [group[0]!.segment.document],
      params: {
        document: group[0]!.segment.document,
        catalogue: group[0]!.catalogue.id,
        written: group.map((m) => `${m.written} ${m.writtenName}`),
      },
      signal: 0.85,
      severity: 'medium' as const,
    }));
  },
  question(params) {
    return {
      text: `Does ${params.document} cite ${params.written.join(', ')} under the names those controls have?`,
      query: params.written.slice(0, 6).join(' '),
    };
  },
  verdict(params, { analysis, segments }) {
    const key = `framework:${params.document}:${params.catalogue}:misnamed`;
    const group = misnamedGroups(analysis, [params.document]).get(key);
    // Judged where the retrieved text shows at least one of the pairs.
    const shown = new Set(segments.map((s) => s.start));
    if (group && group.some((m) => shown.has(m.segment.start))) return { issues: [misnamedIssue(group)] };
    return {
      issues: [],
      hints: (group ?? [])
        .slice(0, 2)
        .map((m) => ({ query: m.segment.text.slice(0, 200), document: params.document })),
    };
  },
});
