// Kafka queue (kafkajs). Immediate jobs go to `<prefix>.deliveries`, keyed by `keyOf(job)` (the relay: the
// endpoint id) so one key's jobs share a partition. Delayed jobs (retries, throttled jobs) go to a delay tier
// topic (`<prefix>.delay-5s` …): within one tier every job waits the same time, so a tier's order is its release
// order and the scheduler can pause a partition until its head is due without later jobs overtaking earlier ones.
// A job whose remaining wait is longer than its tier hops on to the next tier. Both consumer groups commit an
// offset only after the handler resolved (deliveries) or the job is re-produced (tiers): at-least-once, and the
// consumer's own claim (the relay's attempt check) drops duplicates. The group's session is the lease and its
// heartbeat, sent every second while a batch runs, the lease extension. kafkajs 2.2 implements only the eager
// rebalance protocol (no cooperative-sticky assignor), so a rebalance pauses the group briefly; the short session
// keeps that pause to seconds.
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import type * as KafkaJs from 'kafkajs'
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, LogEntry, Producer } from 'kafkajs'
import type { Logger } from '@openmotion/common'
import { DEFAULT_REDELIVERY_DELAY_MS, heldForGood, type ConsumeOptions, type JobHandler, type JobQueue } from './job-queue.js'

export interface KafkaQueueOptions<T> {
  brokers: string[]
  /** The message key: jobs with one key share a partition (default: none, spread round-robin). */
  keyOf?: (job: T) => string
  prefix?: string
  partitions?: number
  redeliveryDelayMs?: number
  /** Consumer group session timeout: how fast a killed consumer's partitions move to another (default 6 s). */
  sessionTimeoutMs?: number
  clientId?: string
  /** Where kafkajs's own log lines go (as the process's JSON lines); without it kafkajs prints its own format. */
  logger?: Logger
}

// kafkajs (a few hundred milliseconds and MB to load) is required when a Kafka queue is made, not when the package
// is imported: the embedded defaults and Redis deployments never load it.
const require = createRequire(import.meta.url)
let kafkajs: typeof KafkaJs | undefined
const loadKafkajs = (): typeof KafkaJs => (kafkajs ??= require('kafkajs') as typeof KafkaJs)

/** kafkajs's log entries as pino lines of the process's logger, at the matching level. */
export function kafkaLogCreator (logger: Logger) {
  const child = logger.child({ component: 'kafkajs' })
  const { logLevel } = loadKafkajs()
  return () => ({ level, log }: LogEntry): void => {
    const { message, ...fields } = log
    if (level === logLevel.ERROR) child.error(fields, message)
    else if (level === logLevel.WARN) child.warn(fields, message)
    else if (level === logLevel.INFO) child.info(fields, message)
    else child.debug(fields, message)
  }
}

// The broker's default group.min.session.timeout.ms: the shortest session, so a SIGKILLed consumer's partitions
// (and the join of the process restarted in its place) wait seconds, not kafkajs's default 30 s.
export const DEFAULT_SESSION_TIMEOUT_MS = 6000

export const DELAY_TIERS_MS = [1000, 5000, 30_000, 120_000, 600_000, 3_600_000] as const

/** The largest tier not longer than the wait (the smallest for sub-second waits). */
export function tierFor (waitMs: number): number {
  let chosen: number = DELAY_TIERS_MS[0]
  for (const tier of DELAY_TIERS_MS) if (tier <= waitMs) chosen = tier
  return chosen
}

export class KafkaQueue<T> implements JobQueue<T> {
  readonly kind = 'kafka'
  private readonly kafka: Kafka
  private readonly producer: Producer
  private readonly topic: string
  private readonly prefix: string
  private readonly redeliveryDelayMs: number
  private consumers: Consumer[] = []
  private readonly joiningGroups = new Set<string>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private started = false

  constructor (private readonly options: KafkaQueueOptions<T>) {
    this.prefix = options.prefix ?? 'jobs'
    this.topic = `${this.prefix}.deliveries`
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS
    const { Kafka, Partitioners, logLevel } = loadKafkajs()
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'job-queue',
      brokers: options.brokers,
      logLevel: logLevel.ERROR,
      retry: { retries: 8 },
      ...(options.logger === undefined ? {} : { logCreator: kafkaLogCreator(options.logger) })
    })
    this.producer = this.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, allowAutoTopicCreation: false })
  }

  private tierTopic (tierMs: number): string {
    return `${this.prefix}.delay-${tierMs / 1000}s`
  }

  async start (): Promise<void> {
    if (this.started) return
    await this.ensureTopics()
    await this.producer.connect()
    this.started = true
  }

  /** Creates the queue's topics that are missing; returns the topics that exist afterwards. */
  private async ensureTopics (): Promise<string[]> {
    const admin = this.kafka.admin()
    await admin.connect()
    try {
      const partitions = this.options.partitions ?? 6
      // Only the missing ones: asking the broker to create a topic that exists makes kafkajs log an ERROR line
      // (TOPIC_ALREADY_EXISTS) on every restart, which an operator would rightly chase.
      const existing = await admin.listTopics()
      const missing = [this.topic, ...DELAY_TIERS_MS.map((t) => this.tierTopic(t))].filter((topic) => !existing.includes(topic))
      if (missing.length > 0) await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: partitions })) })
      return [...existing, ...missing]
    } finally {
      await admin.disconnect()
    }
  }

  // The generation is the name of an empty one-partition topic, `<prefix>.generation-<uuid>`: a broker that lost its
  // log directory, or an operator who deleted the queue's topics, loses it with the jobs. Two processes creating one at
  // once both end on the smallest name (a second reconcile at worst).
  async generation (): Promise<string> {
    const marker = `${this.prefix}.generation-`
    const find = (topics: string[]) => topics.filter((t) => t.startsWith(marker)).sort()[0]
    const found = find(await this.ensureTopics())
    if (found !== undefined) return found.slice(marker.length)
    const admin = this.kafka.admin()
    await admin.connect()
    try {
      await admin.createTopics({ waitForLeaders: true, topics: [{ topic: `${marker}${randomUUID()}`, numPartitions: 1 }] })
      const created = find(await admin.listTopics())
      if (created === undefined) throw new Error(`kafka: the generation topic ${marker}* was not listed after its creation`)
      return created.slice(marker.length)
    } finally {
      await admin.disconnect()
    }
  }

  async enqueue (jobs: readonly T[], delayMs = 0): Promise<void> {
    if (jobs.length === 0) return
    await this.produce(jobs, Date.now() + Math.max(0, delayMs))
  }

  private async produce (jobs: readonly T[], dueAt: number): Promise<void> {
    const wait = dueAt - Date.now()
    const topic = wait <= 0 ? this.topic : this.tierTopic(tierFor(wait))
    await this.producer.send({
      topic,
      messages: jobs.map((job) => ({ key: this.options.keyOf?.(job) ?? null, value: JSON.stringify(job), headers: { 'due-at': String(dueAt) } }))
    })
  }

  async consume (handler: JobHandler<T>, options: ConsumeOptions): Promise<void> {
    const sessionTimeout = this.options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS
    const session = { sessionTimeout, heartbeatInterval: Math.max(500, Math.floor(sessionTimeout / 3)), rebalanceTimeout: Math.max(sessionTimeout, 10_000) }
    // A resumed partition is fetched only by the next fetch request, and an idle fetch waits maxWaitTimeInMs
    // (5 s by default) for data: keep it short so a paused tier resumes on time.
    const scheduler = this.kafka.consumer({ groupId: `${this.prefix}-scheduler`, ...session, maxWaitTimeInMs: 100 })
    const workers = this.kafka.consumer({ groupId: `${this.prefix}-workers`, ...session, maxBytesPerPartition: 256 * 1024 })
    // A retried consume (the broker went away mid-connect) replaces the consumers of the failed attempt.
    await Promise.all(this.consumers.map((c) => c.disconnect().catch(() => undefined)))
    this.consumers = [scheduler, workers]
    await Promise.all(this.consumers.map((c) => c.connect()))
    await scheduler.subscribe({ topics: DELAY_TIERS_MS.map((t) => this.tierTopic(t)), fromBeginning: true })
    await workers.subscribe({ topic: this.topic, fromBeginning: true })
    // run() resolves only once the group is joined, and a restarted process's join waits out the dead member's
    // session: never await it here (start-up must not wait on it); `joining()` reports the groups still joining.
    this.background(scheduler, `${this.prefix}-scheduler`, () => scheduler.run({
      autoCommit: false, eachBatchAutoResolve: false, partitionsConsumedConcurrently: 4, eachBatch: (p) => this.release(scheduler, p)
    }))
    this.background(workers, `${this.prefix}-workers`, () => workers.run({
      autoCommit: false, eachBatchAutoResolve: false, partitionsConsumedConcurrently: 6, eachBatch: (p) => this.work(workers, p, handler, options.concurrency)
    }))
  }

  private background (consumer: Consumer, group: string, run: () => Promise<void>): void {
    this.joiningGroups.add(group)
    consumer.on(consumer.events.GROUP_JOIN, () => { this.joiningGroups.delete(group) })
    run().catch(() => undefined)
  }

  joining (): string[] {
    return [...this.joiningGroups]
  }

  /** Moves due jobs of one delay-tier batch on; pauses the partition until the first job that is not due. */
  private async release (consumer: Consumer, p: EachBatchPayload): Promise<void> {
    const tierMs = Number(/delay-(\d+)s$/.exec(p.batch.topic)?.[1] ?? '1') * 1000
    let last: string | undefined
    for (const message of p.batch.messages) {
      if (!p.isRunning() || p.isStale()) break
      const dueAt = dueAtOf(message)
      const releaseAt = Math.min(dueAt, Number(message.timestamp) + tierMs)
      const wait = releaseAt - Date.now()
      if (wait > 0) {
        const resume = p.pause()
        const timer = setTimeout(() => { this.timers.delete(timer); resume() }, wait)
        this.timers.add(timer)
        break
      }
      await this.produce([parseJob<T>(message)], dueAt)
      p.resolveOffset(message.offset)
      last = message.offset
    }
    if (last !== undefined) await consumer.commitOffsets([{ topic: p.batch.topic, partition: p.batch.partition, offset: nextOffset(last) }])
  }

  /** Runs a batch's jobs (bounded concurrency), then commits the processed prefix. */
  private async work (consumer: Consumer, p: EachBatchPayload, handler: JobHandler<T>, concurrency: number): Promise<void> {
    const messages = p.batch.messages
    let next = 0
    let done = 0
    const beat = setInterval(() => { p.heartbeat().catch(() => undefined) }, 1000)
    try {
      const lane = async () => {
        while (next < messages.length && p.isRunning() && !p.isStale()) {
          const message = messages[next++] as KafkaMessage
          const job = parseJob<T>(message)
          // A partition taken away mid-batch is not reported per job: the group's own claim drops the duplicate.
          await handler(job, heldForGood).catch(() => this.enqueue([job], this.redeliveryDelayMs))
          done++
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, messages.length) }, lane))
    } finally {
      clearInterval(beat)
    }
    // Lanes start messages in order and each one started is awaited, so the first `done` messages are finished.
    const last = messages[done - 1]
    if (last === undefined) return
    p.resolveOffset(last.offset)
    await consumer.commitOffsets([{ topic: p.batch.topic, partition: p.batch.partition, offset: nextOffset(last.offset) }])
  }

  async stop (): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    await Promise.all(this.consumers.map((c) => c.stop()))
  }

  async close (): Promise<void> {
    await this.stop()
    await Promise.all(this.consumers.map((c) => c.disconnect()))
    this.consumers = []
    this.joiningGroups.clear()
    await this.producer.disconnect()
  }

  async ping (): Promise<void> {
    const admin = this.kafka.admin()
    await admin.connect()
    try {
      await admin.fetchTopicMetadata({ topics: [this.topic] })
    } finally {
      await admin.disconnect()
    }
  }
}

function parseJob<T> (message: KafkaMessage): T {
  return JSON.parse(message.value?.toString('utf8') ?? '{}') as T
}

function dueAtOf (message: KafkaMessage): number {
  const header = message.headers?.['due-at']
  const text = Array.isArray(header) ? header[0] : header
  return text === undefined ? Number(message.timestamp) : Number(text.toString())
}

function nextOffset (offset: string): string {
  return (BigInt(offset) + 1n).toString()
}
