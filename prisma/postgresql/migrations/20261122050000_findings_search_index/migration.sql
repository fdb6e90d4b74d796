-- Substring search over findings (GET /auditsvc/findings/search): a pg_trgm GIN index over the
-- three searchable texts, which serves ILIKE '%q%' for queries of three or more characters.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "findings_search_trgm_idx" ON "findings"
    USING gin (("description" || ' ' || "root_cause" || ' ' || "auditor_notes") gin_trgm_ops);

-- Search pages through very common matches in result order (severity, confidence, id, all
-- descending) by walking this index backwards.
CREATE INDEX "findings_search_order_idx" ON "findings" ("severity_rank", "confidence", "id");
