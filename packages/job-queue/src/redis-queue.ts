// Redis queue: two sorted sets and a few Lua scripts. Jobs are small, the semantics we need (due-time order,
// leases, at-least-once) fit in `due` (score = due time) and `inflight` (score = lease expiry), and every state
// change is one atomic script. It was measured against BullMQ on the same workload (bench/redis-queues.ts,
// docs/benchmarks.md) and kept: a take moves up to `concurrency` jobs in one script, acknowledgements of many
// jobs share one ZREM and one heartbeat renews every lease a process holds, where BullMQ spends several commands
// per job. A consumer renews its leases every third of the visibility timeout; one that dies stops renewing, and
// the next take by any consumer moves the expired lease back to `due`, so a short timeout (seconds) returns a dead
// consumer's jobs in seconds.
import { randomUUID } from 'node:crypto'
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import { DEFAULT_REDELIVERY_DELAY_MS, type ConsumeOptions, type JobHandler, type JobQueue } from './job-queue.js'
import { microBatch } from './micro-batch.js'

export interface RedisQueueOptions {
  url: string
  /** Key prefix: consumers sharing a prefix share the queue. Default `jobs`. */
  prefix?: string
  /** The lease of a taken job; renewed every third of it while its handler runs. */
  visibilityTimeoutMs: number
  /** The name the connection shows in CLIENT LIST. */
  connectionName?: string
  redeliveryDelayMs?: number
  /** Idle wait between polls when nothing is due. */
  pollMs?: number
}

// KEYS: due, inflight. ARGV: now, max, leaseUntil. Expired leases return to `due` first, then due jobs move to
// `inflight` under a lease — in one script, so two consumers can never take the same job. A job that comes back
// gets a new identity (its jid gains a suffix), so the heartbeat of the consumer that lost it cannot renew the
// lease of the one that takes it next, and its late acknowledgement removes nothing.
const TAKE = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 1000)
for _, member in ipairs(expired) do
  redis.call('ZREM', KEYS[2], member)
  local entry = cjson.decode(member)
  entry.jid = entry.jid .. '+'
  redis.call('ZADD', KEYS[1], ARGV[1], cjson.encode(entry))
end
local jobs = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(jobs) do
  redis.call('ZREM', KEYS[1], member)
  redis.call('ZADD', KEYS[2], ARGV[3], member)
end
return jobs`

// KEYS: due, inflight. ARGV: member, dueAt. Only a job this consumer still holds goes back (a lease that expired
// and was re-taken elsewhere must not be duplicated).
const NACK = `
if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 then redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
return 1`

// KEYS: generation. ARGV: a fresh name. The key lives with the queue's sorted sets, so whatever empties those
// (FLUSHALL, a Redis restarted without its data) takes it too and the next call names a new generation.
const GENERATION = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])`

// KEYS: inflight. ARGV: leaseUntil, members... Renews the leases still held; returns the members that are not (their
// lease lapsed and the job went back to `due` or to another consumer).
const HEARTBEAT = `
local lost = {}
for i = 2, #ARGV do
  if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[i]) == 0 and not redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    lost[#lost + 1] = ARGV[i]
  end
end
return lost`

interface Member<T> { jid: string, job: T }

export class RedisQueue<T> implements JobQueue<T> {
  readonly kind = 'redis'
  private readonly redis: Redis
  private readonly due: string
  private readonly inflight: string
  private readonly generationKey: string
  private readonly redeliveryDelayMs: number
  private readonly pollMs: number
  private running = 0
  private stopped = true
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  private readonly handlers = new Set<Promise<void>>()
  /** Members this consumer runs, with the signal each handler is told a lost lease by: one heartbeat renews all. */
  private readonly held = new Map<string, AbortController>()
  private heartbeat: NodeJS.Timeout | undefined
  // Finished jobs leave `inflight` together: one ZREM for the jobs a batch of outcomes finished, not one each (a
  // command per job cost a socket write and a reply on both ends, on the cores Redis shares with its clients).
  private readonly ack = microBatch<string, undefined>({
    maxItems: 500,
    maxWaitMs: 2,
    run: async (members) => {
      await this.redis.zrem(this.inflight, ...members)
      return members.map(() => undefined)
    }
  })

  constructor (private readonly options: RedisQueueOptions) {
    this.redis = createRedis({ url: options.url, name: options.connectionName ?? 'job-queue' })
    const prefix = options.prefix ?? 'jobs'
    this.due = `${prefix}:due`
    this.inflight = `${prefix}:inflight`
    this.generationKey = `${prefix}:generation`
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS
    this.pollMs = options.pollMs ?? 50
  }

  async start (): Promise<void> {
    await this.redis.ping()
  }

  async enqueue (jobs: readonly T[], delayMs = 0): Promise<void> {
    if (jobs.length === 0) return
    const dueAt = Date.now() + Math.max(0, delayMs)
    const args: (string | number)[] = []
    // The job comes first in the member: jobs due at the same millisecond (a group commit's) are taken in member
    // order, so in the order of their ids (creation order) rather than in the random order of their jids.
    for (const job of jobs) args.push(dueAt, JSON.stringify({ job, jid: randomUUID() } satisfies Member<T>))
    await this.redis.zadd(this.due, ...args)
  }

  async consume (handler: JobHandler<T>, options: ConsumeOptions): Promise<void> {
    this.stopped = false
    this.loop = this.poll(handler, options.concurrency)
  }

  private async poll (handler: JobHandler<T>, concurrency: number): Promise<void> {
    while (!this.stopped) {
      const free = concurrency - this.running
      let taken: string[] = []
      if (free > 0) {
        const now = Date.now()
        try {
          taken = await this.redis.eval(TAKE, 2, this.due, this.inflight, now, free, now + this.options.visibilityTimeoutMs) as string[]
        } catch {
          // Redis unreachable: keep polling; readiness reports it and ioredis reconnects.
        }
      }
      for (const member of taken) this.run(handler, member)
      if (taken.length === 0 || this.running >= concurrency) await this.idle()
    }
  }

  private run (handler: JobHandler<T>, member: string): void {
    this.running++
    const { job } = JSON.parse(member) as Member<T>
    const lost = this.hold(member)
    const task = handler(job, { lost }).finally(() => { this.held.delete(member) }).then(
      () => this.ack(member),
      () => this.redis.eval(NACK, 2, this.due, this.inflight, member, Date.now() + this.redeliveryDelayMs).then(() => undefined)
    ).catch(() => undefined).finally(() => {
      this.running--
      this.handlers.delete(task)
      this.wake?.()
    })
    this.handlers.add(task)
  }

  /**
   * The lease is short so a dead consumer's jobs come back in seconds; a live one renews the leases of all the jobs
   * it runs every third of it, in one script, which names the leases that lapsed meanwhile (a stalled process):
   * their handlers are told through the signal.
   */
  private hold (member: string): AbortSignal {
    const controller = new AbortController()
    this.held.set(member, controller)
    if (this.heartbeat === undefined) {
      const vt = this.options.visibilityTimeoutMs
      this.heartbeat = setInterval(() => { this.beat(vt) }, Math.max(100, Math.floor(vt / 3)))
      this.heartbeat.unref()
    }
    return controller.signal
  }

  private beat (vt: number): void {
    if (this.held.size === 0) {
      clearInterval(this.heartbeat)
      this.heartbeat = undefined
      return
    }
    const members = [...this.held.keys()]
    this.redis.eval(HEARTBEAT, 1, this.inflight, Date.now() + vt, ...members).then((lost) => {
      for (const member of lost as string[]) this.held.get(member)?.abort()
    }).catch(() => undefined)
  }

  private async idle (): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs)
      this.wake = () => { clearTimeout(timer); resolve() }
    })
    this.wake = undefined
  }

  async stop (): Promise<void> {
    this.stopped = true
    this.wake?.()
    await this.loop
    await Promise.all([...this.handlers])
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }

  async close (): Promise<void> {
    await this.stop()
    await closeRedis(this.redis)
  }

  joining (): string[] {
    return []
  }

  async ping (): Promise<void> {
    await this.redis.ping()
  }

  async generation (): Promise<string> {
    return await this.redis.eval(GENERATION, 1, this.generationKey, randomUUID()) as string
  }

  /** Jobs waiting (due or delayed) and leased (tests, metrics). */
  async counts (): Promise<{ waiting: number, inflight: number }> {
    const [waiting, inflight] = await Promise.all([this.redis.zcard(this.due), this.redis.zcard(this.inflight)])
    return { waiting, inflight }
  }
}
