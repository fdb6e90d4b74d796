// Substring search over findings across engagements. Queries of three or more characters use the
// search index of the findings_search_index migration (SQLite FTS5 trigram, PostgreSQL pg_trgm);
// shorter ones fall back to a scan with the same meaning: a case-insensitive substring of
// description, root_cause or auditor_notes.
import type { PrismaClient } from '../client';
import type { DatabaseProvider } from '../provider';

export interface FindingSearchFilter {
  q: string | null;
  firmId: string | null;
  primitive: string | null;
  severity: string | null;
  status: string | null;
  canonicalOnly: boolean;
}

/** The shortest query the trigram indexes can serve. */
export const TRIGRAM_MIN_LENGTH = 3;

class SqlBuilder {
  readonly params: unknown[] = [];
  constructor(private readonly provider: DatabaseProvider) {}
  /** Binds a value and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return this.provider === 'sqlite' ? '?' : `$${this.params.length}`;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An FTS5 phrase: the query as one quoted string, so its characters are matched literally. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

interface SearchSql {
  from: string;
  where: string[];
}

function buildSearch(provider: DatabaseProvider, filter: FindingSearchFilter, sql: SqlBuilder): SearchSql {
  const where: string[] = [];
  let from = 'findings f';
  const q = filter.q;
  if (q) {
    if (provider === 'sqlite' && [...q].length >= TRIGRAM_MIN_LENGTH) {
      from = 'findings_search s JOIN findings f ON f.rowid = s.rowid';
      where.push(`findings_search MATCH ${sql.bind(ftsPhrase(q))}`);
    } else if (provider === 'sqlite') {
      // "?" placeholders are positional, so the needle is bound once per use.
      const needle = () => sql.bind(q.toLowerCase());
      where.push(
        `(instr(lower(f.description), ${needle()}) > 0 OR instr(lower(f.root_cause), ${needle()}) > 0 OR instr(lower(f.auditor_notes), ${needle()}) > 0)`,
      );
    } else {
      const pattern = sql.bind(`%${escapeLike(q)}%`);
      // The first condition is the indexed expression; the second keeps matches exact (a match
      // spanning two fields of the concatenation is not a match).
      where.push(`(f.description || ' ' || f.root_cause || ' ' || f.auditor_notes) ILIKE ${pattern}`);
      where.push(
        `(f.description ILIKE ${pattern} OR f.root_cause ILIKE ${pattern} OR f.auditor_notes ILIKE ${pattern})`,
      );
    }
  }
  if (filter.firmId !== null) where.push(`f.firm_id = ${sql.bind(filter.firmId)}`);
  if (filter.primitive !== null) where.push(`f.primitive = ${sql.bind(filter.primitive)}`);
  if (filter.severity !== null) where.push(`f.severity = ${sql.bind(filter.severity)}`);
  if (filter.status !== null) where.push(`f.status = ${sql.bind(filter.status)}`);
  if (filter.canonicalOnly) where.push(`f.is_canonical = ${sql.bind(true)}`);
  return { from, where };
}

export function createFindingSearchRepository(prisma: PrismaClient, provider: DatabaseProvider) {
  return {
    /** Matching finding ids for one page (severity, then confidence, descending) and the total. */
    async search(filter: FindingSearchFilter, page: { limit: number; offset: number }) {
      const pageSql = new SqlBuilder(provider);
      const { from, where } = buildSearch(provider, filter, pageSql);
      const whereClause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const limit = pageSql.bind(page.limit);
      const offset = pageSql.bind(page.offset);
      const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT f.id AS id FROM ${from} ${whereClause} ORDER BY f.severity_rank DESC, f.confidence DESC, f.id ASC LIMIT ${limit} OFFSET ${offset}`,
        ...pageSql.params,
      );
      const countSql = new SqlBuilder(provider);
      const counted = buildSearch(provider, filter, countSql);
      const countWhere = counted.where.length > 0 ? `WHERE ${counted.where.join(' AND ')}` : '';
      const [count] = await prisma.$queryRawUnsafe<{ total: number | bigint }[]>(
        `SELECT COUNT(*) AS total FROM ${counted.from} ${countWhere}`,
        ...countSql.params,
      );
      return { ids: rows.map((row) => row.id), total: Number(count?.total ?? 0) };
    },
  };
}

export type FindingSearchRepository = ReturnType<typeof createFindingSearchRepository>;
