-- Full-text search over corpus chunks (POST /query and the audit engine's retrieval): an FTS5
-- index with the Porter stemmer over the chunk text, kept in step with the chunks table by
-- triggers, ranked with FTS5's built-in BM25. External content keyed by the chunks rowid; after a
-- VACUUM rebuild it with: INSERT INTO chunks_search(chunks_search) VALUES('rebuild');
CREATE VIRTUAL TABLE "chunks_search" USING fts5(
    text,
    content = 'chunks',
    content_rowid = 'rowid',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER "chunks_search_after_insert" AFTER INSERT ON "chunks" BEGIN
    INSERT INTO chunks_search (rowid, text) VALUES (new.rowid, new.text);
END;

CREATE TRIGGER "chunks_search_after_delete" AFTER DELETE ON "chunks" BEGIN
    INSERT INTO chunks_search (chunks_search, rowid, text) VALUES ('delete', old.rowid, old.text);
END;

CREATE TRIGGER "chunks_search_after_update" AFTER UPDATE OF text ON "chunks" BEGIN
    INSERT INTO chunks_search (chunks_search, rowid, text) VALUES ('delete', old.rowid, old.text);
    INSERT INTO chunks_search (rowid, text) VALUES (new.rowid, new.text);
END;
