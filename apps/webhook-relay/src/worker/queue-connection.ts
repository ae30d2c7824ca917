// Connects the queue (and starts consuming) in the background, retrying every second until it works, so start-up
// never waits on a broker or a consumer-group join: the relay accepts as soon as its database answers (jobs wait
// in the outbox), and delivers once the queue is there. `state()` feeds the readiness report. The retry is
// common's background work (`BackgroundTasks` + `retryUntilDone`), as motion-api's recovery while its queue is away.
import { BackgroundTasks, retryUntilDone, type Logger } from '@openmotion/common'
import type { DeliveryQueue, JobHandler } from '../domain/delivery-queue.js'

export interface QueueConnectionOptions {
  queue: DeliveryQueue
  logger: Logger
  /** Start consuming with this handler once connected (relays with a worker). */
  consume?: { handler: JobHandler, concurrency: number }
  /** Called once the queue is connected (the outbox publisher drains what waited). */
  onConnected?: () => void
  retryMs?: number
}

export interface QueueConnection {
  /** `connecting`, `ok`, or why the last attempt failed. */
  state (): string
  /**
   * Stops retrying. An attempt in flight is not waited for: a broker's connect may not end while the broker is away,
   * and the lifecycle's `queue.stop()` right after ends what it started.
   */
  stop (): void
}

export function connectQueue (options: QueueConnectionOptions): QueueConnection {
  const { queue, logger } = options
  const background = new BackgroundTasks(logger)
  let state = 'connecting'

  const attempt = async (): Promise<void> => {
    try {
      await queue.start()
      if (options.consume !== undefined) await queue.consume(options.consume.handler, { concurrency: options.consume.concurrency })
    } catch (error) {
      state = `failed: ${error instanceof Error ? error.message : String(error)}`
      throw error
    }
    state = 'ok'
    options.onConnected?.()
  }

  background.run(async (signal) => {
    try {
      await attempt()
    } catch (error) {
      logger.warn({ err: error, queue: queue.kind }, 'queue not reachable yet: accepting anyway, retrying every second')
      await retryUntilDone(attempt, options.retryMs ?? 1000, signal)
    }
  }, { message: 'connecting the queue failed', fields: { queue: queue.kind } })
  return {
    state: () => state,
    stop: () => { background.close().catch(() => undefined) }
  }
}
