// The delivery state machine: every status change a delivery may make, by the event that makes it. The SQL of
// adapters/delivery-sql.ts takes its from- and to-sets from this table, so a transition the table does not allow
// cannot be written, and the transition log (relay_delivery_transitions) only ever holds rows of this table.
import type { DeliveryStatus } from './types.js'

export interface TransitionRule {
  /** The statuses the delivery may be in; empty for the event that creates it. */
  from: readonly DeliveryStatus[]
  to: readonly DeliveryStatus[]
}

export const DELIVERY_TRANSITIONS = {
  /** A message was accepted: one new delivery per subscribed endpoint, with its first job. */
  accept: { from: [], to: ['pending'] },
  /** A worker takes an attempt under a lease; a delivering row only once its lease lapsed (its relay died). */
  claim: { from: ['pending', 'retrying', 'delivering'], to: ['delivering'] },
  /** The attempt's outcome; a retry is committed with its next job. */
  finish: { from: ['delivering'], to: ['succeeded', 'retrying', 'dead'] },
  /** A claimed attempt given back unmade (its endpoint had no free slot in time). */
  unclaim: { from: ['delivering'], to: ['pending', 'retrying'] },
  /** The endpoint was deleted or disabled: the delivery ends without an attempt. */
  kill: { from: ['pending', 'retrying', 'delivering'], to: ['dead'] },
  /** An operator's replay: a fresh retry budget and a new job. */
  replay: { from: ['succeeded', 'dead'], to: ['pending'] }
} as const satisfies Record<string, TransitionRule>

export type DeliveryEvent = keyof typeof DELIVERY_TRANSITIONS

/** Whether `event` may move a delivery from `from` (null: it does not exist yet) to `to`. */
export function allowsTransition (event: DeliveryEvent, from: DeliveryStatus | null, to: DeliveryStatus): boolean {
  const rule: TransitionRule = DELIVERY_TRANSITIONS[event]
  const fromOk = from === null ? rule.from.length === 0 : rule.from.includes(from)
  return fromOk && rule.to.includes(to)
}

/** Whether any event allows the change: what every row of the transition log must satisfy. */
export function isAllowedTransition (from: DeliveryStatus | null, to: DeliveryStatus): boolean {
  return (Object.keys(DELIVERY_TRANSITIONS) as DeliveryEvent[]).some((event) => allowsTransition(event, from, to))
}
