// Every statement that changes a delivery's status or lease, writes its transition or an outbox row, or decides who
// may claim an attempt: the one place those rules are written in SQL (test/adapters/delivery-sql-confinement.test.ts
// fails on such a statement anywhere else in src/). The status sets come from the state table
// (domain/delivery-states.ts), and each statement logs its transitions and queues its jobs in the same statement
// as the status change, so the log, the outbox and the current status can never disagree.
import { DELIVERY_TRANSITIONS } from '../domain/delivery-states.js'
import type { DeliveryStatus } from '../domain/types.js'

const { accept, claim, finish, unclaim, kill, replay } = DELIVERY_TRANSITIONS
const statuses = (list: readonly DeliveryStatus[]) => `ARRAY[${list.map((s) => `'${s}'`).join(', ')}]::text[]`

/**
 * The status test of a statement that names its rows by id (claims, outcomes, lease renewals), written so that no
 * index can serve it (`status || ''` is not the indexed column): the rows are found by primary key, whatever the
 * statistics say. With statistics from a moment when open deliveries were few (the usual state: nearly every row
 * has succeeded), a backlog's claims and outcomes were otherwise planned as a scan of the status index, which read
 * every open delivery per statement: 8,000 rows for a claim of 10 once a backlog of 8,000 came in.
 */
export const statusIn = (column: string, list: readonly DeliveryStatus[]) => `(${column} || '') = ANY(${statuses(list)})`

/** The transition log rows of the deliveries `source` returns (with `previous`, the status each left). */
const logTransitions = (source: string, from = 'previous') =>
  `INSERT INTO relay_delivery_transitions (delivery_id, from_status, to_status) SELECT id, ${from}, status FROM ${source} ORDER BY id`

/** The traceparent of the message of a delivery row (`message_id`) already stored. */
const MESSAGE_TRACEPARENT = '(SELECT m.traceparent FROM relay_messages m WHERE m.id = message_id)'

/**
 * The outbox rows (one job each) of the deliveries `source` returns, each with its message's traceparent (a retry
 * or a replay links to the trace of the request that brought the message).
 */
const queueJobs = (source: string, attempt: string, dueAt: string, leaseUntil = 'NULL', where = 'true', traceparent = MESSAGE_TRACEPARENT) =>
  `INSERT INTO relay_outbox (delivery_id, endpoint_id, attempt, due_at, lease_until, traceparent)
   SELECT id, endpoint_id, ${attempt}, ${dueAt}, ${leaseUntil}, ${traceparent} FROM ${source} WHERE ${where} ORDER BY id`

/**
 * Who may claim an attempt: the job's attempt is the delivery's next one, and the delivery waits for it, or is
 * delivering under a lease that lapsed at `now` (its relay died mid-attempt and the job came back).
 */
const claimable = (attempt: string, now: string) =>
  `d.attempts = ${attempt} - 1 AND ${statusIn('d.status', claim.from)}
   AND (d.status <> 'delivering' OR COALESCE(d.lease_until, d.updated_at) <= ${now})`

/** The claim itself, on the rows `c` selected: status, lease, and the transition. */
const takeClaimed = (leaseUntil: string) =>
  `u AS (
     UPDATE relay_deliveries d SET status = '${claim.to[0]}', lease_until = ${leaseUntil}, updated_at = clock_timestamp()
     FROM c WHERE d.id = c.id RETURNING d.*, c.previous
   ), t AS (${logTransitions('u')})`

/**
 * Acceptance, keyed or not, one message or a group commit of many: messages, their deliveries, the first
 * transitions and the outbox jobs in one statement. $12 leases the jobs to the accepting relay (NULL: none); $13
 * holds each message's traceparent (the messages are not visible to a subquery of the statement that inserts them).
 */
export const ACCEPT_MESSAGES = `WITH m AS (
    INSERT INTO relay_messages (id, tenant_id, event, data, key_id, created_at, traceparent)
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $13::text[])
  ), d AS (
    INSERT INTO relay_deliveries (id, message_id, endpoint_id, tenant_id, status, next_attempt_at, created_at, updated_at)
    SELECT u.id, u.message_id, u.endpoint_id, u.tenant_id, '${accept.to[0]}', u.at, u.at, u.at
    FROM unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[]) AS u(id, message_id, endpoint_id, tenant_id, at)
    RETURNING id, message_id, endpoint_id, status, created_at
  ), t AS (${logTransitions('d', 'NULL')})
  ${queueJobs('d JOIN unnest($1::text[], $13::text[]) AS mt(mid, traceparent) ON mt.mid = d.message_id', '1', 'created_at', '$12', 'true', 'mt.traceparent')}
  RETURNING id::text AS id, delivery_id`

// The claim statements name their rows with `d.id = ANY($1)` besides the join: a unique key's lookup is cheap
// whatever the statistics say. Without it, on tables not analysed yet (a fresh database, a burst of new rows before
// autovacuum's next round) the planner scanned every open delivery of the endpoint per claim.

/**
 * The worker's batched claim ($1 ids, $2 attempts, $3 lease, $4 now): only where the endpoint exists, is enabled
 * and its circuit is closed; rows another relay holds locked are skipped, not waited for. Returns each claimed
 * delivery with its message, and the endpoint row once per endpoint.
 */
export const CLAIM_BATCH = `WITH c AS (
    SELECT d.id, d.status AS previous FROM relay_deliveries d
    JOIN unnest($1::text[], $2::int[]) AS j(id, attempt) ON j.id = d.id
    JOIN relay_endpoints e ON e.id = d.endpoint_id
    WHERE d.id = ANY($1::text[]) AND ${claimable('j.attempt', '$4')} AND NOT e.disabled AND e.circuit_open_until IS NULL
    ORDER BY d.id FOR UPDATE OF d SKIP LOCKED
  ), ${takeClaimed('$3')}
  SELECT u.*, m.event AS message_event, m.data AS message_data, m.key_id AS message_key_id, m.created_at AS message_created_at,
    CASE WHEN row_number() OVER (PARTITION BY u.endpoint_id) = 1 THEN to_jsonb(e) END AS endpoint
  FROM u JOIN relay_messages m ON m.id = u.message_id JOIN relay_endpoints e ON e.id = u.endpoint_id`

/**
 * The slow path's claim of one attempt ($1 id, $2 attempt, $3 lease, $4 now), whatever its endpoint's state (the
 * worker has judged it): waits for a row another transaction holds, then judges the row as it is then.
 */
export const CLAIM_ONE = `WITH c AS (
    SELECT d.id, d.status AS previous FROM relay_deliveries d
    WHERE d.id = $1 AND ${claimable('$2::int', '$4')} FOR UPDATE OF d
  ), ${takeClaimed('$3')}
  SELECT * FROM u`

/**
 * Attempts with their deliveries' outcomes (delivering → succeeded | retrying | dead), for many deliveries: the
 * attempt rows, the new states, the transitions and each retry's job, committed together so a crash right after
 * cannot lose the retry. Rows are locked in id order, as the lease heartbeat locks them, so two batches never
 * deadlock. A delivery no longer delivering keeps its state; its attempt is still recorded, as it was made.
 * Returns the ids of the deliveries it moved (only: the worker has the rest, and a whole row per delivery, five
 * timestamps each, was a tenth of the driver's parsing).
 */
export const FINISH_BATCH = `WITH f AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::text[])
      AS f(id, status, attempt, next_attempt_at, status_code, last_error)
    WHERE status = ANY(${statuses(finish.to)})
  ), prev AS (
    SELECT d.id, d.status AS previous FROM relay_deliveries d JOIN f ON f.id = d.id
    WHERE d.id = ANY($1::text[]) AND ${statusIn('d.status', finish.from)} ORDER BY d.id FOR UPDATE OF d
  ), u AS (
    UPDATE relay_deliveries d SET status = f.status, updated_at = clock_timestamp(), attempts = f.attempt, next_attempt_at = f.next_attempt_at,
      last_status_code = f.status_code, last_error = f.last_error, lease_until = NULL
    FROM f JOIN prev ON prev.id = f.id WHERE d.id = f.id RETURNING d.*, prev.previous
  ), a AS (
    INSERT INTO relay_attempts (id, delivery_id, message_id, endpoint_id, attempt, at, status_code, latency_ms, response_body, error, outcome)
    SELECT * FROM unnest($7::text[], $1::text[], $8::text[], $9::text[], $3::int[], $10::timestamptz[], $5::int[], $11::int[], $12::text[], $13::text[], $14::text[])
  ), t AS (${logTransitions('u')}
  ), o AS (${queueJobs('u', 'attempts + 1', 'COALESCE(next_attempt_at, clock_timestamp())', 'NULL', "status = 'retrying'")})
  SELECT id FROM u`

/**
 * Replay of pending deliveries ($1 ids, $2 due): a job for each one still waiting for its attempt with none in the
 * outbox (its queue entry may be gone). Retrying deliveries keep their backoff; a surviving queue entry makes a
 * duplicate the worker's attempt check drops.
 */
export const QUEUE_PENDING = `${queueJobs('relay_deliveries d', 'attempts + 1', '$2', 'NULL',
  "d.id = ANY($1::text[]) AND d.status = 'pending' AND NOT EXISTS (SELECT 1 FROM relay_outbox o WHERE o.delivery_id = d.id)")}
  RETURNING delivery_id`

/**
 * The status change of `event` for the deliveries named by id ($1 ids), each only from a status the state table
 * allows: `to` is the new status (an SQL expression of the row's old values), `set` more assignments (parameters
 * from $2 on), and `queueJob` commits each moved delivery's next job with it. Rows are locked in id order, as the
 * batches lock them. Returns the moved deliveries in id order.
 */
function moveMany (event: 'unclaim' | 'kill' | 'replay', to: string, set: string, options: { queueJob?: boolean } = {}): string {
  return `WITH prev AS (
      SELECT id, status AS previous FROM relay_deliveries
      WHERE id = ANY($1::text[]) AND ${statusIn('status', DELIVERY_TRANSITIONS[event].from)} ORDER BY id FOR UPDATE
    ), u AS (
      UPDATE relay_deliveries d SET status = ${to}, updated_at = clock_timestamp()${set} FROM prev WHERE d.id = prev.id RETURNING d.*, prev.previous
    ), t AS (${logTransitions('u')})${options.queueJob === true ? `, o AS (${queueJobs('u', 'attempts + 1', 'next_attempt_at')})` : ''}
    SELECT * FROM u ORDER BY id`
}

/**
 * A claimed attempt given back unmade: pending when no attempt was made since the last replay, else retrying,
 * judged on the row as it is, without a lease, so the job's next run claims it at once.
 */
export const UNCLAIM = moveMany('unclaim', `CASE WHEN d.attempts = d.replay_base THEN '${unclaim.to[0]}' ELSE '${unclaim.to[1]}' END`, ', lease_until = NULL')

/** Deliveries that cannot be attempted (endpoint deleted or disabled) end without an attempt ($2 the reason). */
export const KILL = moveMany('kill', `'${kill.to[0]}'`, ', next_attempt_at = NULL, last_error = $2')

/** An operator's replay ($2 due): a fresh retry budget and a job in the outbox for each delivery moved. */
export const REPLAY = moveMany('replay', `'${replay.to[0]}'`, ', replay_base = attempts, next_attempt_at = $2', { queueJob: true })

/**
 * The worker's heartbeat ($1 ids, $2 lease): extends the leases of the attempts it is running. Locks in id order,
 * like FINISH_BATCH, so a heartbeat and a batch of outcomes never deadlock.
 */
export const RENEW_LEASES = `WITH l AS (SELECT id FROM relay_deliveries WHERE id = ANY($1::text[]) AND ${statusIn('status', claim.to)} ORDER BY id FOR UPDATE)
  UPDATE relay_deliveries d SET lease_until = $2 FROM l WHERE d.id = l.id`

/**
 * The outbox publisher's lease of up to $3 entries nobody holds ($1 now, $2 lease), oldest first. Rows are leased
 * rather than locked for the duration of the enqueue, so a slow or unreachable broker never holds a database
 * connection (PGlite has one); `FOR UPDATE SKIP LOCKED` lets several relays publish side by side.
 */
export const OUTBOX_CLAIM = `UPDATE relay_outbox SET lease_until = $2 WHERE id IN (
    SELECT id FROM relay_outbox WHERE lease_until IS NULL OR lease_until <= $1 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
  RETURNING id::text AS id, delivery_id, endpoint_id, attempt, due_at, traceparent`

/** The queue has these entries ($1 ids) now. */
export const OUTBOX_REMOVE = 'DELETE FROM relay_outbox WHERE id = ANY($1::text[]::bigint[])'

/** Enqueueing these entries ($1 ids) failed: they are tried again from $2 on. */
export const OUTBOX_RELEASE = 'UPDATE relay_outbox SET lease_until = $2 WHERE id = ANY($1::text[]::bigint[])'
