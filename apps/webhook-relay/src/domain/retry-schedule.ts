// Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): the wait
// before retry n is uniform in [0, min(max, base·2^(n-1))], which spreads a thundering herd of retries after an
// outage instead of synchronising them.

export interface RetryPolicy {
  baseMs: number
  maxMs: number
  maxAttempts: number
}

/** Wait before the attempt that follows `failedAttempts` failures (1 = after the first failure). */
export function backoffDelayMs (failedAttempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failedAttempts - 1))
  return Math.floor(random() * cap)
}

/** The largest total wait the schedule allows, and its expectation under full jitter (README figures). */
export function scheduleBounds (policy: RetryPolicy): { worstMs: number, expectedMs: number } {
  let worstMs = 0
  for (let n = 1; n < policy.maxAttempts; n++) worstMs += Math.min(policy.maxMs, policy.baseMs * 2 ** (n - 1))
  return { worstMs, expectedMs: worstMs / 2 }
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unparsable. */
export function parseRetryAfter (value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

/**
 * The wait before the next attempt, or undefined when the delivery is out of attempts. A Retry-After longer
 * than the jittered wait wins (the receiver asked for it), but never beyond the policy's maximum.
 */
export function nextRetryDelayMs (failedAttempts: number, policy: RetryPolicy, retryAfterMs?: number, random?: () => number): number | undefined {
  if (failedAttempts >= policy.maxAttempts) return undefined
  const jittered = backoffDelayMs(failedAttempts, policy, random)
  return retryAfterMs === undefined ? jittered : Math.min(policy.maxMs, Math.max(jittered, retryAfterMs))
}
