// The findings list of an engagement, the hottest read of the review screen: one reviewed SQL
// statement for the page and its total (COUNT(*) OVER ()), through the plain reader, instead of
// two Prisma queries. packages/db/test/findings-page.test.ts holds it to the Prisma query.
import type { Finding } from '../generated/sqlite/client';
import { FINDING_COLUMNS, PlainReader, mapRow, selectList } from '../plain-reads';

/** Same order as FINDING_ORDER: severity, then confidence, descending; id keeps pages stable. */
const PAGE_SQL = `SELECT ${selectList(FINDING_COLUMNS, 'f')}, COUNT(*) OVER () AS total_count
  FROM findings f
  WHERE f.engagement_id = $1
  ORDER BY f.severity_rank DESC, f.confidence DESC, f.id DESC
  LIMIT $2 OFFSET $3`;

const COUNT_SQL = 'SELECT COUNT(*) AS total_count FROM findings WHERE engagement_id = $1';

/** A page of the engagement's findings and their total, in one statement when the page has rows. */
export async function listFindingsPage(
  reader: PlainReader,
  engagementId: string,
  page: { limit: number; offset: number },
): Promise<{ items: Finding[]; total: number }> {
  const rows = await reader.all(PAGE_SQL, [engagementId, page.limit, page.offset]);
  if (rows.length > 0) {
    return {
      items: rows.map((row) => mapRow<Finding>(row, FINDING_COLUMNS, reader.provider)),
      total: Number(rows[0]!.total_count),
    };
  }
  // Past the end (or no findings): the window count has no row to ride on.
  if (page.offset === 0) return { items: [], total: 0 };
  const [count] = await reader.all(COUNT_SQL, [engagementId]);
  return { items: [], total: Number(count!.total_count) };
}
