-- AlterTable
ALTER TABLE "engagements" ADD COLUMN     "findings_version" INTEGER NOT NULL DEFAULT 0;
