-- AlterTable
ALTER TABLE "engagements" ADD COLUMN     "row_version" INTEGER NOT NULL DEFAULT 0;

-- The row version moves with every change to an engagement's row and to the count or sizes of its
-- corpus files, in the writing transaction, whoever writes (the Prisma client, raw SQL, the
-- worker, another API process): the API serves an engagement object or list from memory while
-- the row versions it was made from are current.
CREATE FUNCTION "engagements_row_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW."row_version" := OLD."row_version" + 1;
    RETURN NEW;
END;
$$;

CREATE TRIGGER "engagements_row_version_before_update" BEFORE UPDATE ON "engagements"
    FOR EACH ROW EXECUTE FUNCTION "engagements_row_version"();

-- An update of the engagement row: the trigger above moves its version.
CREATE FUNCTION "corpus_files_row_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE "engagements" SET "row_version" = "row_version" + 1 WHERE "id" = OLD."engagement_id";
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."engagement_id" <> OLD."engagement_id") THEN
        UPDATE "engagements" SET "row_version" = "row_version" + 1 WHERE "id" = NEW."engagement_id";
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "corpus_files_row_version_after_change"
    AFTER INSERT OR DELETE OR UPDATE OF "size_bytes", "engagement_id" ON "corpus_files"
    FOR EACH ROW EXECUTE FUNCTION "corpus_files_row_version"();
