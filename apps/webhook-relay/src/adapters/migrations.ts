// The relay's tables. Prefixed relay_ because several apps may share one PostgreSQL database. One statement per
// migration: the PGlite driver runs each migration as a single prepared statement.
import type { Migration } from '@openmotion/common'

export const migrations: Migration[] = [
  {
    id: '001_table_relay_tenants',
    sql: 'CREATE TABLE relay_tenants (id text PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())'
  },
  {
    id: '002_table_relay_api_keys',
    sql: `CREATE TABLE relay_api_keys (
      id text PRIMARY KEY, tenant_id text NOT NULL REFERENCES relay_tenants(id) ON DELETE CASCADE,
      key_hash text NOT NULL UNIQUE, prefix text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`
  },
  {
    id: '003_table_relay_endpoints',
    sql: `CREATE TABLE relay_endpoints (
      id text PRIMARY KEY, tenant_id text NOT NULL REFERENCES relay_tenants(id) ON DELETE CASCADE,
      url text NOT NULL, description text NOT NULL DEFAULT '', event_types jsonb, disabled boolean NOT NULL DEFAULT false,
      disabled_reason text, rate_limit_per_second integer, headers jsonb NOT NULL DEFAULT '{}'::jsonb,
      secret text NOT NULL, previous_secret text, previous_secret_expires_at timestamptz, failing_since timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`
  },
  {
    id: '004_index_relay_endpoints_tenant',
    sql: 'CREATE INDEX relay_endpoints_tenant ON relay_endpoints (tenant_id, id)'
  },
  {
    id: '005_table_relay_messages',
    sql: `CREATE TABLE relay_messages (
      id text PRIMARY KEY, tenant_id text NOT NULL REFERENCES relay_tenants(id) ON DELETE CASCADE,
      event text NOT NULL, data text NOT NULL, key_id text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT now())`
  },
  {
    id: '006_index_relay_messages_tenant',
    sql: 'CREATE INDEX relay_messages_tenant ON relay_messages (tenant_id, id DESC)'
  },
  {
    id: '007_index_relay_messages_created',
    sql: 'CREATE INDEX relay_messages_created ON relay_messages (created_at)'
  },
  {
    id: '008_table_relay_idempotency',
    sql: `CREATE TABLE relay_idempotency (
      tenant_id text NOT NULL, key text NOT NULL, body_hash text NOT NULL, message_id text NOT NULL,
      deliveries integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (tenant_id, key))`
  },
  {
    id: '009_table_relay_deliveries',
    sql: `CREATE TABLE relay_deliveries (
      id text PRIMARY KEY, message_id text NOT NULL REFERENCES relay_messages(id) ON DELETE CASCADE,
      endpoint_id text NOT NULL, tenant_id text NOT NULL, status text NOT NULL, attempts integer NOT NULL DEFAULT 0,
      replay_base integer NOT NULL DEFAULT 0, next_attempt_at timestamptz, last_status_code integer, last_error text,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`
  },
  {
    id: '010_index_relay_deliveries_message',
    sql: 'CREATE INDEX relay_deliveries_message ON relay_deliveries (message_id)'
  },
  {
    id: '011_index_relay_deliveries_endpoint',
    sql: 'CREATE INDEX relay_deliveries_endpoint ON relay_deliveries (endpoint_id, status, id)'
  },
  {
    id: '012_index_relay_deliveries_status',
    sql: 'CREATE INDEX relay_deliveries_status ON relay_deliveries (status, next_attempt_at)'
  },
  {
    id: '013_table_relay_delivery_transitions',
    sql: `CREATE TABLE relay_delivery_transitions (
      id bigserial PRIMARY KEY, delivery_id text NOT NULL REFERENCES relay_deliveries(id) ON DELETE CASCADE,
      from_status text, to_status text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`
  },
  {
    id: '014_index_relay_transitions_delivery',
    sql: 'CREATE INDEX relay_transitions_delivery ON relay_delivery_transitions (delivery_id, id)'
  },
  {
    id: '015_table_relay_attempts',
    sql: `CREATE TABLE relay_attempts (
      id text PRIMARY KEY, delivery_id text NOT NULL REFERENCES relay_deliveries(id) ON DELETE CASCADE,
      message_id text NOT NULL, endpoint_id text NOT NULL, attempt integer NOT NULL, at timestamptz NOT NULL,
      status_code integer, latency_ms integer NOT NULL, response_body text, error text, outcome text NOT NULL)`
  },
  {
    id: '016_index_relay_attempts_message',
    sql: 'CREATE INDEX relay_attempts_message ON relay_attempts (message_id, id)'
  },
  {
    // The transactional outbox: a job row is written in the transaction that makes a delivery due (acceptance,
    // a failed attempt, a replay) and deleted once the queue has it, so acceptance and enqueue cannot diverge.
    id: '017_table_relay_outbox',
    sql: `CREATE TABLE relay_outbox (
      id bigserial PRIMARY KEY, delivery_id text NOT NULL REFERENCES relay_deliveries(id) ON DELETE CASCADE,
      endpoint_id text NOT NULL, attempt integer NOT NULL, due_at timestamptz NOT NULL, lease_until timestamptz)`
  },
  {
    id: '018_index_relay_outbox_delivery',
    sql: 'CREATE INDEX relay_outbox_delivery ON relay_outbox (delivery_id)'
  },
  {
    // A claimed attempt holds a lease its relay renews while the request runs; once it lapses the relay is dead.
    id: '019_column_relay_deliveries_lease',
    sql: 'ALTER TABLE relay_deliveries ADD COLUMN lease_until timestamptz'
  },
  {
    // Per-endpoint retry schedule and circuit breaker (consecutive failures, open until).
    id: '020_columns_relay_endpoints_retry_circuit',
    sql: `ALTER TABLE relay_endpoints ADD COLUMN retry_schedule jsonb, ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0,
      ADD COLUMN circuit_open_until timestamptz`
  },
  {
    // Custom endpoint headers (often bearer tokens) sealed like secrets; `headers` stays for rows written before.
    id: '021_column_relay_endpoints_headers_sealed',
    sql: 'ALTER TABLE relay_endpoints ADD COLUMN headers_sealed text'
  },
  {
    // The queue generation each queue (kind and prefix) was last seen with: a new one means its jobs were lost.
    id: '022_table_relay_queue_generations',
    sql: 'CREATE TABLE relay_queue_generations (queue text PRIMARY KEY, generation text NOT NULL, seen_at timestamptz NOT NULL)'
  },
  {
    // Deleting a delivery (retention, a tenant's deletion) cascades to its attempts by delivery_id: without this
    // index each deleted delivery scanned the whole attempts table (2,000 messages took 34 s with 50,000 attempts
    // stored, 0.17 s with it), so retention slowed quadratically as the relay's history grew.
    id: '023_index_relay_attempts_delivery',
    sql: 'CREATE INDEX relay_attempts_delivery ON relay_attempts (delivery_id)'
  },
  {
    // relay_deliveries' status indexes leave succeeded deliveries out, nearly all of the table: they were larger than
    // the table itself (89 MB of indexes beside 50 MB of rows at 200,000 messages). The status index keeps open and
    // dead deliveries (the backlog figures and recovery name those statuses). The endpoint index served one query,
    // an endpoint's dead deliveries (replay), and now holds those only: partial on every open status it held an
    // entry per claim and per outcome until vacuum (34 MB against the status index's 3.5 MB at 400,000 messages).
    // A delivery's last update (to succeeded) writes to neither, a claim to the status index only. Rebuilding reads
    // the table once under a lock that holds writes back (seconds at millions of rows).
    id: '024_partial_relay_deliveries_status_indexes',
    sql: `DROP INDEX relay_deliveries_status;
      CREATE INDEX relay_deliveries_status ON relay_deliveries (status, next_attempt_at) WHERE status <> 'succeeded';
      DROP INDEX relay_deliveries_endpoint;
      CREATE INDEX relay_deliveries_endpoint_dead ON relay_deliveries (endpoint_id, id) WHERE status = 'dead'`
  },
  {
    // The W3C traceparent of the request that brought a message (NULL when it was not traced), and on each outbox
    // job, which carries it to the queue: every delivery attempt, however late, is tied to that request's trace.
    id: '025_column_relay_traceparent',
    sql: `ALTER TABLE relay_messages ADD COLUMN traceparent text;
      ALTER TABLE relay_outbox ADD COLUMN traceparent text`
  }
]
