// A page of a model's rows and the total of the filter, in one statement (COUNT(*) OVER ()) while
// the page has rows; past the end the window count has no row to ride on, so it is counted apart.
import type { PlainReader, RawRow } from './reader';
import { Column, mapRow, selectList } from './rows';

export interface PageQuery {
  /** The table with its alias and WHERE clause: "FROM findings f WHERE f.engagement_id = $1". */
  from: string;
  /** Parameters of `from`, numbered $1...; LIMIT and OFFSET take the next two. */
  params: unknown[];
  orderBy: string;
  columns: readonly Column[];
  alias: string;
  /** More select expressions, after the columns (figures read with each row). */
  extra?: string[];
}

/**
 * The page's rows as the driver gives them (the columns, then `extra`, then the total) and the
 * total.
 */
export async function readRawPage(
  reader: PlainReader,
  query: PageQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: RawRow[]; total: number }> {
  const { from, params, orderBy, columns, alias, extra = [] } = query;
  const select = [selectList(columns, alias), ...extra, 'COUNT(*) OVER () AS total_count'].join(', ');
  const rows = await reader.rows(
    `SELECT ${select} ${from}
     ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  if (rows.length > 0) return { rows, total: Number(rows[0]![rows[0]!.length - 1]) };
  if (page.offset === 0) return { rows, total: 0 };
  const [count] = await reader.rows(`SELECT COUNT(*) AS total_count ${from}`, params);
  return { rows, total: Number(count![0]) };
}

export async function readPage<T>(
  reader: PlainReader,
  query: PageQuery,
  page: { limit: number; offset: number },
): Promise<{ items: T[]; total: number }> {
  const { rows, total } = await readRawPage(reader, query, page);
  return { items: rows.map((row) => mapRow<T>(row, query.columns, reader.provider)), total };
}
