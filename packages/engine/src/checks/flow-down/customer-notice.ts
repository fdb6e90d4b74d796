// The organisation's own promise to its customers, carried into the contract it signs with them:
// a policy commits it to tell affected customers of a security incident within a fixed time
// ("<Company> shall notify each affected customer's Authorized Contacts within 24 hours of the
// incident being confirmed"), and its customer contract promises notice only "without undue
// delay". The customer can hold the organisation to nothing firmer than the contract.
import type { AnalyzedDocument, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { THIRD_PARTY } from '../../analyst/parties';
import { describeQuantity, extractTimeQuantities } from '../../analyst/quantities';
import { requirementsOf, type Requirement } from '../../analyst/requirements';

/** Promptness without a deadline: the words a contract uses instead of a number of hours. */
export const UNTIMED_PROMPTNESS =
  /\b(?:without (?:undue )?delay|promptly|as soon as (?:reasonably )?(?:practicable|possible|feasible)|forthwith|in a timely (?:manner|fashion)|expeditiously)\b/i;
/** What the notice is of. */
const INCIDENT = /\b(?:incident|breach)\w*/i;
/** The contract's party served by the organisation, and the organisation's notice to it. */
const NOTICE_TO_CUSTOMER = /\bshall\s+(?:promptly\s+)?(?:notify|inform)\s+(?:the\s+)?Customer\b/;

/** The policy's timed notice of an incident to customers, given by the organisation itself. */
function ownCustomerNotice(
  parent: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): Requirement | null {
  for (const segment of parent.segments.filter(seen)) {
    if (!INCIDENT.test(segment.text)) continue;
    const notice = requirementsOf(segment).find(
      (r) =>
        r.action === 'notify' &&
        r.quantity.kind === 'duration' &&
        r.obligation &&
        r.topic.includes('customer') &&
        !(r.actor ?? []).some((w) => THIRD_PARTY.test(w)),
    );
    if (notice) return notice;
  }
  return null;
}

/**
 * A customer contract that promises notice of an incident only in words of promptness, where a
 * policy commits the organisation to a fixed time; null when the contract times the notice itself.
 */
export function customerNoticeIssue(
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
  subject: string,
): Issue | null {
  const notices = child.segments.filter((s) => NOTICE_TO_CUSTOMER.test(s.text) && INCIDENT.test(s.text));
  if (notices.length === 0) return null;
  const timed = notices.some((s) => extractTimeQuantities(s.text).some((q) => q.kind === 'duration'));
  const untimed = notices.find((s) => seen(s) && UNTIMED_PROMPTNESS.test(s.text));
  if (timed || !untimed) return null;
  const promise = ownCustomerNotice(parent, seen);
  if (!promise) return null;
  const window = describeQuantity(promise.quantity).split(' (')[0];
  return {
    primitive: 'flow_down_check',
    subject,
    aspects: [subject],
    title: `${child.title}: customers are promised notice of a security incident only "${UNTIMED_PROMPTNESS.exec(untimed.text)![0]}", though ${parent.name} commits to ${window}`,
    description:
      `${parent.name} commits the organisation to notify affected customers within ${window} ("${promise.segment.text.slice(0, 200)}"), but ` +
      `${child.name}, the contract with those customers, promises only "${untimed.text.slice(0, 240)}". The customer's contractual right is weaker ` +
      'than the policy it is told the service runs under, and a late notice breaches no term.',
    rootCause: `${child.name} was drafted without checking its notice clause against ${parent.name}.`,
    remediationScope: `Amend ${child.name} to commit to notice within ${window}, as ${parent.name} does.`,
    remediationEffortHours: 4,
    severity: 'high',
    confidence: 0.78,
    frameworks: [],
    quotes: [quoteOf(promise.segment), quoteOf(untimed)],
  };
}
