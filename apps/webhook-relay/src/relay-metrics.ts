// The relay's Prometheus metrics, registered on the app's registry from @openmotion/common. Queue figures are
// read from the database at scrape time, so they mean the same thing whichever queue backend runs.
import { Counter, Gauge, Histogram } from 'prom-client'
import type { Metrics } from '@openmotion/common'
import type { DeliveryBacklog } from './domain/ports.js'

export interface RelayMetrics {
  /** Queue depth, oldest pending age and dead-letter count, filled from the database at scrape time. */
  gauges: Gauge[]
  requests: Counter<'tenant' | 'event' | 'status'>
  processing: Histogram<'status'>
  attempts: Counter<'outcome' | 'status_class'>
  deliveryLatency: Histogram<'outcome'>
  endToEnd: Histogram
  completed: Counter<'result'>
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30]

/** Label values are bounded: event names are cut to 64 characters (README warns about cardinality). */
export function eventLabel (event: string): string {
  return event.slice(0, 64)
}

export function statusClass (statusCode: number | null): string {
  return statusCode === null ? 'none' : `${Math.floor(statusCode / 100)}xx`
}

export function createRelayMetrics (metrics: Metrics, deliveries: () => DeliveryBacklog | undefined): RelayMetrics {
  const registers = [metrics.registry]
  const backlog = async () => (await deliveries()?.backlog()) ?? { pending: 0, retrying: 0, delivering: 0, dead: 0, oldestDueAgeSeconds: 0 }
  // One database read per scrape feeds all three gauges.
  let scrape: Promise<Awaited<ReturnType<typeof backlog>>> | undefined
  const latest = () => {
    scrape ??= backlog().finally(() => { setTimeout(() => { scrape = undefined }, 100).unref() })
    return scrape
  }
  const gauges = [new Gauge({
    name: 'webhook_queue_depth',
    help: 'Deliveries waiting or running, by status (pending, retrying, delivering)',
    labelNames: ['status'] as const,
    registers,
    async collect () {
      const b = await latest()
      this.set({ status: 'pending' }, b.pending)
      this.set({ status: 'retrying' }, b.retrying)
      this.set({ status: 'delivering' }, b.delivering)
    }
  }), new Gauge({
    name: 'webhook_queue_oldest_pending_age_seconds',
    help: 'How long the oldest due, not yet delivered delivery has waited past its due time',
    registers,
    async collect () { this.set((await latest()).oldestDueAgeSeconds) }
  }), new Gauge({
    name: 'webhook_dead_letter_deliveries',
    help: 'Deliveries in the dead state (out of attempts, replayable)',
    registers,
    async collect () { this.set((await latest()).dead) }
  })]
  return {
    gauges,
    requests: new Counter({
      name: 'webhook_requests_total',
      help: 'Incoming POST /webhook requests by tenant, event and HTTP status',
      labelNames: ['tenant', 'event', 'status'] as const,
      registers
    }),
    processing: new Histogram({
      name: 'webhook_processing_duration_seconds',
      help: 'Time to accept an incoming webhook (authenticate, store, fan out, enqueue)',
      labelNames: ['status'] as const,
      buckets: LATENCY_BUCKETS,
      registers
    }),
    attempts: new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Delivery attempts by outcome (succeeded, failed) and response status class',
      labelNames: ['outcome', 'status_class'] as const,
      registers
    }),
    deliveryLatency: new Histogram({
      name: 'webhook_delivery_duration_seconds',
      help: 'Duration of one delivery attempt (request to response)',
      labelNames: ['outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers
    }),
    endToEnd: new Histogram({
      name: 'webhook_end_to_end_latency_seconds',
      help: 'From acceptance of a message to its successful delivery to one endpoint',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 60, 300, 1800, 3600, 21_600, 86_400],
      registers
    }),
    completed: new Counter({
      name: 'webhook_deliveries_completed_total',
      help: 'Deliveries that reached a final state: succeeded or dead',
      labelNames: ['result'] as const,
      registers
    })
  }
}
