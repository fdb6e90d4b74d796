-- AlterTable (a column with a constant default: SQLite adds it in place, no table rebuild)
ALTER TABLE "engagements" ADD COLUMN "row_version" INTEGER NOT NULL DEFAULT 0;

-- The row version moves with every change to an engagement's row and to the count or sizes of its
-- corpus files, in the writing transaction, whoever writes (the Prisma client, raw SQL, the
-- worker, another API process): the API serves an engagement object or list from memory while
-- the row versions it was made from are current. (SQLite cannot change NEW in a trigger, so the
-- row is updated once more; the WHEN clause keeps that update from firing the trigger again.)
CREATE TRIGGER "engagements_row_version_after_update" AFTER UPDATE ON "engagements"
WHEN NEW."row_version" = OLD."row_version"
BEGIN
    UPDATE "engagements" SET "row_version" = OLD."row_version" + 1 WHERE "id" = NEW."id";
END;

CREATE TRIGGER "corpus_files_row_version_after_insert" AFTER INSERT ON "corpus_files" BEGIN
    UPDATE "engagements" SET "row_version" = "row_version" + 1 WHERE "id" = NEW."engagement_id";
END;

CREATE TRIGGER "corpus_files_row_version_after_delete" AFTER DELETE ON "corpus_files" BEGIN
    UPDATE "engagements" SET "row_version" = "row_version" + 1 WHERE "id" = OLD."engagement_id";
END;

CREATE TRIGGER "corpus_files_row_version_after_update" AFTER UPDATE OF "size_bytes", "engagement_id" ON "corpus_files" BEGIN
    UPDATE "engagements" SET "row_version" = "row_version" + 1
     WHERE "id" IN (OLD."engagement_id", NEW."engagement_id");
END;
