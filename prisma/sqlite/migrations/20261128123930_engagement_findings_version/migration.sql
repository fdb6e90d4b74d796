-- AlterTable (a column with a constant default: SQLite adds it in place, no table rebuild)
ALTER TABLE "engagements" ADD COLUMN "findings_version" INTEGER NOT NULL DEFAULT 0;
