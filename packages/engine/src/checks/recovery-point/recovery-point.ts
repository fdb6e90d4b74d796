// conflict_check across two concepts: backups taken less often than the recovery point objective
// allows (weekly backups cannot meet a 24-hour RPO).
import type { ConceptFact } from '../../analyst/corpus-analysis';
import type { DocumentRole } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, extractTimeQuantities } from '../../analyst/quantities';
import { topicOverlap } from '../../analyst/topics';
import { describeFact } from '../concept-conflict/concept-conflicts';

export const RPO_SUBJECT = 'rpo:backup_frequency';

/**
 * A value given to explain the term ("e.g. a six-hour objective means ...") is
 * no objective the organisation set: comparing backups with it would be a finding about an example.
 */
const HYPOTHETICAL =
  /\b(?:for example|for instance|e\.g\.|suppose|assume|imagine)\b|\bif (?:the|a|an|your) (?:RPO|recovery point objective)\b/i;

export function recoveryPointIssue(
  facts: ConceptFact[],
  roles: ReadonlyMap<string, DocumentRole> = new Map(),
): Issue | null {
  const rpos = facts.filter(
    (f) => f.concept.id === 'recovery_point_objective' && !HYPOTHETICAL.test(f.segment.text),
  );
  const backups = facts.filter((f) => f.concept.id === 'backup_frequency');
  if (rpos.length === 0 || backups.length === 0) return null;
  // Per document, the most frequent backup it states (incremental backups cover the RPO).
  const byDocument = new Map<string, ConceptFact>();
  for (const b of backups) {
    const current = byDocument.get(b.segment.document);
    if (!current || b.quantity.value < current.quantity.value) byDocument.set(b.segment.document, b);
  }
  const candidates = [...byDocument.values()]
    .map((backup) => ({ backup, rpo: objectiveFor(backup, rpos, roles) }))
    .filter(
      (c): c is { backup: ConceptFact; rpo: ConceptFact } =>
        c.rpo !== null &&
        c.backup.quantity.value > c.rpo.quantity.value * 1.1 &&
        !replicatedOftenEnough(c.backup, c.rpo.quantity.value),
    )
    .sort((a, b) => b.backup.quantity.value - a.backup.quantity.value);
  const slow = candidates[0]?.backup;
  const rpo = candidates[0]?.rpo;
  if (!slow || !rpo) return null;
  return {
    primitive: 'conflict_check',
    subject: RPO_SUBJECT,
    aspects: [RPO_SUBJECT, 'concept:backup_frequency:general'],
    title: `Backup frequency (${describeFact(slow).split(' (')[0]}) cannot meet the recovery point objective of ${describeDays(rpo.quantity.value)}`,
    description:
      `${rpo.segment.document} sets a recovery point objective of ${describeDays(rpo.quantity.value)}, but ${slow.segment.document} states backups ` +
      `${describeFact(slow)}: up to ${describeDays(slow.quantity.value)} of data could be lost, more than the objective allows.`,
    rootCause: `The backup schedule in ${slow.segment.document} was set without regard to the recovery point objective of ${rpo.segment.document}.`,
    remediationScope: `Take backups (or enable point-in-time recovery) at least every ${describeDays(rpo.quantity.value)}, or have the business accept a longer recovery point objective.`,
    remediationEffortHours: 8,
    severity: 'high',
    confidence: 0.82,
    frameworks: [],
    quotes: [quoteOf(rpo.segment), quoteOf(slow.segment)],
  };
}

/**
 * The recovery point objective a backup statement answers to: the one for the same system (the
 * topics share a word), else the only value the corpus gives (not a contract's, for backups that
 * another document states for another system). Several systems with different objectives and a
 * backup that names none of them: no comparison.
 */
function objectiveFor(
  backup: ConceptFact,
  rpos: ConceptFact[],
  roles: ReadonlyMap<string, DocumentRole>,
): ConceptFact | null {
  const related = rpos.filter((r) => topicOverlap(r.topic, backup.topic) > 0);
  if (related.length > 0) return [...related].sort((a, b) => b.quantity.value - a.quantity.value)[0]!;
  const values = new Set(rpos.map((r) => Math.round(r.quantity.value * 1440)));
  if (values.size !== 1) return null;
  // The only objective answers the backups, unless it is a contract's (a provider's service: a
  // payroll provider's objective says nothing of the mill's PLC backups another document states).
  const only = rpos[0]!;
  const providers =
    only.segment.document !== backup.segment.document && roles.get(only.segment.document) === 'contract';
  return providers && backup.topic.length > 0 && only.topic.length > 0 ? null : only;
}

/** Replication, log shipping or snapshots at least as often as the objective meet it too. */
function replicatedOftenEnough(backup: ConceptFact, objectiveDays: number): boolean {
  const text = backup.segment.text;
  if (
    !/\b(replicat\w*|mirror\w*|continuous\w*|point-in-time|log shipping|snapshots?|journal\w*)\b/i.test(text)
  )
    return false;
  return extractTimeQuantities(text).some((q) => q.kind === 'period' && q.value <= objectiveDays * 1.1);
}
