// conflict_check on exception records: an exception granted for longer than a policy allows.
import { defineCheck } from '../check';
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import {
  exceptionCap,
  exceptionOverruns,
  exceptionTermIssue,
  type ExceptionCap,
  type ExceptionTerm,
} from './exception-terms';

interface ExceptionTermParams {
  document: string;
  /** Where the term's segment starts in its document: one target per granted term. */
  start: number;
}

const overrunsCache = new WeakMap<CorpusAnalysis, { cap: ExceptionCap; terms: ExceptionTerm[] } | null>();

/**
 * The cap and the terms beyond it, read once per corpus: they depend only on the corpus, and every
 * target's verdict asks for them again.
 */
function overruns(analysis: CorpusAnalysis): { cap: ExceptionCap; terms: ExceptionTerm[] } | null {
  if (!overrunsCache.has(analysis)) {
    const cap = exceptionCap(analysis);
    overrunsCache.set(analysis, cap ? { cap, terms: exceptionOverruns(analysis, cap) } : null);
  }
  return overrunsCache.get(analysis) ?? null;
}

export const exceptionTermCheck = defineCheck<ExceptionTermParams>({
  id: 'exception_term',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    const found = overruns(analysis);
    if (!found) return [];
    const { cap, terms } = found;
    return terms.map((term) => ({
      key: `exception-term:${term.segment.document}:${term.segment.start}`,
      primitive: 'conflict_check',
      label: `exception term in ${term.segment.document}`,
      documents: [cap.segment.document, term.segment.document],
      params: { document: term.segment.document, start: term.segment.start },
      signal: 0.8 + focusBoost(['exception', 'waiver', 'deviation']),
      severity: 'medium',
    }));
  },
  question(params) {
    return {
      text: `Does ${params.document} grant an exception for longer than the policy allows?`,
      query: 'exception period term approved from to until through maximum months re-approval',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = overruns(analysis);
    if (!found) return { issues: [] };
    const { cap, terms } = found;
    const term = terms.find(
      (t) => t.segment.document === params.document && t.segment.start === params.start,
    );
    if (!term) return { issues: [] };
    if (!visible.has(term.segment) || !visible.has(cap.segment))
      return {
        issues: [],
        hints: [
          { query: term.segment.text.slice(0, 200), document: params.document },
          { query: cap.segment.text.slice(0, 200), document: cap.segment.document },
        ],
      };
    return { issues: [exceptionTermIssue(cap, term)] };
  },
});
