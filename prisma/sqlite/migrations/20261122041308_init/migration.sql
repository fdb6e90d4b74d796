-- CreateTable
CREATE TABLE "firms" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "display_name" TEXT NOT NULL,
    "short_name" TEXT NOT NULL DEFAULT '',
    "tagline" TEXT NOT NULL DEFAULT '',
    "logo_url" TEXT NOT NULL DEFAULT '',
    "primary_color" TEXT NOT NULL DEFAULT '#1f2937',
    "accent_color" TEXT NOT NULL DEFAULT '#2563eb',
    "methodology_disclaimer" TEXT NOT NULL DEFAULT '',
    "footer_text" TEXT NOT NULL DEFAULT '',
    "confidentiality_notice" TEXT NOT NULL DEFAULT '',
    "default_archetype" TEXT NOT NULL DEFAULT 'remediation_pipeline',
    "default_budget_cents" INTEGER NOT NULL DEFAULT 2000,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "firm_id" TEXT,
    "role" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "must_change_password" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" DATETIME NOT NULL,
    CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "login_attempts" (
    "email" TEXT NOT NULL PRIMARY KEY,
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "window_started_at" DATETIME NOT NULL,
    "locked_until" DATETIME,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "totp_enrolments" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "secret_encrypted" TEXT NOT NULL,
    "enrolled_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_step" BIGINT,
    CONSTRAINT "totp_enrolments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "totp_backup_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "totp_backup_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "engagements" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "firm_id" TEXT NOT NULL,
    "client_id" TEXT,
    "client_name" TEXT NOT NULL,
    "archetype" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'created',
    "status_before_archive" TEXT,
    "intake" JSONB,
    "budget_cents" INTEGER NOT NULL,
    "spent_microcents" BIGINT NOT NULL DEFAULT 0,
    "reserved_microcents" BIGINT NOT NULL DEFAULT 0,
    "cost_by_stage" JSONB NOT NULL,
    "cost_by_model" JSONB NOT NULL,
    "cost_updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_running" BOOLEAN NOT NULL DEFAULT false,
    "is_frozen" BOOLEAN NOT NULL DEFAULT false,
    "assigned_user_id" TEXT,
    "corpus_status" TEXT NOT NULL DEFAULT 'empty',
    "corpus_error" TEXT,
    "progress" JSONB,
    "run_options" JSONB,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "started_at" DATETIME,
    "completed_at" DATETIME,
    "delivered_at" DATETIME,
    "archived_at" DATETIME,
    "failure_reason" TEXT
);

-- CreateTable
CREATE TABLE "corpus_files" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "engagement_id" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "stored_name" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "content_type" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "parse_status" TEXT NOT NULL DEFAULT 'pending',
    "parse_error" TEXT,
    "page_count" INTEGER,
    "uploaded_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "corpus_files_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "chunks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "client_id" TEXT NOT NULL,
    "file_id" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "page" INTEGER,
    "sheet" TEXT,
    "start_offset" INTEGER NOT NULL,
    "end_offset" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "chunks_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "corpus_files" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "engagement_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "parent_finding_id" TEXT,
    "job_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" DATETIME,
    "completed_at" DATETIME,
    "failure_reason" TEXT,
    CONSTRAINT "runs_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "findings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "engagement_id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "run_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "severity" TEXT NOT NULL,
    "severity_rank" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL,
    "root_cause" TEXT NOT NULL DEFAULT '',
    "remediation_scope" TEXT NOT NULL DEFAULT '',
    "remediation_effort_hours" REAL NOT NULL DEFAULT 0,
    "auditor_notes" TEXT NOT NULL DEFAULT '',
    "primitive" TEXT NOT NULL,
    "is_canonical" BOOLEAN NOT NULL DEFAULT true,
    "merged_finding_ids" JSONB NOT NULL,
    "canonical_finding_id" TEXT,
    "corroboration_score" REAL NOT NULL DEFAULT 0,
    "filter_status" TEXT,
    "filter_overridden_by" TEXT,
    "confidence" REAL NOT NULL DEFAULT 0,
    "evidence" JSONB NOT NULL,
    "frameworks" JSONB NOT NULL,
    "parent_finding_id" TEXT,
    "iteration" INTEGER NOT NULL DEFAULT 1,
    "adversarial" JSONB,
    "fingerprint" TEXT,
    "reviewer_touched" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "findings_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "comments" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "finding_id" TEXT NOT NULL,
    "engagement_id" TEXT NOT NULL,
    "author_user_id" TEXT,
    "body" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "comments_finding_id_fkey" FOREIGN KEY ("finding_id") REFERENCES "findings" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "comments_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "templates" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "firm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "archetype" TEXT NOT NULL,
    "budget_cents" INTEGER NOT NULL,
    "intake" JSONB NOT NULL,
    "source_engagement_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "audit_log_shards" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "engagement_id" TEXT NOT NULL,
    "shard_index" INTEGER NOT NULL,
    "relative_path" TEXT NOT NULL,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "audit_log_shards_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "portfolio_snapshots" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "filter_key" TEXT NOT NULL,
    "firm_id" TEXT,
    "filters" JSONB NOT NULL,
    "result" JSONB NOT NULL,
    "slot" TEXT NOT NULL,
    "generated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "stored_deliverables" (
    "engagement_id" TEXT NOT NULL PRIMARY KEY,
    "content" JSONB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stored_deliverables_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "firms_display_name_id_idx" ON "firms"("display_name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_firm_id_email_idx" ON "users"("firm_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "totp_backup_codes_user_id_idx" ON "totp_backup_codes"("user_id");

-- CreateIndex
CREATE INDEX "engagements_firm_id_updated_at_idx" ON "engagements"("firm_id", "updated_at");

-- CreateIndex
CREATE INDEX "engagements_updated_at_idx" ON "engagements"("updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "corpus_files_engagement_id_filename_key" ON "corpus_files"("engagement_id", "filename");

-- CreateIndex
CREATE INDEX "chunks_client_id_document_ordinal_idx" ON "chunks"("client_id", "document", "ordinal");

-- CreateIndex
CREATE INDEX "chunks_file_id_idx" ON "chunks"("file_id");

-- CreateIndex
CREATE INDEX "runs_engagement_id_created_at_idx" ON "runs"("engagement_id", "created_at");

-- CreateIndex
CREATE INDEX "findings_engagement_id_severity_rank_confidence_idx" ON "findings"("engagement_id", "severity_rank", "confidence");

-- CreateIndex
CREATE INDEX "findings_firm_id_is_canonical_idx" ON "findings"("firm_id", "is_canonical");

-- CreateIndex
CREATE INDEX "comments_finding_id_created_at_idx" ON "comments"("finding_id", "created_at");

-- CreateIndex
CREATE INDEX "templates_firm_id_name_idx" ON "templates"("firm_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "audit_log_shards_engagement_id_shard_index_key" ON "audit_log_shards"("engagement_id", "shard_index");

-- CreateIndex
CREATE UNIQUE INDEX "portfolio_snapshots_filter_key_slot_key" ON "portfolio_snapshots"("filter_key", "slot");
