// The outside world as the relay's routes and workers see it. Adapters (src/adapters/) implement these and the
// context (relay-context.ts) injects them; the domain, the routes and the workers never import an adapter, so a
// store or the sender can be swapped (or faked in a test) without touching the delivery rules.
import type { IncomingHttpHeaders } from 'node:http'
import type { OutboxStore } from '@openmotion/job-queue'
import type { DeliveryJob, OutboxEntry } from './delivery-queue.js'
import type { MessageIntake, SubscribedEndpoints } from './accept-webhook.js'
import type {
  ApiKeyInfo, Attempt, Delivery, Endpoint, EndpointInput, EndpointSecrets, MessageFilter, StoredMessage, Tenant, Transition
} from './types.js'

/** One attempt as the worker reports it; the store adds the ids. */
export type AttemptRecord = Omit<Attempt, 'id' | 'deliveryId' | 'messageId' | 'endpointId'>

export type Claim = { kind: 'claimed', delivery: Delivery } | { kind: 'busy', retryInMs: number } | { kind: 'stale' }

export interface Outcome {
  status: 'succeeded' | 'retrying' | 'dead'
  nextAttemptAt: Date | null
  lastError: string | null
}

export interface ClaimedDelivery {
  delivery: Delivery
  message: StoredMessage
  /**
   * The endpoint row as JSON, read in the claiming statement (EndpointStore.targetOf turns it into a target); one
   * object shared by the jobs of an endpoint claimed together.
   */
  endpointRow: Record<string, unknown>
}

export interface Finished { delivery: Delivery, record: AttemptRecord, outcome: Outcome }

export interface DeliveryRepository {
  get (id: string): Promise<Delivery | undefined>
  /** The slow path's claim of one attempt: `busy` while another relay's lease is live, `stale` for a duplicate job. */
  begin (id: string, attempt: number, leaseUntil: Date, now?: Date): Promise<Claim>
  /** The worker's heartbeat: extends the leases of the attempts it is running. */
  renewLeases (ids: readonly string[], leaseUntil: Date): Promise<void>
  /** The fast path's claim of many jobs in one statement. */
  claimMany (jobs: readonly DeliveryJob[], leaseUntil: Date, now?: Date): Promise<Map<string, ClaimedDelivery>>
  /**
   * Records many attempts with their deliveries' new states (and each retry's outbox job) together; returns the
   * ids of the deliveries it moved (one no longer delivering keeps its state).
   */
  finishMany (items: readonly Finished[]): Promise<Set<string>>
  /** Gives a claimed attempt back unmade. */
  unclaim (delivery: Delivery): Promise<void>
  /** Ends a delivery that cannot be attempted without an attempt. */
  kill (id: string, reason: string): Promise<Delivery | undefined>
  /** Unfinished deliveries with no job in the outbox (what a restarted memory queue lost). */
  unfinishedWithoutJob (limit: number, afterId?: string): Promise<Delivery[]>
}

/** What the tenant API reads of deliveries, and replay (succeeded or dead → pending, with its outbox job). */
export interface DeliveryHistory {
  listForMessage (messageId: string): Promise<Delivery[]>
  transitions (deliveryId: string): Promise<Transition[]>
  attempts (messageId: string, limit: number, afterId?: string): Promise<Attempt[]>
  /** Moves these finished deliveries back to pending with a fresh retry budget; returns those moved. */
  replay (ids: readonly string[], now?: Date): Promise<Delivery[]>
  /** Ids of an endpoint's dead deliveries (created since `since`, if given). */
  deadForEndpoint (endpointId: string, since: Date | undefined): Promise<string[]>
}

export interface BacklogFigures { pending: number, retrying: number, delivering: number, dead: number, oldestDueAgeSeconds: number }

/** Backend-independent queue figures for the metrics, read from the database at scrape time. */
export interface DeliveryBacklog {
  backlog (now?: Date): Promise<BacklogFigures>
}

export interface TenantRepository {
  create (name: string): Promise<Tenant>
  list (limit: number, afterId?: string): Promise<Tenant[]>
  get (id: string): Promise<Tenant | undefined>
  /** Returns the key in clear exactly once; only its hash is kept. */
  createKey (tenantId: string): Promise<{ key: string, info: ApiKeyInfo }>
  listKeys (tenantId: string): Promise<ApiKeyInfo[]>
  deleteKey (tenantId: string, keyId: string): Promise<boolean>
  tenantIdForKey (key: string): Promise<string | undefined>
  /** The tenant of a key this process looked up recently, without a read; undefined otherwise. */
  cachedTenantIdForKey (key: string): string | undefined
}

export interface DeliveryTarget { endpoint: Endpoint, secrets: string[] }

export interface FailureRecord {
  /** The endpoint crossed ENDPOINT_DISABLE_AFTER of continuous failure and is now disabled. */
  disabled: boolean
  /** The circuit is open until this time (a new opening or a failed probe), else null. */
  openedUntil: Date | null
}

export interface EndpointDirectory {
  /** The endpoint's per-second limit (cached), null for none. */
  rateLimitOf (id: string, now?: number): Promise<number | null>
  /** The target of an endpoint row read with a claim. */
  targetOf (json: Record<string, unknown>, now?: Date): DeliveryTarget
  getForDelivery (id: string, now?: Date): Promise<DeliveryTarget | undefined>
  /** A half-open circuit lets one probe through: true for the job that takes it. */
  takeProbe (id: string, now: Date, cooldownMs: number): Promise<boolean>
  recordSuccess (id: string): Promise<void>
  recordFailure (id: string, now: Date, disableAfterMs: number, circuit: { threshold: number, cooldownMs: number }): Promise<FailureRecord>
  disable (id: string, reason: string): Promise<void>
}

/** A tenant's endpoints as the tenant API manages them, besides what deliveries and acceptance read. */
export interface EndpointRepository extends EndpointDirectory, SubscribedEndpoints {
  create (tenantId: string, input: EndpointInput): Promise<{ endpoint: Endpoint, secret: string }>
  get (tenantId: string, id: string): Promise<Endpoint | undefined>
  list (tenantId: string, limit: number, afterId?: string): Promise<Endpoint[]>
  update (tenantId: string, id: string, patch: Partial<EndpointInput>): Promise<Endpoint | undefined>
  delete (tenantId: string, id: string): Promise<boolean>
  secrets (tenantId: string, id: string): Promise<EndpointSecrets | undefined>
  rotateSecret (tenantId: string, id: string): Promise<EndpointSecrets | undefined>
}

export interface MessageReader {
  getById (id: string): Promise<StoredMessage | undefined>
}

export interface MessageRepository extends MessageReader, MessageIntake {
  get (tenantId: string, id: string): Promise<StoredMessage | undefined>
  list (tenantId: string, filter: MessageFilter, limit: number, afterId?: string): Promise<StoredMessage[]>
  deleteOlderThan (cutoff: Date): Promise<number>
}

/** The relay's outbox table, as the shared publisher (@openmotion/job-queue) drives it, plus replay's re-queue. */
export interface OutboxRepository extends OutboxStore<DeliveryJob> {
  /** Leases up to `limit` entries nobody holds (oldest first) until `leaseUntil`. */
  claim (limit: number, leaseUntil: Date, now?: Date): Promise<OutboxEntry[]>
  /** Gives each pending delivery with no outbox entry a job due at `now`; returns those given one (replay). */
  requeuePending (deliveryIds: readonly string[], now?: Date): Promise<string[]>
}

/** The queue generation each queue was last seen with (worker/queue-reconcile.ts). */
export interface QueueGenerationRepository {
  /** The generation recorded for `queue`, if any. */
  seen (queue: string): Promise<string | undefined>
  /** Records `generation` for `queue`, after its deliveries were re-queued. */
  record (queue: string, generation: string, now?: Date): Promise<void>
}

export interface OutboundRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
}

export interface OutboundResult {
  statusCode: number | null
  headers: IncomingHttpHeaders
  /** The response body, cut to RESPONSE_BODY_LIMIT bytes. */
  body: string | null
  error: string | null
  latencyMs: number
}

export type WebhookSender = (request: OutboundRequest) => Promise<OutboundResult>
