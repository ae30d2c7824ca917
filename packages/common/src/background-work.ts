// The background work of a service, one pattern for the three apps: the lifecycle plugin (or the context) starts it
// when the server is ready and stops it on close, and no background error ever escapes as an unhandled rejection.
//
// `startPeriodicTask`: upkeep on a timer (motion-api's stuck-job and retention sweep, the relay's retention and
// queue reconcile). Decisions, the same for every caller:
// - Start: the first tick comes `everyMs` after the start, never at once. A caller that needs a run at start calls
//   `runNow()` and awaits it, so it sees the error (the relay's start-up retention fails the start).
// - Never overlaps itself: the next tick is scheduled `everyMs` after the previous run ends (a fixed delay, not
//   an interval), and a tick that falls while a `runNow()` run is in flight is skipped, so slow runs never pile up.
// - `runNow()` queues rather than joins: while a run is in flight it waits for it and then starts a fresh one, so
//   its answer reflects what changed before the call (a test that writes rows then sweeps; a reconcile after a
//   reconnect). Calls made while one is queued share it: at most one run waits behind the current one.
// - Errors: a timer tick's error is logged (with the task's name) and the next tick comes as usual; a `runNow()`
//   error is the caller's, rejected to it and not logged here.
// - Stop: no further ticks start and `runNow()` rejects; `stop()` resolves once the run in flight (and one queued
//   behind it) has ended, so a lifecycle closes the queue or the database only after the task let go of them.
// - Timers are unref'd: background work never keeps a process alive.
//
// `BackgroundTasks`: one-off work started off the request path (auth-server's mails, motion-api's start-up
// recovery while the queue is away). `run` starts the work at once (no queueing, no limit: the callers start a
// handful), logs its error, and `close()` aborts `signal` for work that waits or retries, then waits for all of
// it, including work started while it waits.
import type { Logger } from './logging.js'

export interface PeriodicTaskOptions<T> {
  /** Names the task in its log lines ("job maintenance", "queue reconcile"). */
  name: string
  everyMs: number
  run: () => Promise<T>
  logger: Pick<Logger, 'error'>
}

export interface PeriodicTask<T> {
  /** One run now (after the one in flight, if any); rejects with its error. */
  runNow: () => Promise<T>
  /** Stops the timer and resolves once the runs in flight and queued have ended. */
  stop: () => Promise<void>
}

const ignore = (): void => {}

export function startPeriodicTask<T> (options: PeriodicTaskOptions<T>): PeriodicTask<T> {
  let current: Promise<T> | undefined
  let queued: Promise<T> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const launch = (): Promise<T> => {
    const run = (async () => await options.run())()
    current = run
    run.then(() => { if (current === run) current = undefined }, () => { if (current === run) current = undefined })
    return run
  }

  const runNow = async (): Promise<T> => {
    if (stopped) throw new Error(`${options.name} is stopped`)
    if (queued !== undefined) return await queued
    if (current === undefined) return await launch()
    const next = current.then(ignore, ignore).then(() => {
      queued = undefined
      return launch()
    })
    queued = next
    return await next
  }

  const schedule = (): void => {
    if (stopped) return
    timer = setTimeout(tick, options.everyMs)
    timer.unref()
  }

  function tick (): void {
    timer = undefined
    if (stopped) return
    const busy = queued ?? current
    if (busy !== undefined) {
      busy.then(ignore, ignore).finally(schedule)
      return
    }
    launch()
      .then(ignore, (error: unknown) => { options.logger.error({ err: error, task: options.name }, `${options.name} failed: tried again in ${options.everyMs} ms`) })
      .finally(schedule)
  }

  schedule()
  return {
    runNow,
    async stop () {
      stopped = true
      clearTimeout(timer)
      // A queued run starts after the current one ends, so waiting for it (if any) covers both.
      for (let busy = queued ?? current; busy !== undefined; busy = queued ?? current) await busy.then(ignore, ignore)
    }
  }
}

export interface BackgroundFailure {
  /** The log line of a failure ("sending mail failed"). */
  message: string
  /** Fields logged with it ({ kind: 'verification' }). */
  fields?: Record<string, unknown>
}

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>()
  private readonly closing = new AbortController()

  constructor (private readonly logger: Pick<Logger, 'error'>) {}

  /** Aborted by `close()`: work that waits or retries stops at it. */
  get signal (): AbortSignal {
    return this.closing.signal
  }

  /** Starts `work` now; its error is logged with `failure`, never thrown. */
  run (work: (signal: AbortSignal) => Promise<void>, failure: BackgroundFailure): void {
    const task = (async () => {
      try {
        await work(this.closing.signal)
      } catch (error) {
        this.logger.error({ ...failure.fields, err: error }, failure.message)
      }
    })()
    this.pending.add(task)
    task.finally(() => { this.pending.delete(task) }).catch(ignore)
  }

  /** Resolves once every task started so far, and any started meanwhile, has ended. */
  async idle (): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending)
  }

  /** Aborts `signal`, then waits like `idle()`. */
  async close (): Promise<void> {
    this.closing.abort()
    await this.idle()
  }
}

/**
 * Runs `task` `everyMs` from now, and again `everyMs` after each failure, until it succeeds or `signal` aborts;
 * failures after the first are expected (the caller logged the first) and stay quiet.
 */
export async function retryUntilDone (task: () => Promise<void>, everyMs: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    await pause(everyMs, signal)
    if (signal.aborted) return
    try {
      await task()
      return
    } catch {
      // still failing: tried again after the next pause
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
async function pause (ms: number, signal: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
