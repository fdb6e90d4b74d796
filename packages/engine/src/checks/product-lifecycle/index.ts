// currency_check: products past their vendor's end of support named as in use, one finding per
// product version across the corpus.
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

function issueOf(analysis: CorpusAnalysis, group: UnsupportedProduct[]): Issue {
  const { product, version } = group[0]!;
  const documents = [...new Set(group.map((u) => u.segment.document))];
  const inUse = documents.some((d) => analysis.byName.get(d)?.role === 'evidence');
  const written = [...new Set(group.map((u) => u.written))];
  const subject = keyOf(group[0]!);
  const source = productSourceTitle(version.source);
  return {
    primitive: 'currency_check',
    subject,
    aspects: [subject],
    title: `${product.name} ${version.version} is past its end of support (${version.end_of_support}) but named in ${listDocuments(documents.slice(0, 3))}`,
    description:
      `${listDocuments(documents)} name${documents.length === 1 ? 's' : ''} ${written.join(', ')} ${inUse ? 'as in use' : 'as part of the environment'}, ` +
      `but the vendor ended support for ${product.name} ${version.version} on ${version.end_of_support} (${source}), before the date of this audit ` +
      `(${analysis.auditDate}). It receives no security fixes, so known vulnerabilities stay open.`,
    rootCause: `${product.name} ${version.version} was not upgraded or retired before its end of support, and the documents were not updated.`,
    remediationScope: `Upgrade or retire ${product.name} ${version.version} (or buy extended support and isolate it, with a recorded exception), and update the documents that name it.`,
    remediationEffortHours: 16,
    severity: inUse ? 'high' : 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes: [...new Set(group.map((u) => u.segment))].slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
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
        label: `${group[0]!.product.name} ${group[0]!.version.version} past end of support`,
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
