-- Substring search over findings (GET /auditsvc/findings/search): an FTS5 index with the trigram
-- tokenizer over description, root_cause and auditor_notes, kept in step with the findings table
-- by triggers. It is an external-content index keyed by the findings rowid; after a VACUUM (which
-- may renumber rowids) rebuild it with: INSERT INTO findings_search(findings_search) VALUES('rebuild');
CREATE VIRTUAL TABLE "findings_search" USING fts5(
    description,
    root_cause,
    auditor_notes,
    content = 'findings',
    content_rowid = 'rowid',
    tokenize = 'trigram case_sensitive 0'
);

CREATE TRIGGER "findings_search_after_insert" AFTER INSERT ON "findings" BEGIN
    INSERT INTO findings_search (rowid, description, root_cause, auditor_notes)
    VALUES (new.rowid, new.description, new.root_cause, new.auditor_notes);
END;

CREATE TRIGGER "findings_search_after_delete" AFTER DELETE ON "findings" BEGIN
    INSERT INTO findings_search (findings_search, rowid, description, root_cause, auditor_notes)
    VALUES ('delete', old.rowid, old.description, old.root_cause, old.auditor_notes);
END;

CREATE TRIGGER "findings_search_after_update" AFTER UPDATE OF description, root_cause, auditor_notes ON "findings" BEGIN
    INSERT INTO findings_search (findings_search, rowid, description, root_cause, auditor_notes)
    VALUES ('delete', old.rowid, old.description, old.root_cause, old.auditor_notes);
    INSERT INTO findings_search (rowid, description, root_cause, auditor_notes)
    VALUES (new.rowid, new.description, new.root_cause, new.auditor_notes);
END;

-- Search pages through very common matches in result order (severity, confidence, id, all
-- descending) by walking this index backwards.
CREATE INDEX "findings_search_order_idx" ON "findings" ("severity_rank", "confidence", "id");
