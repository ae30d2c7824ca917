// Secondary motion layered on every action: breathing and a head that lags the trunk and settles (follow-through).
import type { PoseSpec } from './pose-spec.js'

export interface SecondaryState { t: number, flexPos: number, flexVel: number, twistPos: number, twistVel: number, init: boolean }

export function createSecondaryState (): SecondaryState {
  return { t: 0, flexPos: 0, flexVel: 0, twistPos: 0, twistVel: 0, init: false }
}

// An under-damped spring: the head trails quick trunk motion and overshoots slightly before settling.
const STIFFNESS = 120
const DAMPING = 14

function nearestTurn (angle: number, near: number): number {
  return angle - 360 * Math.round((angle - near) / 360)
}

export function applySecondary (p: PoseSpec, headingRate: number, dt: number, phase: number, tempo: number, s: SecondaryState): void {
  const breath = Math.sin((2 * Math.PI * s.t * tempo) / 3.6 + phase)
  p.spineFlex -= 0.9 * breath
  p.lClavRaise += 1.3 * breath
  p.rClavRaise += 1.3 * breath
  // Flips and cartwheels wrap the pelvis angle by whole turns: the spring follows the nearest equivalent angle.
  const trunkFlex = nearestTurn(p.spineFlex + p.pelvisPitch, s.init ? s.flexPos : 0)
  // The head looks slightly into turns (anticipation proportional to turning speed, degrees per rad/s).
  const trunkTwist = p.spineTwist + p.pelvisYaw - headingRate * 8
  if (!s.init) {
    s.flexPos = trunkFlex
    s.twistPos = trunkTwist
    s.init = true
  }
  const steps = Math.max(1, Math.ceil(dt / 0.005))
  const h = dt / steps
  for (let i = 0; i < steps; i++) {
    s.flexVel += (STIFFNESS * (trunkFlex - s.flexPos) - DAMPING * s.flexVel) * h
    s.flexPos += s.flexVel * h
    s.twistVel += (STIFFNESS * (trunkTwist - s.twistPos) - DAMPING * s.twistVel) * h
    s.twistPos += s.twistVel * h
  }
  p.headFlex += (s.flexPos - trunkFlex) * 0.45
  p.headTwist += (s.twistPos - trunkTwist) * 0.45
  s.t += dt
}
