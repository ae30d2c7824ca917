// The outside world as the domain and the worker see it. Adapters (src/adapters/) implement these; the domain
// never imports an adapter, so a store, queue or renderer can be swapped without touching the rules.
import type { Readable } from 'node:stream'
import type { SqlExecutor } from '@openmotion/common'
import type { CountedLease, KeyedJobQueue, OutboxStore } from '@openmotion/job-queue'
import type { LoopOptions, MotionClip, MotionOptions, Progress } from '@openmotion/motion-engine'
import type { SceneOptions } from '@openmotion/motion-render'
import type { CharacterFormat, CharacterInfo } from '@openmotion/motion-characters'
import type { StockCharacterId } from '@openmotion/motion-formats'
import type { Client, Job, JobChanges, LedgerEntry, Model, NewJob, Plan, PromptRequest, UploadSlot } from './records.js'

export interface JobRepository {
  insert (tx: SqlExecutor, job: NewJob): Promise<void>
  get (rid: string, executor?: SqlExecutor): Promise<Job | undefined>
  lockForUpdate (tx: SqlExecutor, rid: string): Promise<Job | undefined>
  /** One client's jobs among `rids`; other accounts' jobs are absent. */
  getMany (clientId: string, rids: string[]): Promise<Map<string, Job>>
  /** The jobs of `rids` in that order from memory alone, when this process holds every one for that client; else undefined. */
  cachedMany (clientId: string, rids: string[]): Job[] | undefined
  list (clientId: string, filter?: { statuses?: string[], processor?: string }): Promise<Job[]>
  /** `list`'s answer from memory alone, when this process holds it; else undefined. */
  cachedList (clientId: string, filter?: { statuses?: string[], processor?: string }): Job[] | undefined
  stalledSince (before: Date): Promise<string[]>
  deleteFinishedBefore (before: Date, status?: 'SUCCESS' | 'FAILURE', limit?: number): Promise<string[]>
  /**
   * Marks a job started by delivery `attempt` (JobLease.attempt); undefined when it is no longer PROGRESS or this
   * or a later delivery already claimed it (a job queued twice, cancelled, or run by another worker).
   */
  claim (rid: string, startedAt: number, attempt?: number): Promise<Job | undefined>
  resetStarted (): Promise<string[]>
  unstarted (): Promise<string[]>
  pending (): Promise<string[]>
  renderJobsOf (clientId: string, t2mRid: string): Promise<string[]>
  progress (rid: string, details: { step: number, total: number }): Promise<void>
  update (executor: SqlExecutor, rid: string, changes: JobChanges): Promise<void>
}

export interface AccountRepository {
  upsertPlan (plan: Plan): Promise<Plan>
  listPlans (): Promise<Plan[]>
  getPlan (name: string): Promise<Plan | undefined>
  createClient (input: { id: string, secret: string, plan: Plan, corsOrigins?: string[], now?: Date }): Promise<Client>
  getClient (id: string): Promise<Client | undefined>
  listClients (): Promise<Client[]>
  updateClient (id: string, changes: { disabled?: boolean, plan?: string, corsOrigins?: string[], secret?: string }): Promise<Client | undefined>
  verifyCredentials (id: string, secret: string): Promise<Client | undefined>
  renewPeriod (tx: SqlExecutor, clientId: string, now?: Date): Promise<void>
  createSession (clientId: string, ttlSeconds: number): Promise<{ token: string, expiresAt: Date }>
  clientForSession (token: string): Promise<Client | undefined>
  /** The client of a session this process holds in its cache and still valid, without any read; else undefined. */
  cachedClientForSession (token: string): Client | undefined
  forgetSessionsOf (clientId: string): void
}

/** Credits: charges never take a balance below zero (they throw the public "not enough credits" error). */
export interface Ledger {
  balance (clientId: string, executor?: SqlExecutor): Promise<number>
  currentBalance (clientId: string): Promise<number>
  charge (tx: SqlExecutor, clientId: string, amount: number, rid: string, note: string): Promise<void>
  refund (tx: SqlExecutor, clientId: string, amount: number, rid: string, note: string): Promise<void>
  adjust (clientId: string, change: { add?: number, set?: number }, note: string): Promise<number>
  /** The newest rows first (100 unless `limit`), only those of one job with `rid`. */
  entries (clientId: string, options?: { limit?: number, rid?: string }): Promise<LedgerEntry[]>
}

export interface ModelRepository {
  upsert (model: Omit<Model, 'ctime' | 'mtime'>): Promise<Model>
  /** A stock model or one of this client's. */
  visible (clientId: string, id: string): Promise<Model | undefined>
  list (clientId: string, filter: { modelId?: string, searchToken?: string, includeStock: boolean }): Promise<Model[]>
  delete (clientId: string, id: string): Promise<number>
}

export interface UploadRepository {
  register (clientId: string, slots: UploadSlot[]): Promise<void>
  /** The slot when it was issued to this client. */
  owned (clientId: string, id: string): Promise<UploadSlot | undefined>
}

export interface PromptRepository {
  insert (clientId: string, parameters: string[], request: PromptRequest): Promise<void>
  getMany (clientId: string, rids: string[]): Promise<Map<string, PromptRequest>>
  deleteBefore (before: Date): Promise<number>
}

export interface BlobInfo { size: number, mtime: Date }
export interface BlobEntry extends BlobInfo { key: string }

export interface BlobStore {
  put (key: string, bytes: Uint8Array): Promise<void>
  append (key: string, bytes: Uint8Array): Promise<number>
  stat (key: string): Promise<BlobInfo | undefined>
  /** The file's bytes (or a byte range, ends included), opened before it resolves: undefined when there is no such file. */
  open (key: string, range?: { start: number, end: number }): Promise<Readable | undefined>
  readAll (key: string): Promise<Buffer>
  remove (prefix: string): Promise<void>
  /** Every file under `prefix` (recursively); none when the prefix does not exist. */
  list (prefix: string): Promise<BlobEntry[]>
}

/**
 * Where clients fetch and upload files: this API's signed routes for the disk store, URLs pre-signed for the bucket
 * for an object store (the bytes then never pass through the API).
 */
export interface FileLinks {
  /** A URL that GETs the file (Range requests included) until `ttlSeconds` have passed. */
  download (key: string, ttlSeconds: number): Promise<string>
  /** A URL that takes the whole file in one PUT straight to the store; undefined when uploads go through this API. */
  directUpload (key: string, ttlSeconds: number): Promise<string | undefined>
}

/** Turns a path of this API into an expiring URL clients can fetch without a session. */
export interface UrlSigning {
  sign (path: string, ttlSeconds: number): string
  /** True for an unexpired URL this signer produced (query values included). */
  verify (url: string): boolean
}

/**
 * Where submitted jobs wait for a worker: the project's one queue (@openmotion/job-queue), keyed by rid, so a job
 * is queued once however often it is enqueued (a recovering API process enqueues again), its place in line can be
 * told and a waiting one withdrawn. A worker's handler holds a lease: `attempt` is 1 on first delivery and 2 when
 * the job came back because its worker died, lost the lease or left it (shutdown); a job that comes back a second
 * time is given up by the queue (the stuck-job sweep or a recovering API process settles it). The handler resolves
 * when the job ended here (the queue forgets it) and throws when it is left for another delivery.
 */
export type JobQueue = KeyedJobQueue<string>
export type JobLease = CountedLease

/**
 * The transactional outbox of submissions: a row per committed job not yet handed to the queue, keyed by rid, as
 * the shared outbox publisher drives it (claim, remove, release).
 */
export interface JobOutbox extends OutboxStore<string> {
  /** Written in the submission's transaction, leased to the submitting process until `leaseUntil`. */
  add (tx: SqlExecutor, rid: string, leaseUntil: Date): Promise<void>
  /** Rows waiting to be handed over (metrics, tests). */
  size (): Promise<number>
}

/** How a submission reaches the queue: recorded in its transaction, handed over after the commit. */
export interface JobHandOver {
  /** Inside the submission's transaction: the job must reach the queue. */
  record (tx: SqlExecutor, rid: string): Promise<void>
  /** After the commit: hands the job to the queue now. Never throws; a failed hand-over is retried later. */
  publish (rid: string): Promise<void>
}

/** The job runner as the domain sees it: where submitted jobs go, and how a cancel reaches the running one. */
export interface JobRunner {
  enqueue (rid: string): Promise<void>
  /** Queue places (1-based) of waiting jobs; running and unknown ones are absent. */
  positions (rids: string[]): Promise<Map<string, number>>
  /** Fails the job as Cancelled and refunds it in one transition; false when it had already finished. */
  cancelJob (rid: string): Promise<boolean>
}

export interface CancelMessage { rid: string, code: number, type: string, message: string }

/** Reaches whichever process runs a job. */
export interface CancelBus {
  publish: (message: CancelMessage) => Promise<void>
  subscribe: (handler: (message: CancelMessage) => void) => Promise<void>
  close: () => Promise<void>
}

export type JobEventType = 'job.progress' | 'job.succeeded' | 'job.failed'

export interface JobEvent {
  type: JobEventType
  /** Stable per event: the relay answers a repeat with the first response and queues nothing. */
  idempotencyKey: string
  data: Record<string, unknown>
}

export interface JobEvents {
  publish (event: JobEvent): void
  /** Waits for events still being sent (shutdown). */
  flush (): Promise<void>
}

/** Events go nowhere (no RELAY_URL). */
export const noJobEvents: JobEvents = { publish () {}, async flush () {} }

export interface ExportedFile { type: 'glb' | 'fbx' | 'bvh', fileName: string, bytes: Uint8Array }

export interface StepContext { signal: AbortSignal, onProgress: (progress: Progress) => void }

export interface ClipEdit { numTrimLeft: number, numTrimRight: number }

/** The animation engine and the file exporters. */
export interface MotionPipeline {
  generate (prompt: string, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  /** How words outside the engine's vocabulary were read ("gallop" read as "run"); empty when all were known. */
  understand (prompt: string): string[]
  inpaint (
    clip: MotionClip, request: { prompt: string, intervals: Array<{ start: number, end: number }> },
    seed: number, variantIndex: number, options: MotionOptions, context: StepContext
  ): Promise<MotionClip>
  merge (
    clipA: MotionClip, editA: ClipEdit, request: { prompt: string, blendFrames: number, clipB: MotionClip, editB: ClipEdit },
    seed: number, variantIndex: number, options: MotionOptions, context: StepContext
  ): Promise<MotionClip>
  trim (clip: MotionClip, edit: ClipEdit): MotionClip
  /** The clip made to last `seconds` (requestedAnimationDuration). */
  fitDuration (clip: MotionClip, seconds: number, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  /** A seamless loop of the clip, repeated (loopRequest). */
  loop (clip: MotionClip, options: LoopOptions): MotionClip
  /** A variation near `source` (refineRequest); creativity 0 stays close, 1 departs like a fresh variant. */
  refine (
    source: MotionClip, request: { prompt: string, creativity: number },
    seed: number, variantIndex: number, options: MotionOptions, context: StepContext
  ): Promise<MotionClip>
  export (clip: MotionClip, options: { name: string, skipFBX: boolean, rootAtOrigin: boolean, character: StockCharacterId }): Promise<ExportedFile[]>
  /** The clip retargeted onto an uploaded character (its GLB form): their mesh in the GLB, their skeleton in BVH/FBX. */
  exportOnCharacter (clip: MotionClip, characterGlb: Uint8Array, options: { name: string, skipFBX: boolean, rootAtOrigin: boolean }): Promise<ExportedFile[]>
}

/** Reads uploaded characters: analysis and conversion to GLB, and a still for listModels. */
export interface CharacterImporter {
  /** Throws the public error (901, 902, 905, 909…) for a file that cannot be animated. */
  prepare (bytes: Uint8Array, format: CharacterFormat): Promise<{ info: CharacterInfo, glb: Uint8Array }>
  /** A 256×256 PNG of the character; 901 when it cannot be drawn. */
  thumbnail (glb: Uint8Array): Promise<Buffer>
}

export interface RenderedVideo {
  video: Buffer
  poster: Buffer
  frameCount: number
  durationSeconds: number
}

export interface VideoRenderer {
  render: (
    glb: Uint8Array, scene: SceneOptions,
    context: { signal: AbortSignal, onProgress: (frame: number, total: number) => void }
  ) => Promise<RenderedVideo>
}
