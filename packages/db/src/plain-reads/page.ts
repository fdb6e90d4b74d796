// A page of a model's rows and the total of the filter, in one statement (COUNT(*) OVER ()) while
// the page has rows; past the end the window count has no row to ride on, so it is counted apart.
import type { PlainReader } from './reader';
import { Column, mapRow, selectList } from './rows';

export interface PageQuery {
  /** The table with its alias and WHERE clause: "FROM findings f WHERE f.engagement_id = $1". */
  from: string;
  /** Parameters of `from`, numbered $1...; LIMIT and OFFSET take the next two. */
  params: unknown[];
  orderBy: string;
  columns: readonly Column[];
  alias: string;
}

export async function readPage<T>(
  reader: PlainReader,
  query: PageQuery,
  page: { limit: number; offset: number },
): Promise<{ items: T[]; total: number }> {
  const { from, params, orderBy, columns, alias } = query;
  const rows = await reader.all(
    `SELECT ${selectList(columns, alias)}, COUNT(*) OVER () AS total_count ${from}
     ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  if (rows.length > 0) {
    return {
      items: rows.map((row) => mapRow<T>(row, columns, reader.provider)),
      total: Number(rows[0]!.total_count),
    };
  }
  if (page.offset === 0) return { items: [], total: 0 };
  const [count] = await reader.all(`SELECT COUNT(*) AS total_count ${from}`, params);
  return { items: [], total: Number(count!.total_count) };
}
