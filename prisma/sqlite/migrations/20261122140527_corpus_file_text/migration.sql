-- AlterTable
ALTER TABLE "corpus_files" ADD COLUMN "sections" JSONB;
ALTER TABLE "corpus_files" ADD COLUMN "text" TEXT;
