// motion-api's tables, applied in order at start by openAppDatabase (common/migrate.ts); each app keeps its
// migrations in src/adapters/migrations.ts and never edits an applied one.
import type { Migration } from '@openmotion/common'

export const migrations: Migration[] = [
  {
    id: '001_accounts',
    sql: `
      CREATE TABLE motion_plans (
        name text PRIMARY KEY,
        credits bigint NOT NULL CHECK (credits >= 0),
        max_variants integer NOT NULL CHECK (max_variants >= 1),
        period_days integer NOT NULL CHECK (period_days >= 1)
      );
      CREATE TABLE motion_clients (
        id text PRIMARY KEY,
        secret_hash text NOT NULL,
        plan text NOT NULL REFERENCES motion_plans(name),
        disabled boolean NOT NULL DEFAULT false,
        cors_origins jsonb NOT NULL DEFAULT '[]',
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- Append-only: balance = SUM(amount). Rows are never updated or deleted.
      CREATE TABLE motion_credit_ledger (
        id bigserial PRIMARY KEY,
        client_id text NOT NULL REFERENCES motion_clients(id),
        amount bigint NOT NULL,
        kind text NOT NULL,
        rid text,
        note text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX motion_credit_ledger_client ON motion_credit_ledger (client_id);
      CREATE TABLE motion_sessions (
        token_hash text PRIMARY KEY,
        client_id text NOT NULL REFERENCES motion_clients(id),
        expires_at timestamptz NOT NULL
      );
    `
  },
  {
    id: '002_jobs_models',
    sql: `
      CREATE TABLE motion_jobs (
        rid text PRIMARY KEY,
        client_id text NOT NULL REFERENCES motion_clients(id),
        processor text NOT NULL,
        parameters jsonb NOT NULL,
        request jsonb NOT NULL,
        status text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        charged_amount bigint NOT NULL DEFAULT 0,
        variants jsonb NOT NULL DEFAULT '{}',
        outputs jsonb NOT NULL DEFAULT '{}',
        processing_info jsonb NOT NULL DEFAULT '{}',
        seq bigserial,
        ctime timestamptz NOT NULL DEFAULT now(),
        mtime timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX motion_jobs_client ON motion_jobs (client_id, ctime DESC);
      CREATE INDEX motion_jobs_queue ON motion_jobs (status, seq);
      CREATE TABLE motion_models (
        id text PRIMARY KEY,
        client_id text REFERENCES motion_clients(id),
        name text NOT NULL,
        platform text NOT NULL,
        model_key text,
        glb_key text,
        thumb_key text,
        rig_id text NOT NULL,
        face_data_type integer NOT NULL DEFAULT 0,
        hand_data_type integer NOT NULL DEFAULT 0,
        ctime timestamptz NOT NULL DEFAULT now(),
        mtime timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE motion_uploads (
        id text PRIMARY KEY,
        client_id text NOT NULL REFERENCES motion_clients(id),
        blob_key text NOT NULL,
        kind text NOT NULL,
        ext text NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `
  },
  {
    // The maintenance sweep looks jobs up by status and last change (retention, stalled jobs).
    id: '003_jobs_mtime',
    sql: 'CREATE INDEX motion_jobs_status_mtime ON motion_jobs (status, mtime);'
  },
  {
    // /prompt/v1/optimize answers are kept so /prompt/v1/status/<rid> can be polled like a job.
    id: '004_prompt_requests',
    sql: `
      CREATE TABLE motion_prompt_requests (
        rid text PRIMARY KEY,
        client_id text NOT NULL REFERENCES motion_clients(id) ON DELETE CASCADE,
        parameters jsonb NOT NULL,
        status text NOT NULL,
        details jsonb NOT NULL,
        ctime timestamptz NOT NULL DEFAULT now()
      );
    `
  },
  {
    // The transactional outbox of submissions (adapters/job-outbox-store.ts): the job row, its credit hold and this
    // row commit together, and the row goes only once the queue holds the job, so a job is never charged and lost.
    // Jobs accepted before this table existed are queued by the start-up recovery.
    id: '005_job_outbox',
    sql: `
      CREATE TABLE motion_job_outbox (
        rid text PRIMARY KEY REFERENCES motion_jobs(rid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz NOT NULL
      );
      CREATE INDEX motion_job_outbox_lease ON motion_job_outbox (lease_until);
    `
  },
  {
    // The W3C traceparent of the request that submitted the job (NULL with tracing off): the worker's span
    // continues that trace, whichever process and however much later it runs the job.
    id: '006_job_traceparent',
    sql: 'ALTER TABLE motion_jobs ADD COLUMN traceparent text;'
  }
]
