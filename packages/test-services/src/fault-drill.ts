// The shape of every fault drill (a service an app depends on goes away for a few seconds under load): load runs
// before, during and after the outage; /readyz is sampled during it and timed back after it. The drill only
// measures and records; each test asserts what its app promises (clean 503s, nothing lost, the process alive).
import { afterAll } from 'vitest'

export type DrillPhase = 'before' | 'outage' | 'after'

export interface Answer { status: number, body: string }

export interface DrillOutcome extends Answer {
  phase: DrillPhase
  /** What the request was, for messages: `submit`, `status`, `signIn`, … */
  route: string
}

export interface Fault {
  stop: () => Promise<void>
  /** Resolves once the service answers again. */
  start: () => Promise<void>
}

/** A server a test owns: a fault it can stop and start again on the same port and data, removed by `close`. */
export interface PrivateService extends Fault {
  readonly port: number
  /** Stops it and removes its directory. */
  close: () => Promise<void>
}

export interface FaultDrillOptions {
  readyUrl: string
  fault: Fault
  /**
   * One round of load; called back to back until the drill ends. `record` keeps an answer with the phase the round
   * began in, which is also passed in.
   */
  load: (record: (route: string, answer: Answer) => void, phase: DrillPhase) => Promise<void>
  /** Pause between two rounds of load (default 50 ms). */
  pauseMs?: number
  /** How long the service stays down (default 4 s). */
  outageMs?: number
  /** Load before the outage (default 1.5 s) and after /readyz is back (default 2 s). */
  beforeMs?: number
  afterMs?: number
  /** /readyz must be back this long after the service is (default 15 s). */
  recoveryLimitMs?: number
  /**
   * What "ready" means for this app and fault (default: status 200). The relay stays ready while its queue is away
   * (it accepts into its outbox) and says so in `checks.queue`.
   */
  isReady?: (answer: Answer) => boolean
}

export interface FaultDrillResult {
  outcomes: DrillOutcome[]
  /** /readyz statuses sampled while the service was down. */
  outageReadiness: number[]
  /** `isReady` of each of those answers. */
  outageReady: boolean[]
  /** Milliseconds from the service answering again to /readyz 200; undefined when the limit passed first. */
  recoveryMs: number | undefined
  /** Milliseconds the restart itself took (from start() called to the service answering). */
  restartMs: number
}

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

/** A request that cannot hang a drill: its answer within `timeoutMs`, or status 0 and the error as the body. */
export async function timedFetch (url: string, init: RequestInit = {}, timeoutMs = 10_000): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { status: 0, body: String(error) }
  }
}

export async function runFaultDrill (options: FaultDrillOptions): Promise<FaultDrillResult> {
  const outcomes: DrillOutcome[] = []
  let phase: DrillPhase = 'before'
  const loading = { value: true }
  const load = (async () => {
    while (loading.value) {
      const inPhase = phase
      await options.load((route, answer) => { outcomes.push({ phase: inPhase, route, ...answer }) }, inPhase)
      await sleep(options.pauseMs ?? 50)
    }
  })()
  try {
    await sleep(options.beforeMs ?? 1500)
    phase = 'outage'
    await options.fault.stop()
    const isReady = options.isReady ?? ((answer: Answer) => answer.status === 200)
    const outageReadiness: number[] = []
    const outageReady: boolean[] = []
    const outageEnds = Date.now() + (options.outageMs ?? 4000)
    while (Date.now() < outageEnds) {
      const answer = await timedFetch(options.readyUrl, {}, 5000)
      outageReadiness.push(answer.status)
      outageReady.push(isReady(answer))
      await sleep(250)
    }
    const restarting = Date.now()
    await options.fault.start()
    const answering = Date.now()
    let recoveryMs: number | undefined
    while (Date.now() - answering < (options.recoveryLimitMs ?? 15_000)) {
      if (isReady(await timedFetch(options.readyUrl, {}, 5000))) {
        recoveryMs = Date.now() - answering
        break
      }
      await sleep(100)
    }
    phase = 'after'
    await sleep(options.afterMs ?? 2000)
    return { outcomes, outageReadiness, outageReady, recoveryMs, restartMs: answering - restarting }
  } finally {
    loading.value = false
    await load
  }
}

/** The code of an error answer in either shape the apps use: `{ error: { code } }` or GraphQL's `errors[].extensions.code`. */
export function errorCodeOf (body: string): string | number | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown, message?: unknown }, errors?: Array<{ message?: unknown, extensions?: { code?: unknown } }> }
    const rest = parsed.error
    if (rest !== undefined && typeof rest.message === 'string' && (typeof rest.code === 'string' || typeof rest.code === 'number')) return rest.code
    const graphql = parsed.errors?.[0]
    const code = graphql?.extensions?.code
    if (typeof graphql?.message === 'string' && (typeof code === 'string' || typeof code === 'number')) return code
  } catch {
    return undefined
  }
  return undefined
}

/**
 * The outcomes a drill must not have, described for an assertion message: anything outside `allowed` and 503
 * (a hang or a dropped connection is status 0), a 503 without the `unavailable` error code and a message, or a
 * stack trace in any body.
 */
export function uncleanOutcomes (outcomes: readonly DrillOutcome[], allowed: readonly number[], unavailable: string | number): string[] {
  const problems: string[] = []
  for (const o of outcomes) {
    const where = `${o.route} (${o.phase}): ${o.status} ${o.body.slice(0, 300)}`
    if (!allowed.includes(o.status) && o.status !== 503) problems.push(where)
    else if (o.status === 503 && errorCodeOf(o.body) !== unavailable) problems.push(`503 without code ${String(unavailable)}: ${where}`)
    else if (/\n\s+at /.test(o.body)) problems.push(`stack trace: ${where}`)
  }
  return problems
}

type OwnedService = Fault & { close: () => Promise<void> }
type OwnedProcess = { stop: () => Promise<unknown> }

/** What a fault suite started, handed over as the test starts each piece; each returns what it is given. */
export interface FaultSuite {
  /** The private instance the drill stops and starts. */
  service: <S extends OwnedService>(service: S) => S
  /** The app under test, run as its own process. */
  process: <P extends OwnedProcess>(process: P) => P
  /** The fresh database the process used, dropped last. */
  database: <D extends { drop: () => Promise<void> }>(database: D) => D
}

/**
 * Registers a fault suite's teardown, in the one order that cannot hang: the service is started again first (the
 * process closes its connections to it on SIGTERM), then the process is stopped, the service removed and the
 * database dropped.
 */
export function faultSuite (): FaultSuite {
  let service: OwnedService | undefined
  let process: OwnedProcess | undefined
  let database: { drop: () => Promise<void> } | undefined
  afterAll(async () => {
    await service?.start()
    await process?.stop()
    await service?.close()
    await database?.drop()
  })
  return {
    service: (started) => { service = started; return started },
    process: (started) => { process = started; return started },
    database: (made) => { database = made; return made }
  }
}
