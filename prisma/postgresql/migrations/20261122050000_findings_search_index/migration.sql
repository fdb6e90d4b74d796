-- Substring search over findings (GET /auditsvc/findings/search): a pg_trgm GIN index over the
-- three searchable texts, which serves ILIKE '%q%' for queries of three or more characters.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "findings_search_trgm_idx" ON "findings"
    USING gin (("description" || ' ' || "root_cause" || ' ' || "auditor_notes") gin_trgm_ops);

-- Lists and search order findings by severity, then confidence.
CREATE INDEX "findings_firm_id_severity_rank_confidence_idx" ON "findings" ("firm_id", "severity_rank", "confidence");
