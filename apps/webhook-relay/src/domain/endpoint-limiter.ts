// Per-endpoint admission: at most `concurrency` requests in flight to one endpoint and `rateLimitPerSecond`
// starts per second (spaced evenly). It is asked before anything is read for a job, and a job it admits waits in
// this process for its turn instead of going back to the queue: sending to a fast endpoint is never interrupted
// by bounces (the old design re-queued every job over the limit every 50 ms, two reads each). Only a job whose
// wait would exceed `maxWaitMs` (a slow or throttled endpoint) is refused, with the wait it can expect, so it
// goes back to the queue about once and a slow endpoint cannot hold the worker slots the others need.

interface EndpointState {
  /** Admitted jobs not released yet (waiting or sending). */
  tickets: number
  inFlight: number
  waiters: Array<() => void>
  /** Earliest start of the next job under the rate limit. */
  nextStartAt: number
  /** Moving average of how long a request to this endpoint holds its slot. */
  avgSendMs: number
  /** Start times of the requests in flight: a hung endpoint shows here before any request ends. */
  sending: Set<{ at: number }>
}

export type Admission =
  | {
    admitted: true
    /**
     * Resolves true when the job may send (its rate slot came and a concurrency slot is free), false when no slot
     * came within maxWaitMs (the endpoint hangs): the job should go back to the queue.
     */
    start: () => Promise<boolean>
    /** The request is over (or never made): frees the slot. Idempotent. */
    release: () => void
  }
  | { admitted: false, retryInMs: number }

const INITIAL_SEND_MS = 20
const MIN_RETRY_MS = 50
const MAX_TRACKED = 10_000

export class EndpointLimiter {
  private readonly state = new Map<string, EndpointState>()

  constructor (
    private readonly concurrency: number,
    private readonly now: () => number = Date.now,
    private readonly maxWaitMs = 1000,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  ) {}

  admit (endpointId: string, rateLimitPerSecond: number | null): Admission {
    const now = this.now()
    let s = this.state.get(endpointId)
    if (s === undefined) {
      s = { tickets: 0, inFlight: 0, waiters: [], nextStartAt: now, avgSendMs: INITIAL_SEND_MS, sending: new Set() }
      this.state.set(endpointId, s)
    }
    // Each round of `concurrency` jobs ahead costs one request time; a request already in flight for t is expected
    // to need about t more (a slow endpoint's requests are slow), so a hung endpoint is refused within maxWaitMs.
    const ahead = s.tickets - this.concurrency + 1
    const slotWait = ahead > 0 ? Math.ceil(ahead / this.concurrency) * Math.max(s.avgSendMs, this.oldestSendMs(s, now)) : 0
    if (slotWait >= this.maxWaitMs) return { admitted: false, retryInMs: Math.max(MIN_RETRY_MS, Math.ceil(slotWait)) }
    const startAt = rateLimitPerSecond === null ? now : Math.max(now, s.nextStartAt)
    if (startAt - now > this.maxWaitMs) return { admitted: false, retryInMs: Math.ceil(startAt - now) }
    if (rateLimitPerSecond !== null) s.nextStartAt = startAt + 1000 / rateLimitPerSecond
    s.tickets++
    return this.ticket(s, startAt)
  }

  private oldestSendMs (s: EndpointState, now: number): number {
    let oldest = now
    for (const request of s.sending) oldest = Math.min(oldest, request.at)
    return now - oldest
  }

  private prune (): void {
    const now = this.now()
    for (const [id, s] of this.state) if (s.tickets === 0 && s.nextStartAt <= now) this.state.delete(id)
  }

  private ticket (s: EndpointState, startAt: number): Admission {
    let sending: { at: number } | undefined
    let released = false
    let waiter: (() => void) | undefined
    return {
      admitted: true,
      start: async () => {
        const wait = startAt - this.now()
        if (wait > 0) await this.sleep(wait)
        if (s.inFlight >= this.concurrency) {
          const got = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              dropWaiter(s, wake)
              resolve(false)
            }, this.maxWaitMs)
            const wake = () => { clearTimeout(timer); resolve(true) }
            waiter = wake
            s.waiters.push(wake)
          })
          waiter = undefined
          if (!got) return false
        } else {
          s.inFlight++
        }
        sending = { at: this.now() }
        s.sending.add(sending)
        return true
      },
      release: () => {
        if (released) return
        released = true
        s.tickets--
        if (waiter !== undefined) dropWaiter(s, waiter)
        if (sending !== undefined) {
          s.sending.delete(sending)
          s.avgSendMs = s.avgSendMs * 0.8 + (this.now() - sending.at) * 0.2
          // The slot passes straight to the next waiter (inFlight stays), else it is freed.
          const next = s.waiters.shift()
          if (next !== undefined) next()
          else s.inFlight--
        }
        // Idle endpoints keep their learnt send time; the map is pruned of them only when it grows large.
        if (this.state.size > MAX_TRACKED) this.prune()
      }
    }
  }
}

function dropWaiter (s: EndpointState, waiter: () => void): void {
  const i = s.waiters.indexOf(waiter)
  if (i >= 0) s.waiters.splice(i, 1)
}
