// Per-endpoint admission: at most `concurrency` deliveries in flight and `rateLimitPerSecond` starts per second
// (token bucket, burst of one second's worth). A job refused here is put back in the queue with the wait this
// returns instead of holding a worker slot, so a slow or throttled endpoint cannot stall the others.

interface EndpointState {
  inFlight: number
  tokens: number
  refilledAt: number
}

export type Admission = { admitted: true, release: () => void } | { admitted: false, retryInMs: number }

export class EndpointLimiter {
  private readonly state = new Map<string, EndpointState>()

  constructor (private readonly concurrency: number, private readonly now: () => number = Date.now) {}

  admit (endpointId: string, rateLimitPerSecond: number | null): Admission {
    const now = this.now()
    let s = this.state.get(endpointId)
    if (s === undefined) {
      s = { inFlight: 0, tokens: rateLimitPerSecond ?? 0, refilledAt: now }
      this.state.set(endpointId, s)
    }
    if (s.inFlight >= this.concurrency) return { admitted: false, retryInMs: 50 }
    if (rateLimitPerSecond !== null) {
      s.tokens = Math.min(rateLimitPerSecond, s.tokens + ((now - s.refilledAt) / 1000) * rateLimitPerSecond)
      s.refilledAt = now
      if (s.tokens < 1) return { admitted: false, retryInMs: Math.ceil(((1 - s.tokens) / rateLimitPerSecond) * 1000) }
      s.tokens -= 1
    }
    s.inFlight++
    const state = s
    let released = false
    return {
      admitted: true,
      release: () => {
        if (released) return
        released = true
        state.inFlight--
        if (state.inFlight === 0 && rateLimitPerSecond === null) this.state.delete(endpointId)
      }
    }
  }
}
