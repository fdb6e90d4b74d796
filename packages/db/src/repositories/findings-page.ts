// The findings list of an engagement, the hottest read of the review screen: one reviewed SQL
// statement for the page and its total (COUNT(*) OVER ()), read on the read connection, instead of
// two Prisma queries (each compiled in JavaScript per call). Rows are mapped to the Finding record
// the Prisma client would return; packages/db/test/findings-page.test.ts holds the two together.
import type { PrismaClient, Tx } from '../client';
import type { Finding } from '../generated/sqlite/client';
import type { DatabaseProvider } from '../provider';

const COLUMNS = `f.id, f.engagement_id, f.firm_id, f.run_id, f.status, f.severity, f.severity_rank, f.title,
  f.description, f.root_cause, f.remediation_scope, f.remediation_effort_hours, f.auditor_notes,
  f.primitive, f.is_canonical, f.merged_finding_ids, f.canonical_finding_id, f.corroboration_score,
  f.filter_status, f.filter_overridden_by, f.confidence, f.evidence, f.frameworks, f.parent_finding_id,
  f.iteration, f.adversarial, f.fingerprint, f.reviewer_touched, f.created_at, f.updated_at`;

/** Same order as FINDING_ORDER: severity, then confidence, descending; id keeps pages stable. */
function pageSql(provider: DatabaseProvider): string {
  const [engagement, limit, offset] = provider === 'sqlite' ? ['?', '?', '?'] : ['$1', '$2', '$3'];
  return `SELECT ${COLUMNS}, COUNT(*) OVER () AS total_count
  FROM findings f
  WHERE f.engagement_id = ${engagement}
  ORDER BY f.severity_rank DESC, f.confidence DESC, f.id DESC
  LIMIT ${limit} OFFSET ${offset}`;
}

type Row = Record<string, unknown>;

/** SQLite may hand booleans back as 0/1; it hands JSON back as text, where PostgreSQL parses it. */
const bool = (value: unknown) => value === true || value === 1 || value === 1n;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function toFinding(row: Row, provider: DatabaseProvider): Finding {
  const json = (value: unknown) =>
    provider === 'sqlite' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return {
    id: String(row.id),
    engagementId: String(row.engagement_id),
    firmId: String(row.firm_id),
    runId: text(row.run_id),
    status: String(row.status),
    severity: String(row.severity),
    severityRank: Number(row.severity_rank),
    title: String(row.title),
    description: String(row.description),
    rootCause: String(row.root_cause),
    remediationScope: String(row.remediation_scope),
    remediationEffortHours: Number(row.remediation_effort_hours),
    auditorNotes: String(row.auditor_notes),
    primitive: String(row.primitive),
    isCanonical: bool(row.is_canonical),
    mergedFindingIds: json(row.merged_finding_ids) as Finding['mergedFindingIds'],
    canonicalFindingId: text(row.canonical_finding_id),
    corroborationScore: Number(row.corroboration_score),
    filterStatus: text(row.filter_status),
    filterOverriddenBy: text(row.filter_overridden_by),
    confidence: Number(row.confidence),
    evidence: json(row.evidence) as Finding['evidence'],
    frameworks: json(row.frameworks) as Finding['frameworks'],
    parentFindingId: text(row.parent_finding_id),
    iteration: Number(row.iteration),
    adversarial: (row.adversarial === null ? null : json(row.adversarial)) as Finding['adversarial'],
    fingerprint: text(row.fingerprint),
    reviewerTouched: bool(row.reviewer_touched),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/** A page of the engagement's findings and their total, in one statement when the page has rows. */
export async function listFindingsPage(
  client: PrismaClient | Tx,
  provider: DatabaseProvider,
  engagementId: string,
  page: { limit: number; offset: number },
): Promise<{ items: Finding[]; total: number }> {
  const rows = await client.$queryRawUnsafe<Row[]>(pageSql(provider), engagementId, page.limit, page.offset);
  if (rows.length > 0)
    return { items: rows.map((row) => toFinding(row, provider)), total: Number(rows[0]!.total_count) };
  // Past the end (or no findings): the window count has no row to ride on.
  const total = page.offset === 0 ? 0 : await client.finding.count({ where: { engagementId } });
  return { items: [], total };
}
