// Durations as operators and tenants write them: `500ms`, `5s`, `30m`, `2h`, `5d`; lists comma-separated.

export const DURATION = /^(\d+)(ms|s|m|h|d)$/
export const DURATION_LIST = /^\d+(ms|s|m|h|d)(\s*,\s*\d+(ms|s|m|h|d)){0,49}$/

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `5d` → 432000000. Throws on anything else (config and route schemas check the shape first). */
export function durationMs (text: string): number {
  const match = DURATION.exec(text.trim())
  if (match === null) throw new Error(`invalid duration ${text}`)
  return Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1)
}

/** `5s,5m,30m` → [5000, 300000, 1800000]. */
export function durationListMs (text: string): number[] {
  return text.split(',').map(durationMs)
}
