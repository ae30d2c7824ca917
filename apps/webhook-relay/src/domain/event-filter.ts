// Endpoint event filters: exact names, or prefix wildcards ("job.*" matches "job.done" and "job.step.started",
// not "job" itself or "jobs.x"); "*" alone matches everything. No filter at all also means everything.

const EVENT_PATTERN = /^(\*|[A-Za-z0-9_.:-]+(\.\*)?)$/

export function isValidEventPattern (pattern: string): boolean {
  return pattern.length <= 200 && EVENT_PATTERN.test(pattern)
}

export function matchesEventType (patterns: readonly string[] | null | undefined, event: string): boolean {
  if (patterns === null || patterns === undefined) return true
  return patterns.some((pattern) => {
    if (pattern === '*') return true
    if (pattern.endsWith('.*')) return event.startsWith(pattern.slice(0, -1))
    return pattern === event
  })
}
