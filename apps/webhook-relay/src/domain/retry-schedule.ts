// When to try a failed delivery again. A fixed schedule like Svix's (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
// after the first attempt) rather than exponential full jitter: full jitter has no minimum, so it spent half
// of its retries in the first hour and a half. Each wait is spread by a bounded jitter (±RETRY_JITTER, at most
// ±50 %) so an outage's backlog does not come back in one wave, yet never lands near zero. An endpoint may carry
// its own schedule; a Retry-After longer than the scheduled wait wins, capped at RETRY_MAX_MS.

export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h'

export interface RetryPolicy {
  /** Wait after failure n is entry n-1; the last entry repeats while attempts remain. */
  scheduleMs: readonly number[]
  maxMs: number
  /** Attempts per delivery, the first one included. */
  maxAttempts: number
  /** Spread of each wait: it is multiplied by a uniform factor in [1 - jitter, 1 + jitter]. */
  jitter: number
}

/** The policy for an endpoint with its own schedule: one attempt per entry plus the first. */
export function endpointPolicy (base: RetryPolicy, scheduleMs: readonly number[] | null): RetryPolicy {
  return scheduleMs === null || scheduleMs.length === 0 ? base : { ...base, scheduleMs, maxAttempts: scheduleMs.length + 1 }
}

/** Wait before the attempt that follows `failedAttempts` failures (1 = after the first failure). */
export function scheduledDelayMs (failedAttempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const index = Math.min(Math.max(0, failedAttempts - 1), policy.scheduleMs.length - 1)
  const base = policy.scheduleMs[index] ?? 0
  const factor = 1 + policy.jitter * (2 * random() - 1)
  return Math.min(policy.maxMs, Math.round(base * factor))
}

/** The shortest and longest total wait from first attempt to the last (README figures). */
export function scheduleBounds (policy: RetryPolicy): { shortestMs: number, longestMs: number } {
  let nominal = 0
  for (let n = 1; n < policy.maxAttempts; n++) nominal += Math.min(policy.maxMs, policy.scheduleMs[Math.min(n - 1, policy.scheduleMs.length - 1)] ?? 0)
  return { shortestMs: Math.round(nominal * (1 - policy.jitter)), longestMs: Math.round(nominal * (1 + policy.jitter)) }
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
 * than the scheduled wait wins (the receiver asked for it), but never beyond the policy's maximum.
 */
export function nextRetryDelayMs (failedAttempts: number, policy: RetryPolicy, retryAfterMs?: number, random?: () => number): number | undefined {
  if (failedAttempts >= policy.maxAttempts) return undefined
  const scheduled = scheduledDelayMs(failedAttempts, policy, random)
  return retryAfterMs === undefined ? scheduled : Math.min(policy.maxMs, Math.max(scheduled, retryAfterMs))
}
