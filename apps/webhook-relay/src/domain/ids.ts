// Ids sort by creation time (48-bit milliseconds then randomness, like ULID/UUIDv7), which keeps cursor
// pagination on (created_at, id) stable and makes ids readable in logs by their prefix.
import { pooledRandomHex } from './random-pool.js'

export type IdKind = 'msg' | 'dlv' | 'ep' | 'tnt' | 'key' | 'att'

export function newId (kind: IdKind, nowMs: number = Date.now()): string {
  return `${kind}_${nowMs.toString(16).padStart(12, '0')}${pooledRandomHex(10)}`
}
