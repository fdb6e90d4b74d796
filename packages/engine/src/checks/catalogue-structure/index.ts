// currency_check and citation_integrity_check on a document that reproduces a control catalogue
// (structure.ts): built on an edition withdrawn by the audit date, it is one currency finding
// (the mapping cannot support certification against the edition in force); lines whose number
// belongs to another control than the one they name are one citation finding.
import { segmentAt, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import { quoteOfSpan, type Issue, type IssueQuote } from '../../analyst/issue';
import type { ControlCatalogue } from '../../knowledge';
import { defineCheck, type Candidate } from '../check';
import {
  namesEdition,
  reproducedCatalogues,
  supersededAt,
  type CatalogueLine,
  type ReproducedCatalogue,
} from './structure';

interface StructureParams {
  document: string;
  catalogue: string;
  kind: 'superseded' | 'misnumbered';
}

const MAX_QUOTES = 4;
const MAX_LISTED = 6;

function quotesOf(
  analysis: CorpusAnalysis,
  found: ReproducedCatalogue,
  lines: CatalogueLine[],
): IssueQuote[] {
  const { document } = found;
  return lines.slice(0, MAX_QUOTES).map((line) => {
    const segment = segmentAt(document, line.start);
    return quoteOfSpan(
      document.name,
      document.text,
      line.start,
      line.end,
      segment?.chunkId ?? null,
      segment?.page ?? null,
    );
  });
}

/** The same subject framework-reference gives a superseded mapping, so the two merge into one finding. */
function supersededSubject(document: string, current: ControlCatalogue): string {
  return `framework:${document}:${current.id}:superseded`;
}

function supersededIssue(
  analysis: CorpusAnalysis,
  found: ReproducedCatalogue,
  current: ControlCatalogue,
  audited: boolean,
): Issue {
  const { document, catalogue, matched } = found;
  const examples = matched.slice(0, MAX_LISTED).map((l) => `${l.written} ${l.name}`);
  const subject = supersededSubject(document.name, current);
  return {
    primitive: 'currency_check',
    subject,
    aspects: [subject],
    title: `${document.name} is built on the withdrawn ${catalogue.name}, not ${current.name}`,
    description:
      `${document.name} reproduces ${matched.length} entries of ${catalogue.name} by number and name (${examples.join('; ')}), ` +
      `an edition withdrawn on ${catalogue.withdrawn ?? 'an earlier date'} and replaced by ${current.name}. ` +
      `As of ${analysis.auditDate} the mapping follows the superseded edition: its numbers and structure are not those of the edition in force, ` +
      `and controls added since have no place in it.`,
    rootCause: `${document.name} was written against ${catalogue.name} and never re-mapped when ${current.name} replaced it.`,
    remediationScope: `Re-map ${document.name} to ${current.name} using the published correspondence table, and cover the controls the new edition added.`,
    remediationEffortHours: 8,
    severity: audited ? 'high' : 'medium',
    confidence: 0.85,
    frameworks: [catalogue.name, current.name],
    quotes: quotesOf(analysis, found, matched),
  };
}

function misnumberedIssue(analysis: CorpusAnalysis, found: ReproducedCatalogue): Issue {
  const { document, catalogue, misnumbered } = found;
  const listed = misnumbered
    .slice(0, MAX_LISTED)
    .map((l) => `"${l.written} ${l.name}" (that control is ${l.named})`);
  const subject = `catalogue-numbering:${document.name}:${catalogue.id}`;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document.name} numbers ${misnumbered.length === 1 ? 'a control' : `${misnumbered.length} controls`} of ${catalogue.name} wrongly`,
    description:
      `${document.name} follows ${catalogue.name}, but ${listed.join('; ')}: the number written is not the number of the control named, ` +
      'so a reader tracing the mapping by number lands on a different control.',
    rootCause: `The entries of ${document.name} were numbered by hand without checking them against ${catalogue.name}.`,
    remediationScope: `Correct the numbers in ${document.name} to those ${catalogue.name} gives the controls named.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.8,
    frameworks: [catalogue.name],
    quotes: quotesOf(analysis, found, misnumbered),
  };
}

function auditedAgainst(frameworks: string[], catalogue: ControlCatalogue): boolean {
  const names = new RegExp(catalogue.names_pattern, 'i');
  return frameworks.some((f) => names.test(f));
}

function issuesOf(
  analysis: CorpusAnalysis,
  intakeFrameworks: string[],
): Array<{ key: string; issue: Issue; params: StructureParams }> {
  const out: Array<{ key: string; issue: Issue; params: StructureParams }> = [];
  for (const found of reproducedCatalogues(analysis)) {
    const params = { document: found.document.name, catalogue: found.catalogue.id };
    const current = supersededAt(found.catalogue, analysis.auditDate);
    // A document that names the edition in force knows of it (a transition table, a migration plan).
    if (current && !namesEdition(found.document, current))
      out.push({
        key: `catalogue-structure:${found.document.name}:${found.catalogue.id}:superseded`,
        issue: supersededIssue(analysis, found, current, auditedAgainst(intakeFrameworks, found.catalogue)),
        params: { ...params, kind: 'superseded' },
      });
    if (found.misnumbered.length > 0)
      out.push({
        key: `catalogue-structure:${found.document.name}:${found.catalogue.id}:misnumbered`,
        issue: misnumberedIssue(analysis, found),
        params: { ...params, kind: 'misnumbered' },
      });
  }
  return out;
}

export const catalogueStructureCheck = defineCheck<StructureParams>({
  id: 'catalogue_structure',
  primitives: ['currency_check', 'citation_integrity_check'],
  list: 'citations',
  candidates({ analysis, intake }) {
    return issuesOf(analysis, intake.frameworks).map(
      ({ key, issue, params }): Candidate<StructureParams> => ({
        key,
        primitive: issue.primitive,
        label: issue.title,
        documents: [params.document],
        params,
        signal: 0.85,
        severity: issue.severity,
      }),
    );
  },
  question(params) {
    return params.kind === 'superseded'
      ? {
          text: `Is ${params.document} built on a control catalogue edition that has been withdrawn?`,
          query: `${params.document} controls edition mapping`,
        }
      : {
          text: `Does ${params.document} give each control the number its catalogue gives it?`,
          query: `${params.document} control numbers`,
        };
  },
  verdict(params, { analysis, frameworks }) {
    // The structure is a property of the whole document, which the analysis holds.
    const found = issuesOf(analysis, frameworks).find(
      (f) =>
        f.params.document === params.document &&
        f.params.catalogue === params.catalogue &&
        f.params.kind === params.kind,
    );
    return { issues: found ? [found.issue] : [] };
  },
});
