-- Full-text search over corpus chunks (POST /query and the audit engine's retrieval): a stored
-- tsvector of the chunk text (English stemming) with a GIN index. Ranking is BM25, computed in the
-- query from the vector's term positions (see packages/db/src/repositories/chunk-search.ts).
ALTER TABLE "chunks" ADD COLUMN "search_vector" tsvector
    GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED;

CREATE INDEX "chunks_search_vector_idx" ON "chunks" USING gin ("search_vector");
