// Transitions between consecutive actions and layering of an upper-body action over another.
import type { ActionClip } from './action-clip.js'
import { smoothstep } from './easing.js'

/** Frames over which an action blends in from the previous action's last pose: 0.35 s, at most half the action. */
export function blendWindow (fps: number, frames: number): number {
  return Math.min(Math.round(0.35 * fps), Math.floor(frames / 2))
}

/** Weight of the new action at frame f of a blend window (0 = previous pose, 1 = new pose). */
export function transitionWeight (f: number, window: number): number {
  return window > 0 ? smoothstep((f + 1) / (window + 1)) : 1
}

/** Overlay channels fade in and out over 0.3 s so the locomotion arms hand over smoothly. */
export function layer (base: ActionClip, overlay: ActionClip, fps: number): void {
  const channels = overlay.channels ?? []
  const fade = Math.max(1, Math.round(0.3 * fps))
  const n = Math.min(base.poses.length, overlay.poses.length)
  for (let f = 0; f < n; f++) {
    const w = smoothstep(f / fade) * smoothstep((n - 1 - f) / fade)
    const b = base.poses[f]!
    const o = overlay.poses[f]!
    for (const c of channels) b[c] = b[c] + (o[c] - b[c]) * w
  }
}
