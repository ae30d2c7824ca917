// Easing curves for keyframes and blend windows.

export function smoothstep (t: number): number {
  const x = Math.min(1, Math.max(0, t))
  return x * x * (3 - 2 * x)
}

export function smootherstep (t: number): number {
  const x = Math.min(1, Math.max(0, t))
  return x * x * x * (x * (x * 6 - 15) + 10)
}

/** Ease with a slight overshoot near the end, for gestures that "settle" (secondary motion). */
export function easeOutBack (t: number, overshoot = 1.2): number {
  const x = Math.min(1, Math.max(0, t)) - 1
  return 1 + (overshoot + 1) * x * x * x + overshoot * x * x
}
