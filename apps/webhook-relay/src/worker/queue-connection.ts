// Connects the queue (and starts consuming) in the background, retrying every second until it works, so start-up
// never waits on a broker or a consumer-group join: the relay accepts as soon as its database answers (jobs wait
// in the outbox), and delivers once the queue is there. `state()` feeds the readiness report.
import type { Logger } from '@openmotion/common'
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
  stop (): void
}

export function connectQueue (options: QueueConnectionOptions): QueueConnection {
  const { queue, logger } = options
  let state = 'connecting'
  let stopped = false
  let timer: NodeJS.Timeout | undefined

  const attempt = async (): Promise<void> => {
    try {
      await queue.start()
      if (options.consume !== undefined) await queue.consume(options.consume.handler, { concurrency: options.consume.concurrency })
      state = 'ok'
      options.onConnected?.()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (!state.startsWith('failed')) logger.warn({ err: error, queue: queue.kind }, 'queue not reachable yet: accepting anyway, retrying every second')
      state = `failed: ${message}`
      if (!stopped) {
        timer = setTimeout(() => { attempt().catch(() => undefined) }, options.retryMs ?? 1000)
        timer.unref()
      }
    }
  }
  attempt().catch(() => undefined)
  return {
    state: () => state,
    stop () {
      stopped = true
      clearTimeout(timer)
    }
  }
}
