// The engagement reads every request makes (the record behind an access check, the engagement
// list, corpus figures), as reviewed SQL through the plain reader instead of Prisma queries.
// packages/db/test/plain-reads.test.ts holds them to the Prisma queries they replace.
import type { Engagement } from '../generated/sqlite/client';
import { ENGAGEMENT_COLUMNS, PlainReader, mapRow, readPage, selectList } from '../plain-reads';
import type { CorpusStats } from './engagements';

const BY_ID_SQL = `SELECT ${selectList(ENGAGEMENT_COLUMNS, 'e')} FROM engagements e WHERE e.id = $1`;

export async function engagementById(reader: PlainReader, id: string): Promise<Engagement | null> {
  const [row] = await reader.rows(BY_ID_SQL, [id]);
  return row ? mapRow<Engagement>(row, ENGAGEMENT_COLUMNS, reader.provider) : null;
}

/** Most recently updated first, as the Prisma query orders them; the total rides on each row. */
export function engagementsPage(
  reader: PlainReader,
  filter: { firmId: string | null; includeArchived: boolean },
  page: { limit: number; offset: number },
): Promise<{ items: Engagement[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.firmId !== null) {
    params.push(filter.firmId);
    conditions.push(`e.firm_id = $${params.length}`);
  }
  if (!filter.includeArchived) conditions.push(`e.status <> 'archived'`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return readPage<Engagement>(
    reader,
    {
      from: `FROM engagements e ${where}`,
      params,
      orderBy: 'e.updated_at DESC, e.id ASC',
      columns: ENGAGEMENT_COLUMNS,
      alias: 'e',
    },
    page,
  );
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
