// Substring search over findings across engagements: a case-insensitive substring of description,
// root_cause or auditor_notes, plus filters.
//
// Two steps keep every query fast at a million findings:
// 1. Candidates: the matching rows, at most SEARCH_COUNT_CAP + 1 of them, found through the search
//    index of the findings_search_index migration (SQLite FTS5 trigram, PostgreSQL pg_trgm) for
//    queries of three or more characters, else by a LIKE scan. When there are no more than the cap,
//    the total is exact and the page is sorted from the candidates.
// 2. Very common matches (more than the cap): the page walks findings in result order through
//    (severity_rank, confidence, id) and stops once the page is full; the total is reported as
//    "at least SEARCH_COUNT_CAP" (total_relation "gte") unless an exact count is asked for.
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

export interface FindingSearchResult {
  ids: string[];
  total: number;
  totalRelation: 'eq' | 'gte';
}

/** The shortest query the trigram indexes can serve. */
export const TRIGRAM_MIN_LENGTH = 3;
/** Totals are exact up to this many matches (or always, with exactTotal). */
export const SEARCH_COUNT_CAP = 10_000;

const ORDER = 'ORDER BY f.severity_rank DESC, f.confidence DESC, f.id DESC';

class SqlBuilder {
  readonly params: unknown[] = [];
  constructor(private readonly provider: DatabaseProvider) {}
  /** Binds a value and returns its placeholder ("?" is positional: bind once per use). */
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

/** The substring condition evaluated on each row (no index): LIKE (ASCII case folding) or ILIKE. */
function rowMatch(provider: DatabaseProvider, q: string, sql: SqlBuilder): string {
  const pattern = `%${escapeLike(q)}%`;
  if (provider === 'sqlite') {
    const like = (column: string) => `${column} LIKE ${sql.bind(pattern)} ESCAPE '\\'`;
    return `(${like('f.description')} OR ${like('f.root_cause')} OR ${like('f.auditor_notes')})`;
  }
  const p = sql.bind(pattern);
  return `(f.description ILIKE ${p} OR f.root_cause ILIKE ${p} OR f.auditor_notes ILIKE ${p})`;
}

/** FROM and WHERE of the candidate query: through the search index when the query allows it. */
function indexedMatch(
  provider: DatabaseProvider,
  q: string,
  sql: SqlBuilder,
): { from: string; where: string[] } {
  const indexable = [...q].length >= TRIGRAM_MIN_LENGTH;
  if (provider === 'sqlite' && indexable) {
    return {
      from: 'findings_search s JOIN findings f ON f.rowid = s.rowid',
      where: [`findings_search MATCH ${sql.bind(ftsPhrase(q))}`],
    };
  }
  if (provider === 'postgresql' && indexable) {
    const pattern = sql.bind(`%${escapeLike(q)}%`);
    // The first condition is the indexed expression; the second keeps matches exact (a match
    // spanning two fields of the concatenation is not a match).
    return {
      from: 'findings f',
      where: [
        `(f.description || ' ' || f.root_cause || ' ' || f.auditor_notes) ILIKE ${pattern}`,
        `(f.description ILIKE ${pattern} OR f.root_cause ILIKE ${pattern} OR f.auditor_notes ILIKE ${pattern})`,
      ],
    };
  }
  return { from: 'findings f', where: [rowMatch(provider, q, sql)] };
}

function filterConditions(filter: FindingSearchFilter, sql: SqlBuilder): string[] {
  const where: string[] = [];
  if (filter.firmId !== null) where.push(`f.firm_id = ${sql.bind(filter.firmId)}`);
  if (filter.primitive !== null) where.push(`f.primitive = ${sql.bind(filter.primitive)}`);
  if (filter.severity !== null) where.push(`f.severity = ${sql.bind(filter.severity)}`);
  if (filter.status !== null) where.push(`f.status = ${sql.bind(filter.status)}`);
  if (filter.canonicalOnly) where.push(`f.is_canonical = ${sql.bind(true)}`);
  return where;
}

function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

interface Candidate {
  id: string;
  rank: number | bigint;
  confidence: number;
}

/** Result order: severity, confidence, then id, all descending. */
function byResultOrder(a: Candidate, b: Candidate): number {
  return (
    Number(b.rank) - Number(a.rank) || b.confidence - a.confidence || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

export function createFindingSearchRepository(prisma: PrismaClient, provider: DatabaseProvider) {
  async function rows<T>(build: (sql: SqlBuilder) => string): Promise<T[]> {
    const sql = new SqlBuilder(provider);
    const text = build(sql);
    return prisma.$queryRawUnsafe<T[]>(text, ...sql.params);
  }

  return {
    async search(
      filter: FindingSearchFilter,
      page: { limit: number; offset: number },
      options: { exactTotal?: boolean } = {},
    ): Promise<FindingSearchResult> {
      const q = filter.q;
      const candidates = await rows<Candidate>((sql) => {
        const match = q ? indexedMatch(provider, q, sql) : { from: 'findings f', where: [] };
        const where = whereClause([...match.where, ...filterConditions(filter, sql)]);
        return `SELECT f.id AS id, f.severity_rank AS rank, f.confidence AS confidence FROM ${match.from} ${where} LIMIT ${SEARCH_COUNT_CAP + 1}`;
      });
      if (candidates.length <= SEARCH_COUNT_CAP) {
        const ordered = candidates.sort(byResultOrder).slice(page.offset, page.offset + page.limit);
        return {
          ids: ordered.map((candidate) => candidate.id),
          total: candidates.length,
          totalRelation: 'eq',
        };
      }
      const conditions = (sql: SqlBuilder) =>
        whereClause([...(q ? [rowMatch(provider, q, sql)] : []), ...filterConditions(filter, sql)]);
      const pageRows = await rows<{ id: string }>((sql) => {
        const where = conditions(sql);
        return `SELECT f.id AS id FROM findings f ${where} ${ORDER} LIMIT ${sql.bind(page.limit)} OFFSET ${sql.bind(page.offset)}`;
      });
      const ids = pageRows.map((row) => row.id);
      if (!options.exactTotal) return { ids, total: SEARCH_COUNT_CAP, totalRelation: 'gte' };
      const [count] = await rows<{ total: number | bigint }>((sql) => {
        const match = q ? indexedMatch(provider, q, sql) : { from: 'findings f', where: [] };
        return `SELECT COUNT(*) AS total FROM ${match.from} ${whereClause([...match.where, ...filterConditions(filter, sql)])}`;
      });
      return { ids, total: Number(count?.total ?? 0), totalRelation: 'eq' };
    },
  };
}

export type FindingSearchRepository = ReturnType<typeof createFindingSearchRepository>;
