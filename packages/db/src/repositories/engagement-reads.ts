// The engagement reads every request makes (the record behind an access check, the engagement
// object and list with their corpus figures, and the versions a response kept in memory is checked
// against), as reviewed SQL through the plain reader instead of Prisma queries.
// packages/db/test/plain-reads.test.ts holds them to the Prisma queries they replace.
import type { Engagement } from '../generated/sqlite/client';
import { ENGAGEMENT_COLUMNS, PlainReader, RawRow, mapRow, readRawPage, selectList } from '../plain-reads';
import type { CorpusStats } from './engagements';

/** An engagement with its corpus figures, read in one statement. */
export interface EngagementRead {
  record: Engagement;
  corpus: CorpusStats;
}

/** The uploaded file count and bytes of the engagement `e`, read with its row. */
const CORPUS_FIGURES = [
  '(SELECT COUNT(*) FROM corpus_files c WHERE c.engagement_id = e.id) AS corpus_file_count',
  '(SELECT COALESCE(SUM(c.size_bytes), 0) FROM corpus_files c WHERE c.engagement_id = e.id) AS corpus_total_bytes',
];
const FIGURES_AT = ENGAGEMENT_COLUMNS.length;

function readOf(reader: PlainReader, row: RawRow): EngagementRead {
  return {
    record: mapRow<Engagement>(row, ENGAGEMENT_COLUMNS, reader.provider),
    corpus: { fileCount: Number(row[FIGURES_AT]), totalBytes: Number(row[FIGURES_AT + 1]) },
  };
}

const BY_ID_SQL = `SELECT ${selectList(ENGAGEMENT_COLUMNS, 'e')} FROM engagements e WHERE e.id = $1`;

export async function engagementById(reader: PlainReader, id: string): Promise<Engagement | null> {
  const [row] = await reader.rows(BY_ID_SQL, [id]);
  return row ? mapRow<Engagement>(row, ENGAGEMENT_COLUMNS, reader.provider) : null;
}

const READ_BY_ID_SQL = `SELECT ${[selectList(ENGAGEMENT_COLUMNS, 'e'), ...CORPUS_FIGURES].join(', ')}
  FROM engagements e WHERE e.id = $1`;

/** The engagement and its corpus figures, in one statement. */
export async function engagementReadById(reader: PlainReader, id: string): Promise<EngagementRead | null> {
  const [row] = await reader.rows(READ_BY_ID_SQL, [id]);
  return row ? readOf(reader, row) : null;
}

/**
 * What an access check needs (the firm) and the engagement's versions: its findings version (a
 * findings page kept in memory is current while it is) and its row version (likewise the
 * engagement object: it moves with any change to the row, the findings version included, or to
 * the corpus files' count or sizes).
 */
export interface EngagementAccess {
  firmId: string;
  findingsVersion: number;
  rowVersion: number;
}

const ACCESS_SQL = 'SELECT e.firm_id, e.findings_version, e.row_version FROM engagements e WHERE e.id = $1';

export async function engagementAccessById(
  reader: PlainReader,
  id: string,
): Promise<EngagementAccess | null> {
  const [row] = await reader.rows(ACCESS_SQL, [id]);
  return row ? { firmId: String(row[0]), findingsVersion: Number(row[1]), rowVersion: Number(row[2]) } : null;
}

/** The engagement list's filter: one firm's (or every firm's), with the archived ones or not. */
export interface EngagementFilter {
  firmId: string | null;
  includeArchived: boolean;
}

function listQuery(filter: EngagementFilter) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.firmId !== null) {
    params.push(filter.firmId);
    conditions.push(`e.firm_id = $${params.length}`);
  }
  if (!filter.includeArchived) conditions.push(`e.status <> 'archived'`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  // Most recently updated first, as the Prisma query orders them.
  return { from: `FROM engagements e ${where}`, params, orderBy: 'e.updated_at DESC, e.id ASC', alias: 'e' };
}

/** A page of engagements, each with its corpus figures; the total rides on each row. */
export async function engagementReadsPage(
  reader: PlainReader,
  filter: EngagementFilter,
  page: { limit: number; offset: number },
): Promise<{ items: EngagementRead[]; total: number }> {
  const { rows, total } = await readRawPage(
    reader,
    { ...listQuery(filter), columns: ENGAGEMENT_COLUMNS, extra: CORPUS_FIGURES },
    page,
  );
  return { items: rows.map((row) => readOf(reader, row)), total };
}

const VERSION_COLUMNS = [
  { field: 'id', column: 'id', kind: 'text' },
  { field: 'rowVersion', column: 'row_version', kind: 'int' },
] as const;

/** The same page as engagementReadsPage, only each engagement's id and row version. */
export async function engagementVersionsPage(
  reader: PlainReader,
  filter: EngagementFilter,
  page: { limit: number; offset: number },
): Promise<{ items: { id: string; rowVersion: number }[]; total: number }> {
  const { rows, total } = await readRawPage(reader, { ...listQuery(filter), columns: VERSION_COLUMNS }, page);
  return { items: rows.map((row) => ({ id: String(row[0]), rowVersion: Number(row[1]) })), total };
}

/** Uploaded file count and bytes per engagement, in one statement. */
export async function corpusStatsOf(reader: PlainReader, ids: string[]): Promise<Map<string, CorpusStats>> {
  const result = new Map(ids.map((id) => [id, { fileCount: 0, totalBytes: 0 }]));
  if (ids.length === 0) return result;
  const placeholders = ids.map((_, i) => `$${i + 1}`).join(', ');
  const rows = await reader.rows(
    `SELECT engagement_id, COUNT(*) AS file_count, COALESCE(SUM(size_bytes), 0) AS total_bytes
     FROM corpus_files WHERE engagement_id IN (${placeholders}) GROUP BY engagement_id`,
    ids,
  );
  for (const [engagementId, fileCount, totalBytes] of rows) {
    result.set(String(engagementId), { fileCount: Number(fileCount), totalBytes: Number(totalBytes) });
  }
  return result;
}
