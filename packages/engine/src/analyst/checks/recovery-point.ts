// conflict_check across two concepts: backups taken less often than the recovery point objective
// allows (weekly backups cannot meet a 24-hour RPO).
import type { ConceptFact } from '../corpus-analysis';
import { quoteOf, type Issue } from '../issue';
import { describeDays } from '../quantities';
import { describeFact } from './concept-conflicts';

export const RPO_SUBJECT = 'rpo:backup_frequency';

export function recoveryPointIssue(facts: ConceptFact[]): Issue | null {
  const rpos = facts.filter((f) => f.concept.id === 'recovery_point_objective');
  const backups = facts.filter((f) => f.concept.id === 'backup_frequency');
  if (rpos.length === 0 || backups.length === 0) return null;
  // Per document, the most frequent backup it states (incremental backups cover the RPO).
  const byDocument = new Map<string, ConceptFact>();
  for (const b of backups) {
    const current = byDocument.get(b.segment.document);
    if (!current || b.quantity.value < current.quantity.value) byDocument.set(b.segment.document, b);
  }
  const rpo = [...rpos].sort((a, b) => a.quantity.value - b.quantity.value)[0]!;
  const slow = [...byDocument.values()]
    .filter((b) => b.quantity.value > rpo.quantity.value * 1.1)
    .sort((a, b) => b.quantity.value - a.quantity.value)[0];
  if (!slow) return null;
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
