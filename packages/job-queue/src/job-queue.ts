// The one job queue of the project, behind one interface so a deployment's setting picks the backend (memory,
// Redis, Kafka) and every backend is held to one contract (test/contract/queue-contract.ts):
// - jobs are small flat JSON objects of ids and numbers: what they refer to stays in the database, the source of
//   truth (Redis re-encodes a job that comes back after a lapsed lease with Lua's cjson, which keeps such objects);
// - at-least-once: a job leaves the queue only after its handler resolved (acknowledgements are batched); a
//   handler that throws gets the job back after `redeliveryDelayMs` (a delayed retry); a consumer that dies
//   mid-job hands it to another (Redis, Kafka) within seconds, because the lease it holds while the handler runs
//   is short and renewed by a heartbeat, so a job may run for hours (a render) without being taken twice;
// - a delayed job is not handed out before its due time, and due jobs come out in due order;
// - several consumers never receive the same job at once in the normal path; a handler whose lease was taken
//   over (its process stalled past the lease) is told through `lease.lost`, so it stops without a verdict.

/** What a handler holds while it runs its job. */
export interface Lease {
  /** Aborted when the queue gave the job to another consumer (this one missed its heartbeats). */
  readonly lost: AbortSignal
}

/** The lease of the memory and Redis backends, which count deliveries (Kafka cannot see a consumer's death). */
export interface CountedLease extends Lease {
  /**
   * 1 on the first delivery; one more each time the job came back: its handler threw, or the consumer holding it
   * died or lost its lease. A lease is bound to its delivery, so a lost one's acknowledgement removes nothing.
   */
  readonly attempt: number
}

export type JobHandler<T, L extends Lease = Lease> = (job: T, lease: L) => Promise<void>

export interface ConsumeOptions {
  /** Handlers running at once in this consumer. */
  concurrency: number
}

export type QueueKind = 'memory' | 'redis' | 'kafka'

export interface JobQueue<T, L extends Lease = Lease> {
  readonly kind: QueueKind
  /** Connects and creates what the backend needs (topics); idempotent. */
  start (): Promise<void>
  /** Adds jobs due after `delayMs` (0: now), in one round trip. */
  enqueue (jobs: readonly T[], delayMs?: number): Promise<void>
  /** Starts handing jobs to the handler; never waits for a consumer-group join (see `joining`). */
  consume (handler: JobHandler<T, L>, options: ConsumeOptions): Promise<void>
  /** Consumers that have not joined their group yet (Kafka); empty when every consumer takes jobs. */
  joining (): string[]
  /** Stops taking jobs and waits for running handlers to finish (graceful shutdown). */
  stop (): Promise<void>
  /** Releases connections; call after stop. */
  close (): Promise<void>
  /** Throws when the backend cannot be reached (readiness). */
  ping (): Promise<void>
  /**
   * Names the storage the queue's jobs live in, creating what is missing: the name changes exactly when that
   * storage lost its contents (a broker or Redis restarted without its data, the keys or topics deleted, a new
   * in-memory queue), so a process that sees a new name knows no job handed to the old one survives.
   */
  generation (): Promise<string>
}

/**
 * A queue of jobs with an identity (`keyOf`, e.g. a job's id), for work whose queue entry clients look at: one
 * entry per key, places in line and withdrawal. Memory and Redis offer it; Kafka cannot (a log has no entry to
 * find or take back), so the relay's queue stays a plain `JobQueue`.
 * - `enqueue` adds nothing for a key that is waiting or held by a consumer; once its handler resolved (or the queue
 *   gave the job up, see `maxAttempts`) the key may be enqueued again;
 * - jobs due at the same time come out in the order they were enqueued; a job whose consumer died or lost its
 *   lease goes back to the head of the line.
 */
export interface KeyedJobQueue<T> extends JobQueue<T, CountedLease> {
  /** 1-based places in line of the given keys among the waiting jobs; held and unknown keys are absent. */
  positions (keys: readonly string[]): Promise<Map<string, number>>
  /** Takes a waiting job out of the line; false when it was not waiting (held, finished or unknown). */
  withdraw (key: string): Promise<boolean>
}

export interface KeyedQueueOptions<T> {
  /** The job's identity: one entry per key (see `KeyedJobQueue`). */
  keyOf?: (job: T) => string
  /**
   * Deliveries after which a job that comes back (its handler threw, its consumer died or lost the lease) is
   * given up instead (Redis keeps its last entries in `<prefix>:dropped`). Default: unlimited.
   */
  maxAttempts?: number
}

export const DEFAULT_REDELIVERY_DELAY_MS = 1000

/** A lease nothing can take over (one process owns every job). */
export const heldForGood: Lease = { lost: new AbortController().signal }

export function missingKey (): Error {
  return new TypeError('positions and withdraw need a queue built with keyOf')
}
