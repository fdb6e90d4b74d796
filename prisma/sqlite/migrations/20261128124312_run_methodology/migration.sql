-- AlterTable
ALTER TABLE "runs" ADD COLUMN "methodology" JSONB;
