// conflict_check on a register's rows: entries without an attribute the policies require (an
// approval, an MFA flag, a deadline between two date columns, an approver other than the author,
// an insurance or certificate expired while the entry is in use).
import { issueDocuments } from '../../analyst/issue';
import { defineCheck, quoteRequests } from '../check';
import { segmentKey } from '../requirement-conflict/conflicts';
import {
  DEPARTED_ID,
  RECORD_ATTRIBUTES,
  findRecordAttributeGaps,
  recordAttributeIssues,
  wholeRegisterIssues,
} from './record-attributes';
import { EARLY_DISPOSAL_ID } from './early-disposal';
import { EXPIRED_ID } from './expired-rows';

/** Words of the rule a row check quotes, so retrieval finds the rule beside the rows. */
const RULE_WORDS: Record<string, string> = {
  [DEPARTED_ID]:
    'leavers departing employee exit termination access revoked disabled removed account enabled',
  [EXPIRED_ID]: 'expiry expired current valid in force insurance certificate licence renewal status active',
  [EARLY_DISPOSAL_ID]: 'retained years after retention period destroyed disposal date destruction',
};

interface RecordAttributeParams {
  document: string;
  attributeId: string;
}

export const recordAttributeCheck = defineCheck<RecordAttributeParams>({
  id: 'record_attribute',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return findRecordAttributeGaps(analysis).map((issue) => {
      const [, document, attributeId] = issue.subject.split(':');
      return {
        key: `record-attribute:${document}:${attributeId}`,
        primitive: 'conflict_check',
        label: issue.title,
        documents: issueDocuments(issue),
        params: { document: document!, attributeId: attributeId! },
        signal: 0.85 + focusBoost(['vendor', 'contract']),
        severity: 'high',
      };
    });
  },
  question(params, { label, documents }) {
    const attribute = RECORD_ATTRIBUTES.find((a) => a.id === params.attributeId);
    const others = documents.filter((d) => d !== params.document).join(', ');
    return {
      text: `Does ${params.document} show records without the ${attribute?.label ?? label} that ${others || 'the policies'} require?`,
      query: `${attribute?.label ?? label} ${attribute?.query ?? RULE_WORDS[params.attributeId] ?? params.attributeId}`,
    };
  },
  verdict(params, { analysis, visible }) {
    const doc = analysis.byName.get(params.document);
    if (!doc) return { issues: [] };
    const issues = recordAttributeIssues(analysis, doc, visible, params.attributeId);
    // The rows the retrieval did not rank (one row among a register's many): ask for them, and for
    // the rule, by their words; also when some rows were seen, so that the finding names the rows
    // the register holds, not only those that happened to rank.
    const seen = new Set([...(visible ?? [])].map((s) => segmentKey(s)));
    const unseen = wholeRegisterIssues(analysis, doc, params.attributeId)
      .flatMap((i) => i.quotes)
      .filter((q) => !visible || !seen.has(segmentKey(q)));
    return { issues, hints: quoteRequests(unseen, 5) };
  },
});
