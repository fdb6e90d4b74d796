// conflict_check across two concepts: backups taken less often than the recovery point objective
// allows (weekly backups cannot meet a 24-hour RPO).
import type { ConceptFact, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import type { DocumentRole } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, extractTimeQuantities, type Quantity } from '../../analyst/quantities';
import { topicOverlap } from '../../analyst/topics';
import { escapeRegExp } from '../../text/normalize';
import { describeFact } from '../concept-conflict/concept-conflicts';

export const RPO_SUBJECT = 'rpo:backup_frequency';

/**
 * A value given to explain the term ("e.g. a six-hour objective means ...") is
 * no objective the organisation set: comparing backups with it would be a finding about an example.
 */
const HYPOTHETICAL =
  /\b(?:for example|for instance|e\.g\.|suppose|assume|imagine)\b|\bif (?:the|a|an|your) (?:RPO|recovery point objective)\b/i;

/** The names of the two objectives a sentence often gives together ("RTO 4 hours, RPO 15 minutes"). */
const OBJECTIVE_NAME =
  /\b(?:(recovery point objectives?|RPOs?)|recovery time objectives?|RTOs?|maximum tolerable (?:period of )?(?:disruption|downtime|outage)|MTP?Ds?)\b/gi;

/** Whether the objective named nearest before a value (or, with none before, after it) is the RPO. */
function namesRecoveryPoint(text: string, quantity: Quantity): boolean {
  const names = [...text.matchAll(OBJECTIVE_NAME)];
  const before = names.filter((m) => m.index + m[0].length <= quantity.index).at(-1);
  const after = names.find((m) => m.index >= quantity.index + quantity.phrase.length);
  const nearest = before ?? after;
  return !nearest || nearest[1] !== undefined;
}

/**
 * A fact read as the recovery point objective with the value that is the RPO's own: "RTO four (4)
 * hours and RPO fifteen (15) minutes" gives fifteen minutes, not the recovery time's four hours;
 * null when the statement gives the RPO no value of its own.
 */
export function asRecoveryPoint(fact: ConceptFact): ConceptFact | null {
  const text = fact.segment.text;
  if (namesRecoveryPoint(text, fact.quantity)) return fact;
  const own = extractTimeQuantities(text).find(
    (q) => q.kind === fact.quantity.kind && namesRecoveryPoint(text, q),
  );
  return own ? { ...fact, quantity: own } : null;
}

/**
 * Replication, log shipping, snapshots or a standby kept current ("Continuous replication to a
 * secondary Singapore data centre", "transaction logs shipped to the recovery site every fifteen
 * minutes", "hourly snapshots"): the recovery point rests on it, not on the nightly backup.
 */
const REPLICATION =
  /\b(replicat\w*|mirror\w*|continuous\w*|log shipping|logs? (?:are |is )?shipped|point-in-time|snapshots?|standby|journal\w*)\b/i;
const CONTINUOUS =
  /\b(continuous\w*|real[- ]time|synchronous\w*|near[- ]zero|every few (?:seconds|minutes))\b/i;

/** Words of an objective's row that rank it rather than name its system ("| PACS | Critical | 1 hour |"). */
const RANK_WORDS = new Set(['critical', 'high', 'medium', 'low', 'tier', 'essential', 'important']);

/**
 * A statement of replication that keeps up with the objective, in the backup's or the objective's
 * own sentence, or in either's document and naming the objective's system: HIS data replicated
 * every 15 minutes meets nothing of the laboratory system's one-hour objective.
 */
export function replicationMeets(
  statements: readonly LocatedSegment[],
  backup: ConceptFact,
  rpo: ConceptFact,
): boolean {
  const documents = new Set([backup.segment.document, rpo.segment.document]);
  const system = rpo.topic.filter((w) => w.length >= 3 && !RANK_WORDS.has(w));
  // The backup's and the objective's own sentences count whether or not the caller gathered them.
  const theirOwn = [backup.segment, rpo.segment].filter((segment) => REPLICATION.test(segment.text));
  return [...theirOwn, ...statements].some((segment) => {
    const own = segment === backup.segment || segment === rpo.segment;
    const names = system.some((w) => new RegExp(`\\b${escapeRegExp(w)}`, 'i').test(segment.text));
    return (
      (own || (documents.has(segment.document) && (system.length === 0 || names))) &&
      (CONTINUOUS.test(segment.text) ||
        extractTimeQuantities(segment.text).some(
          (q) => q.kind === 'period' && q.value <= rpo.quantity.value * 1.1,
        ))
    );
  });
}

/**
 * `replication`: the set's statements of replication or log shipping (see REPLICATION), which
 * meet an objective whatever the backups' cycle.
 */
export function recoveryPointIssue(
  facts: ConceptFact[],
  roles: ReadonlyMap<string, DocumentRole> = new Map(),
  replication: readonly LocatedSegment[] = [],
): Issue | null {
  const rpos = facts
    .filter((f) => f.concept.id === 'recovery_point_objective' && !HYPOTHETICAL.test(f.segment.text))
    .map(asRecoveryPoint)
    .filter((f): f is ConceptFact => f !== null);
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
        !replicationMeets(replication, c.backup, c.rpo),
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

const replicationCache = new WeakMap<CorpusAnalysis, LocatedSegment[]>();

/** The set's statements of replication or log shipping (read once per corpus). */
export function replicationStatements(analysis: CorpusAnalysis): LocatedSegment[] {
  let found = replicationCache.get(analysis);
  if (!found) {
    found = analysis.documents
      .flatMap((d) => d.segments)
      .filter((s) => s.text.length <= 600 && REPLICATION.test(s.text));
    replicationCache.set(analysis, found);
  }
  return found;
}
