// Job state changes as webhook events. With RELAY_URL set they are POSTed to the webhook relay's `/webhook`
// (`{ event, data }`, tenant API key as bearer, an Idempotency-Key so a retried POST is not fanned out twice);
// the relay then signs and delivers them to the client's endpoints. Publishing never blocks or fails a job:
// events go out in the background with a few retries, and one that cannot be delivered is logged and dropped.
import type { Logger } from '@openmotion/common'
import type { JobEvent, JobEvents } from '../domain/ports.js'

export type { JobEvent, JobEventType, JobEvents } from '../domain/ports.js'

export interface RelayOptions {
  url: string
  apiKey: string
  logger: Logger
  attempts?: number
  retryDelayMs?: number
  timeoutMs?: number
}

export function createRelayJobEvents (options: RelayOptions): JobEvents {
  const endpoint = new URL('/webhook', options.url).href
  const attempts = options.attempts ?? 4
  const retryDelayMs = options.retryDelayMs ?? 500
  const inFlight = new Set<Promise<void>>()

  const send = async (event: JobEvent): Promise<void> => {
    let lastError: unknown
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}`, 'idempotency-key': event.idempotencyKey },
          body: JSON.stringify({ event: event.type, data: event.data }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000)
        })
        await response.body?.cancel()
        // 4xx other than 408/429 will not get better by retrying (bad key, payload refused).
        if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)) {
          if (!response.ok) options.logger.warn({ status: response.status, event: event.type }, 'webhook relay refused a job event')
          return
        }
        lastError = new Error(`webhook relay answered ${response.status}`)
      } catch (error) {
        lastError = error
      }
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)))
    }
    options.logger.warn({ err: lastError, event: event.type, attempts }, 'job event not delivered to the webhook relay')
  }

  return {
    publish (event) {
      const sending = send(event).finally(() => { inFlight.delete(sending) })
      inFlight.add(sending)
    },
    async flush () {
      await Promise.allSettled([...inFlight])
    }
  }
}
