// In-process queue: a due-time ordered list and one timer. Nothing survives a restart (start-up says so); it
// exists for development, tests and single-instance setups where losing queued deliveries on a crash is fine.
import { randomUUID } from 'node:crypto'
import { DEFAULT_REDELIVERY_DELAY_MS, missingKey, type ConsumeOptions, type CountedLease, type JobHandler, type KeyedJobQueue, type KeyedQueueOptions } from './job-queue.js'

interface Entry<T> { dueAt: number, seq: number, job: T, attempt: number, key?: string }

/** Nothing takes a job over from its consumer in one process. */
const neverLost = new AbortController().signal

export interface MemoryQueueOptions<T> extends KeyedQueueOptions<T> {
  redeliveryDelayMs?: number
  now?: () => number
}

export class MemoryQueue<T> implements KeyedJobQueue<T> {
  readonly kind = 'memory'
  private readonly entries: Array<Entry<T>> = []
  /** Keys waiting or held (keyed queues only). */
  private readonly keys = new Set<string>()
  private seq = 0
  private handler: JobHandler<T, CountedLease> | undefined
  private concurrency = 1
  private running = 0
  private stopped = false
  private timer: NodeJS.Timeout | undefined
  private readonly idle = new Set<() => void>()
  private readonly redeliveryDelayMs: number
  private readonly now: () => number
  private readonly keyOf: ((job: T) => string) | undefined
  private readonly maxAttempts: number

  constructor (options: MemoryQueueOptions<T> = {}) {
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS
    this.now = options.now ?? Date.now
    this.keyOf = options.keyOf
    this.maxAttempts = options.maxAttempts ?? Infinity
  }

  async start (): Promise<void> {}

  async enqueue (jobs: readonly T[], delayMs = 0): Promise<void> {
    const dueAt = this.now() + Math.max(0, delayMs)
    for (const job of jobs) {
      const key = this.keyOf?.(job)
      if (key !== undefined) {
        if (this.keys.has(key)) continue
        this.keys.add(key)
      }
      this.insert({ dueAt, seq: this.seq++, job: structuredClone(job), attempt: 1, ...(key === undefined ? {} : { key }) })
    }
    this.pump()
  }

  async positions (keys: readonly string[]): Promise<Map<string, number>> {
    if (this.keyOf === undefined) throw missingKey()
    const wanted = new Set(keys)
    const out = new Map<string, number>()
    this.entries.forEach((entry, i) => { if (entry.key !== undefined && wanted.has(entry.key)) out.set(entry.key, i + 1) })
    return out
  }

  async withdraw (key: string): Promise<boolean> {
    if (this.keyOf === undefined) throw missingKey()
    const i = this.entries.findIndex((entry) => entry.key === key)
    if (i < 0) return false
    this.entries.splice(i, 1)
    this.keys.delete(key)
    return true
  }

  async consume (handler: JobHandler<T, CountedLease>, options: ConsumeOptions): Promise<void> {
    this.handler = handler
    this.concurrency = options.concurrency
    this.stopped = false
    this.pump()
  }

  /** Jobs waiting (due or not), for tests and the bench. */
  size (): number {
    return this.entries.length
  }

  async stop (): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    if (this.running === 0) return
    await new Promise<void>((resolve) => this.idle.add(resolve))
  }

  async close (): Promise<void> {
    await this.stop()
  }

  joining (): string[] {
    return []
  }

  async ping (): Promise<void> {}

  // Nothing outlives the instance, so each instance is a storage of its own.
  private readonly id = randomUUID()
  async generation (): Promise<string> {
    return this.id
  }

  private forget (entry: Entry<T>): void {
    if (entry.key !== undefined) this.keys.delete(entry.key)
  }

  private insert (entry: Entry<T>): void {
    // Binary search keeps the list ordered by (dueAt, seq): equal due times stay first-in first-out.
    let lo = 0
    let hi = this.entries.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const other = this.entries[mid] as Entry<T>
      if (other.dueAt < entry.dueAt || (other.dueAt === entry.dueAt && other.seq < entry.seq)) lo = mid + 1
      else hi = mid
    }
    this.entries.splice(lo, 0, entry)
  }

  private pump (): void {
    const handler = this.handler
    if (handler === undefined || this.stopped) return
    const now = this.now()
    while (this.running < this.concurrency && (this.entries[0]?.dueAt ?? Infinity) <= now) {
      const entry = this.entries.shift() as Entry<T>
      this.running++
      handler(entry.job, { lost: neverLost, attempt: entry.attempt }).then(() => {
        this.forget(entry)
      }, () => {
        if (entry.attempt >= this.maxAttempts) this.forget(entry)
        else this.insert({ ...entry, dueAt: this.now() + this.redeliveryDelayMs, seq: this.seq++, attempt: entry.attempt + 1 })
      }).finally(() => {
        this.running--
        if (this.running === 0) for (const resolve of this.idle) resolve()
        if (this.running === 0) this.idle.clear()
        this.pump()
      })
    }
    clearTimeout(this.timer)
    const next = this.entries[0]
    if (next !== undefined && this.running < this.concurrency) {
      this.timer = setTimeout(() => this.pump(), Math.max(1, next.dueAt - now))
      this.timer.unref()
    }
  }
}
