// Per-endpoint circuit breaker. After CIRCUIT_BREAKER_THRESHOLD failed attempts in a row the circuit opens: the
// endpoint's deliveries wait (their jobs go back to the queue without using an attempt) until the cooldown ends.
// Then it is half-open: exactly one delivery, the probe, is attempted (the first job to take it in the database)
// while the others keep waiting; a success closes the circuit, a failure opens it for another cooldown. A dead
// receiver thus costs one request per cooldown instead of one per queued delivery, and the retry budgets of
// its deliveries are not burnt while it is down. The state lives on the endpoint row, shared by every relay.

export type CircuitState = { kind: 'closed' } | { kind: 'open', waitMs: number } | { kind: 'half-open' }

export function circuitState (openUntil: Date | null, now: Date): CircuitState {
  if (openUntil === null) return { kind: 'closed' }
  const waitMs = openUntil.getTime() - now.getTime()
  return waitMs > 0 ? { kind: 'open', waitMs } : { kind: 'half-open' }
}

/**
 * When a job held back by an open circuit looks again: once the circuit may probe, spread over a quarter of the
 * cooldown so the waiting jobs do not all wake in the same millisecond.
 */
export function heldBackDelayMs (waitMs: number, cooldownMs: number, random: () => number = Math.random): number {
  return Math.max(0, waitMs) + Math.round(random() * cooldownMs * 0.25)
}
