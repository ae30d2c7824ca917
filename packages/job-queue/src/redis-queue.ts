// Redis queue: two sorted sets and a few Lua scripts. Jobs are small, the semantics we need (due-time order,
// leases, at-least-once) fit in `due` (score = due time) and `inflight` (score = lease expiry), and every state
// change is one atomic script. It was measured against BullMQ on the same workload (bench/redis-queues.ts,
// docs/benchmarks.md) and kept: a take moves up to `concurrency` jobs in one script, acknowledgements of many
// jobs share one ZREM and one heartbeat renews every lease a process holds, where BullMQ spends several commands
// per job. A consumer renews its leases every third of the visibility timeout; one that dies stops renewing, and
// the next take by any consumer moves the expired lease back to the head of `due`, so a short timeout (seconds)
// returns a dead consumer's jobs in seconds. Idle consumers wait for a wake-up published with each enqueue (or the
// due time of the next delayed job), not a poll. A queue built with `keyOf` (KeyedJobQueue) also indexes its jobs
// by key in a hash, for one entry per key, places in line and withdrawal; the relay's unkeyed path never touches it.
// Longer than 300 lines: the scripts and the consumer share one set of keys and one member format.
import { randomUUID } from 'node:crypto'
import { closeRedis, createRedis, type Redis } from '@openmotion/common'
import {
  DEFAULT_REDELIVERY_DELAY_MS, missingKey, type ConsumeOptions, type CountedLease, type JobHandler, type KeyedJobQueue, type KeyedQueueOptions
} from './job-queue.js'
import { microBatch } from './micro-batch.js'

export interface RedisQueueOptions<T = unknown> extends KeyedQueueOptions<T> {
  url: string
  /** Key prefix: consumers sharing a prefix share the queue. Default `jobs`. */
  prefix?: string
  /** The lease of a taken job; renewed every third of it while its handler runs. */
  visibilityTimeoutMs: number
  /** The name the connection shows in CLIENT LIST. */
  connectionName?: string
  redeliveryDelayMs?: number
  /**
   * Longest idle wait: how soon an idle consumer notices a lapsed lease or a job whose wake-up it missed (Redis
   * away). New jobs wake it at once. Default 1000.
   */
  pollMs?: number
}

// A member is the JSON of { job, jid } (unkeyed: the jid makes it unique) or { n, key, job } (keyed: written by
// ENQUEUE_KEYED, `n` a zero-padded sequence, so jobs due at the same millisecond come out in enqueue order), plus
// `a`, the attempt, once the job came back. A member is one delivery: a job that comes back is re-encoded with the
// next attempt, so the heartbeat or acknowledgement of the consumer that lost it finds nothing to renew or remove.

// Returns a job that came back to `due` (and to the key index), or gives it up (ARGV maxAttempts; 0: never).
const REQUEUE = `
local function requeue (keys, member, score, now, maxAttempts)
  local entry = cjson.decode(member)
  local attempt = entry.a or 1
  if maxAttempts > 0 and attempt >= maxAttempts then
    redis.call('ZADD', keys.dropped, now, member)
    redis.call('ZREMRANGEBYRANK', keys.dropped, 0, -1001)
    if entry.key then redis.call('HDEL', keys.index, entry.key) end
    return
  end
  entry.a = attempt + 1
  local back = cjson.encode(entry)
  redis.call('ZADD', keys.due, score, back)
  if entry.key then redis.call('HSET', keys.index, entry.key, back) end
end
local keys = { due = KEYS[1], inflight = KEYS[2], index = KEYS[3], dropped = KEYS[4] }
`

// KEYS: due, inflight, index, dropped, take, answered. ARGV: now, max, leaseUntil, maxAttempts. Expired leases go
// back to the head of `due` first (they were taken before anything waiting), then due jobs move to `inflight` under a
// lease — in one script, so two consumers can never take the same job. Returns the jobs and, when fewer than `max`
// were due, the due time of the next one (the consumer sleeps until then at most).
// A take is idempotent: `take` names it, and a take whose reply never arrived (Redis stopped between running the
// script and answering, the connection dropped) is sent again under the same name and answered with the same jobs,
// which otherwise would sit leased to no one until their lease lapsed. `answered` is the consumer's previous take,
// whose reply it has: its record goes, so a consumer keeps one record at most.
const TAKE = REQUEUE + `
if KEYS[6] ~= KEYS[5] then redis.call('DEL', KEYS[6]) end
local replay = redis.call('GET', KEYS[5])
if replay then return { cjson.decode(replay), false } end
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 1000)
for _, member in ipairs(expired) do
  redis.call('ZREM', KEYS[2], member)
  requeue(keys, member, 0, ARGV[1], tonumber(ARGV[4]))
end
local max = tonumber(ARGV[2])
local jobs = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, max)
for _, member in ipairs(jobs) do
  redis.call('ZREM', KEYS[1], member)
  redis.call('ZADD', KEYS[2], ARGV[3], member)
end
if #jobs > 0 then redis.call('SET', KEYS[5], cjson.encode(jobs), 'PX', math.max(1, math.floor(tonumber(ARGV[3]) - tonumber(ARGV[1])))) end
local nextDue = false
if #jobs < max then nextDue = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or false end
return { jobs, nextDue }`

// KEYS: due, inflight, index, dropped. ARGV: member, dueAt, maxAttempts. Only a job this consumer still holds goes
// back (a lease that expired and was re-taken elsewhere must not be duplicated).
const NACK = REQUEUE + `
if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 then requeue(keys, ARGV[1], ARGV[2], ARGV[2], tonumber(ARGV[3])) end
return 1`

// KEYS: due, index, seq, wake. ARGV: dueAt, then key and job JSON pairs. A key already waiting or held adds nothing.
const ENQUEUE_KEYED = `
local added = 0
for i = 2, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[2], ARGV[i]) == 0 then
    local n = string.format('%015d', redis.call('INCR', KEYS[3]))
    local member = '{"n":"' .. n .. '","key":' .. cjson.encode(ARGV[i]) .. ',"job":' .. ARGV[i + 1] .. '}'
    redis.call('HSET', KEYS[2], ARGV[i], member)
    redis.call('ZADD', KEYS[1], ARGV[1], member)
    added = added + 1
  end
end
if added > 0 then redis.call('PUBLISH', KEYS[4], '') end
return added`

// KEYS: inflight, index. ARGV: member and key pairs. A lost lease's member is gone, so it leaves the key alone.
const ACK_KEYED = `
for i = 1, #ARGV, 2 do
  if redis.call('ZREM', KEYS[1], ARGV[i]) == 1 then redis.call('HDEL', KEYS[2], ARGV[i + 1]) end
end
return 1`

// KEYS: due, index. ARGV: keys. 1-based rank in `due` of each key's member; 0 when it is not waiting.
const POSITIONS = `
local out = {}
for i = 1, #ARGV do
  local member = redis.call('HGET', KEYS[2], ARGV[i])
  local rank = member and redis.call('ZRANK', KEYS[1], member)
  out[i] = rank and rank + 1 or 0
end
return out`

// KEYS: due, index. ARGV: key. Only a waiting job: a held one is in `inflight`.
const WITHDRAW = `
local member = redis.call('HGET', KEYS[2], ARGV[1])
if member and redis.call('ZREM', KEYS[1], member) == 1 then
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 1
end
return 0`

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

// Sent as EVALSHA through ioredis's defineCommand (EVAL again only after a NOSCRIPT, e.g. a restarted Redis), so
// a take or an acknowledgement does not ship and hash its script's text every time.
const SCRIPTS = {
  omTake: { numberOfKeys: 6, lua: TAKE },
  omNack: { numberOfKeys: 4, lua: NACK },
  omEnqueueKeyed: { numberOfKeys: 4, lua: ENQUEUE_KEYED },
  omAckKeyed: { numberOfKeys: 2, lua: ACK_KEYED },
  omPositions: { numberOfKeys: 2, lua: POSITIONS },
  omWithdraw: { numberOfKeys: 2, lua: WITHDRAW },
  omGeneration: { numberOfKeys: 1, lua: GENERATION },
  omHeartbeat: { numberOfKeys: 1, lua: HEARTBEAT }
} as const
type ScriptName = keyof typeof SCRIPTS
type ScriptCommands = Record<ScriptName, (...keysAndArgs: Array<string | number>) => Promise<unknown>>

interface Member<T> { job: T, a?: number, key?: string }
interface Taken { member: string, key: string | undefined }

export class RedisQueue<T> implements KeyedJobQueue<T> {
  readonly kind = 'redis'
  private readonly redis: Redis
  private readonly scripts: ScriptCommands
  private subscriber: Redis | undefined
  private readonly due: string
  private readonly inflight: string
  private readonly index: string
  private readonly dropped: string
  private readonly seq: string
  private readonly wakeChannel: string
  private readonly generationKey: string
  private readonly takePrefix: string
  /** The name of this consumer's next take, kept until a take is answered (see TAKE). */
  private take: string
  private answeredTake: string | undefined
  private readonly redeliveryDelayMs: number
  private readonly pollMs: number
  private readonly maxAttempts: number
  private readonly keyOf: ((job: T) => string) | undefined
  private running = 0
  private stopped = true
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  /** A wake-up arrived while the consumer was not waiting: its next wait returns at once. */
  private woken = false
  private readonly handlers = new Set<Promise<void>>()
  /** Members this consumer runs, with the signal each handler is told a lost lease by: one heartbeat renews all. */
  private readonly held = new Map<string, AbortController>()
  private heartbeat: NodeJS.Timeout | undefined
  /** From the connection's loss until ioredis has it ready again (see `connected`). */
  private lost = false
  // Finished jobs leave `inflight` together: one ZREM for the jobs a batch of outcomes finished, not one each (a
  // command per job cost a socket write and a reply on both ends, on the cores Redis shares with its clients).
  private readonly ack = microBatch<Taken, undefined>({
    maxItems: 500,
    maxWaitMs: 2,
    run: async (taken) => {
      if (this.keyOf === undefined) await this.connected().zrem(this.inflight, ...taken.map((t) => t.member))
      else await this.commands.omAckKeyed(this.inflight, this.index, ...taken.flatMap((t) => [t.member, t.key ?? '']))
      return taken.map(() => undefined)
    }
  })

  constructor (private readonly options: RedisQueueOptions<T>) {
    this.redis = createRedis({ url: options.url, name: options.connectionName ?? 'job-queue' })
    this.redis.on('close', () => { this.lost = true })
    this.redis.on('ready', () => { this.lost = false })
    for (const [name, definition] of Object.entries(SCRIPTS)) this.redis.defineCommand(name, definition)
    this.scripts = this.redis as unknown as ScriptCommands
    const prefix = options.prefix ?? 'jobs'
    this.due = `${prefix}:due`
    this.inflight = `${prefix}:inflight`
    this.index = `${prefix}:index`
    this.dropped = `${prefix}:dropped`
    this.seq = `${prefix}:seq`
    this.wakeChannel = `${prefix}:wake`
    this.generationKey = `${prefix}:generation`
    this.takePrefix = `${prefix}:take`
    this.take = this.takeKey()
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS
    this.pollMs = options.pollMs ?? 1000
    this.maxAttempts = options.maxAttempts ?? 0
    this.keyOf = options.keyOf
  }

  /**
   * The commands' connection, or a throw while it is lost: a command then fails at once instead of waiting in
   * ioredis's offline queue, which fails what it holds only every fourth reconnect attempt (seconds, more the longer
   * Redis is away) or sends it once Redis is back. Every caller copes with a failed command (the outbox keeps the
   * row, the poll loop and heartbeat try again, readiness reports it), so a request made during an outage answers
   * at once and ends within the outage. Commands before the first connection wait for it (start-up).
   */
  private connected (): Redis {
    // Worded like ioredis's own error, which callers (isServiceUnavailable) already read as "Redis is away".
    if (this.lost) throw new Error(`Connection is closed. (Redis ${this.redis.status}: the command was not queued)`)
    return this.redis
  }

  private get commands (): ScriptCommands {
    this.connected()
    return this.scripts
  }

  private takeKey (): string {
    return `${this.takePrefix}:${randomUUID()}`
  }

  async start (): Promise<void> {
    await this.connected().ping()
  }

  async enqueue (jobs: readonly T[], delayMs = 0): Promise<void> {
    if (jobs.length === 0) return
    const dueAt = Date.now() + Math.max(0, delayMs)
    if (this.keyOf !== undefined) {
      const keyOf = this.keyOf
      const args = jobs.flatMap((job) => [keyOf(job), JSON.stringify(job)])
      await this.commands.omEnqueueKeyed(this.due, this.index, this.seq, this.wakeChannel, dueAt, ...args)
      return
    }
    const args: (string | number)[] = []
    // The job comes first in the member: jobs due at the same millisecond (a group commit's) are taken in member
    // order, so in the order of their ids (creation order) rather than in the random order of their jids.
    for (const job of jobs) args.push(dueAt, JSON.stringify({ job, jid: randomUUID() }))
    const replies = await this.connected().pipeline().zadd(this.due, ...args).publish(this.wakeChannel, '').exec()
    const error = replies?.find(([failure]) => failure !== null)?.[0]
    if (error !== undefined && error !== null) throw error
  }

  async positions (keys: readonly string[]): Promise<Map<string, number>> {
    if (this.keyOf === undefined) throw missingKey()
    const out = new Map<string, number>()
    if (keys.length === 0) return out
    const ranks = await this.commands.omPositions(this.due, this.index, ...keys) as number[]
    keys.forEach((key, i) => { if ((ranks[i] ?? 0) > 0) out.set(key, ranks[i] as number) })
    return out
  }

  async withdraw (key: string): Promise<boolean> {
    if (this.keyOf === undefined) throw missingKey()
    return await this.commands.omWithdraw(this.due, this.index, key) === 1
  }

  async consume (handler: JobHandler<T, CountedLease>, options: ConsumeOptions): Promise<void> {
    this.stopped = false
    this.listen()
    this.loop = this.poll(handler, options.concurrency)
  }

  /** Subscribes to the wake-up channel, in the background: a Redis that is down must not hold up the consumer. */
  private listen (): void {
    if (this.subscriber !== undefined) return
    const subscriber = createRedis({ url: this.options.url, name: `${this.options.connectionName ?? 'job-queue'}-wake`, maxRetriesPerRequest: null })
    subscriber.on('message', () => { this.signal() })
    subscriber.subscribe(this.wakeChannel).catch(() => { /* ioredis subscribes again once it reconnects */ })
    this.subscriber = subscriber
  }

  private signal (): void {
    this.woken = true
    this.wake?.()
  }

  private async poll (handler: JobHandler<T, CountedLease>, concurrency: number): Promise<void> {
    while (!this.stopped) {
      const free = concurrency - this.running
      let taken: string[] = []
      let nextDue: number | undefined
      this.woken = false
      // With no free slot the take still runs (at most once per idle wait): it returns the lapsed leases of dead
      // consumers to the line, where other consumers and places in line see them.
      const now = Date.now()
      try {
        const [jobs, next] = await this.commands.omTake(
          this.due, this.inflight, this.index, this.dropped, this.take, this.answeredTake ?? this.take,
          now, Math.max(0, free), now + this.options.visibilityTimeoutMs, this.maxAttempts
        ) as [string[], string | null]
        taken = jobs
        if (next !== null) nextDue = Number(next)
        this.answeredTake = this.take
        this.take = this.takeKey()
      } catch {
        // Redis unreachable: keep polling under the same take name (its jobs, if it ran, come back with the answer);
        // readiness reports it and ioredis reconnects.
      }
      for (const member of taken) this.run(handler, member)
      if (taken.length === 0 || this.running >= concurrency) await this.idle(nextDue === undefined ? this.pollMs : Math.min(this.pollMs, nextDue - Date.now()))
    }
  }

  private run (handler: JobHandler<T, CountedLease>, member: string): void {
    this.running++
    const { job, a, key } = JSON.parse(member) as Member<T>
    const lost = this.hold(member)
    const task = handler(job, { lost, attempt: a ?? 1 }).finally(() => { this.held.delete(member) }).then(
      async () => { await this.ack({ member, key }) },
      async () => {
        const dueAt = Date.now() + this.redeliveryDelayMs
        await this.commands.omNack(this.due, this.inflight, this.index, this.dropped, member, dueAt, this.maxAttempts)
        // This consumer knows when the job is due again; the others learn it at their next take.
        setTimeout(() => { this.signal() }, this.redeliveryDelayMs).unref()
      }
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
    // Redis away: the leases are renewed by the next beat after it is back (they outlast a few missed beats).
    if (this.lost) return
    const members = [...this.held.keys()]
    this.scripts.omHeartbeat(this.inflight, Date.now() + vt, ...members).then((lost) => {
      for (const member of lost as string[]) this.held.get(member)?.abort()
    }).catch(() => undefined)
  }

  private async idle (ms: number): Promise<void> {
    if (this.woken || this.stopped) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(1, ms))
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
    if (this.subscriber !== undefined) await closeRedis(this.subscriber)
    this.subscriber = undefined
    await closeRedis(this.redis)
  }

  joining (): string[] {
    return []
  }

  async ping (): Promise<void> {
    await this.connected().ping()
  }

  async generation (): Promise<string> {
    return await this.commands.omGeneration(this.generationKey, randomUUID()) as string
  }

  /** Jobs waiting (due or delayed) and leased (tests, metrics). */
  async counts (): Promise<{ waiting: number, inflight: number }> {
    const [waiting, inflight] = await Promise.all([this.connected().zcard(this.due), this.redis.zcard(this.inflight)])
    return { waiting, inflight }
  }
}
