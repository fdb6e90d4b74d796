-- AlterTable
ALTER TABLE "corpus_files" ADD COLUMN     "sections" JSONB,
ADD COLUMN     "text" TEXT;
