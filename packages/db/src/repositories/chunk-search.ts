// Full-text retrieval over one client's corpus chunks, ranked by BM25 (k1 1.2, b 0.75).
//
// SQLite: the FTS5 index of the chunks_search_index migration and its built-in bm25().
// PostgreSQL: the stored tsvector with its GIN index finds the chunks that hold any query term;
// BM25 is computed in the same statement from the vectors' term positions, with document
// frequencies and the average length taken over the client's own chunks.
import type { PrismaClient } from '../client';
import type { DatabaseProvider } from '../provider';

export interface ChunkHit {
  id: string;
  document: string;
  text: string;
  page: number | null;
  score: number;
}

/** Query terms: words of letters and digits, lower case, at most 32, each once. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 32);
}

const SQLITE_SEARCH = `
SELECT c.id AS id, c.document AS document, c.text AS text, c.page AS page,
       -bm25(chunks_search) AS score
FROM chunks_search
JOIN chunks c ON c.rowid = chunks_search.rowid
WHERE chunks_search MATCH ? AND c.client_id = ?
ORDER BY score DESC, c.id ASC
LIMIT ?`;

const POSTGRES_SEARCH = `
WITH query AS (SELECT to_tsquery('english', $2) AS q),
stats AS (
  SELECT count(*)::float8 AS n, greatest(coalesce(avg(length(text)), 1), 1)::float8 AS avgdl
  FROM chunks WHERE client_id = $1
),
terms AS (SELECT lexeme FROM unnest(to_tsvector('english', $3))),
matches AS (
  SELECT c.id, c.document, c.text, c.page, c.search_vector, length(c.text)::float8 AS dl
  FROM chunks c, query WHERE c.client_id = $1 AND c.search_vector @@ query.q
),
tf AS (
  SELECT m.id, u.lexeme, coalesce(array_length(u.positions, 1), 1)::float8 AS tf
  FROM matches m CROSS JOIN LATERAL unnest(m.search_vector) u
  WHERE u.lexeme IN (SELECT lexeme FROM terms)
),
df AS (SELECT lexeme, count(*)::float8 AS df FROM tf GROUP BY lexeme)
SELECT m.id, m.document, m.text, m.page,
       sum(ln(1 + (s.n - df.df + 0.5) / (df.df + 0.5))
           * tf.tf * 2.2 / (tf.tf + 1.2 * (0.25 + 0.75 * m.dl / s.avgdl)))::float8 AS score
FROM matches m
JOIN tf ON tf.id = m.id
JOIN df ON df.lexeme = tf.lexeme
CROSS JOIN stats s
GROUP BY m.id, m.document, m.text, m.page
ORDER BY score DESC, m.id ASC
LIMIT $4`;

export function createChunkSearchRepository(prisma: PrismaClient, provider: DatabaseProvider) {
  return {
    /** The client's chunks that best match `query`, best first; no terms, no hits. */
    async search(clientId: string, query: string, limit: number): Promise<ChunkHit[]> {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      const rows =
        provider === 'sqlite'
          ? await prisma.$queryRawUnsafe<ChunkHit[]>(
              SQLITE_SEARCH,
              terms.map((term) => `"${term}"`).join(' OR '),
              clientId,
              limit,
            )
          : await prisma.$queryRawUnsafe<ChunkHit[]>(
              POSTGRES_SEARCH,
              clientId,
              terms.join(' | '),
              terms.join(' '),
              limit,
            );
      return rows.map((row) => ({
        id: row.id,
        document: row.document,
        text: row.text,
        page: row.page === null ? null : Number(row.page),
        score: Number(row.score),
      }));
    },
  };
}

export type ChunkSearchRepository = ReturnType<typeof createChunkSearchRepository>;
