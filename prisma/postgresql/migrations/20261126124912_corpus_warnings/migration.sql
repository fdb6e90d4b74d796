-- AlterTable
ALTER TABLE "engagements" ADD COLUMN     "corpus_warnings" JSONB;
