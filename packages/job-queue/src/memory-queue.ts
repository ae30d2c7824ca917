// In-process queue: a due-time ordered list and one timer. Nothing survives a restart (start-up says so); it
// exists for development, tests and single-instance setups where losing queued deliveries on a crash is fine.
import { randomUUID } from 'node:crypto'
import { DEFAULT_REDELIVERY_DELAY_MS, heldForGood, type ConsumeOptions, type JobHandler, type JobQueue } from './job-queue.js'

interface Entry<T> { dueAt: number, seq: number, job: T }

export interface MemoryQueueOptions {
  redeliveryDelayMs?: number
  now?: () => number
}

export class MemoryQueue<T> implements JobQueue<T> {
  readonly kind = 'memory'
  private readonly entries: Array<Entry<T>> = []
  private seq = 0
  private handler: JobHandler<T> | undefined
  private concurrency = 1
  private running = 0
  private stopped = false
  private timer: NodeJS.Timeout | undefined
  private readonly idle = new Set<() => void>()
  private readonly redeliveryDelayMs: number
  private readonly now: () => number

  constructor (options: MemoryQueueOptions = {}) {
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS
    this.now = options.now ?? Date.now
  }

  async start (): Promise<void> {}

  async enqueue (jobs: readonly T[], delayMs = 0): Promise<void> {
    const dueAt = this.now() + Math.max(0, delayMs)
    for (const job of jobs) this.insert({ dueAt, seq: this.seq++, job: structuredClone(job) })
    this.pump()
  }

  async consume (handler: JobHandler<T>, options: ConsumeOptions): Promise<void> {
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
      handler(entry.job, heldForGood).catch(() => {
        this.insert({ dueAt: this.now() + this.redeliveryDelayMs, seq: this.seq++, job: entry.job })
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
