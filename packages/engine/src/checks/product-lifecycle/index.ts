// currency_check: products past their vendor's end of support named as in use or accepted as a
// minimum version, and product names the vendor retired, one finding per product version across
// the corpus.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { productSourceTitle } from '../../knowledge';
import { defineCheck, type Candidate } from '../check';
import { unsupportedProducts, type UnsupportedProduct } from './products';

interface ProductParams {
  product: string;
  version: string;
  written: string;
}

const MAX_QUOTES = 4;

function keyOf(u: UnsupportedProduct): string {
  return `eos:${u.product.id}:${u.version.version}`;
}

/** The group's statements, the first of each document before the rest: every document is quoted. */
function spreadSegments(group: UnsupportedProduct[]): LocatedSegment[] {
  const segments = [...new Set(group.map((u) => u.segment))];
  const firsts = segments.filter((s, i) => segments.findIndex((o) => o.document === s.document) === i);
  return [...firsts, ...segments.filter((s) => !firsts.includes(s))].slice(0, MAX_QUOTES);
}

function issueOf(analysis: CorpusAnalysis, group: UnsupportedProduct[]): Issue {
  const { product, version } = group[0]!;
  const documents = [...new Set(group.map((u) => u.segment.document))];
  const inUse = documents.some((d) => analysis.byName.get(d)?.role === 'evidence');
  const required = group.some((u) => u.requirement);
  const written = [...new Set(group.map((u) => u.written))];
  const subject = keyOf(group[0]!);
  const source = productSourceTitle(version.source);
  const quotes = spreadSegments(group).map((s) => quoteOf(s));
  const names = `${listDocuments(documents)} name${documents.length === 1 ? 's' : ''} ${written.join(', ')}`;
  if (product.renamed_to)
    return {
      primitive: 'currency_check',
      subject,
      aspects: [subject],
      title: `${product.name} is a retired product name (now ${product.renamed_to}) but ${listDocuments(documents.slice(0, 3))} still use${documents.length === 1 ? 's' : ''} it`,
      description:
        `${names}, but the vendor retired that name: ${product.name} has been ${product.renamed_to} since ${version.end_of_support.slice(0, 4)} (${source}). ` +
        'Instructions written for the old product describe screens, apps and addresses that no longer exist under that name, so a reader in a hurry (a lost device, an incident) may not find them.',
      rootCause: `The documents were written for ${product.name} and not reviewed when the vendor renamed it.`,
      remediationScope: `Rewrite the instructions for ${product.renamed_to} and check the other steps the documents give for the same vendor.`,
      remediationEffortHours: 2,
      severity: 'low',
      confidence: 0.8,
      frameworks: [],
      quotes,
    };
  return {
    primitive: 'currency_check',
    subject,
    aspects: [subject],
    title: required
      ? `${listDocuments(documents.slice(0, 3))} accept${documents.length === 1 ? 's' : ''} ${product.name} ${version.version} as a minimum, past its end of support (${version.end_of_support})`
      : `${product.name} ${version.version} is past its end of support (${version.end_of_support}) but named in ${listDocuments(documents.slice(0, 3))}`,
    description:
      (required
        ? `${names} as the required or minimum version, so they accept a system that no longer receives security updates: `
        : `${names} ${inUse ? 'as in use' : 'as part of the environment'}, but `) +
      `the vendor ended support for ${product.name} ${version.version} on ${version.end_of_support} (${source}), before the date of this audit ` +
      `(${analysis.auditDate}). It receives no security fixes, so known vulnerabilities stay open.`,
    rootCause: required
      ? `The minimum version was set when ${product.name} ${version.version} was current and not raised as the vendor's support moved on.`
      : `${product.name} ${version.version} was not upgraded or retired before its end of support, and the documents were not updated.`,
    remediationScope: required
      ? `Raise the minimum to a version the vendor still supports (or require the latest release), and review it whenever the vendor ends support for a version.`
      : `Upgrade or retire ${product.name} ${version.version} (or buy extended support and isolate it, with a recorded exception), and update the documents that name it.`,
    remediationEffortHours: required ? 2 : 16,
    severity: inUse ? 'high' : 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes,
  };
}

function groups(analysis: CorpusAnalysis, segments: LocatedSegment[]): Map<string, UnsupportedProduct[]> {
  const out = new Map<string, UnsupportedProduct[]>();
  for (const u of unsupportedProducts(analysis, segments))
    out.set(keyOf(u), [...(out.get(keyOf(u)) ?? []), u]);
  return out;
}

export const productLifecycleCheck = defineCheck<ProductParams>({
  id: 'product_lifecycle',
  primitives: ['currency_check'],
  list: 'currencyRules',
  candidates({ analysis }) {
    const out: Array<Candidate<ProductParams>> = [];
    for (const [key, group] of groups(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    )) {
      const issue = issueOf(analysis, group);
      out.push({
        key,
        primitive: 'currency_check',
        label: group[0]!.product.renamed_to
          ? `${group[0]!.product.name} (now ${group[0]!.product.renamed_to})`
          : `${group[0]!.product.name} ${group[0]!.version.version} past end of support`,
        documents: [...new Set(issue.quotes.map((q) => q.document))],
        params: {
          product: group[0]!.product.id,
          version: group[0]!.version.version,
          written: group[0]!.written,
        },
        signal: 0.85,
        severity: issue.severity,
      });
    }
    return out;
  },
  question(params, { documents }) {
    return {
      text: `Do ${documents.join(', ')} name ${params.written}, which is past its end of support, as in use?`,
      query: params.written,
    };
  },
  verdict(params, { analysis, segments }) {
    const group = groups(analysis, segments).get(`eos:${params.product}:${params.version}`);
    return { issues: group ? [issueOf(analysis, group)] : [] };
  },
});
