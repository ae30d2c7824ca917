// Emotion adjectives and per-variant variation expressed as numbers the action synthesizers read.
import type { Emotion } from '../prompt/vocabulary.js'
import type { PartialPose } from './pose-spec.js'
import { signed } from './random.js'
import type { Random } from './random.js'

export interface Style {
  /** Speed multiplier of every timing (>1 faster). */
  tempo: number
  /** Gesture amplitude multiplier. */
  amplitude: number
  stepLength: number
  footLift: number
  armSwing: number
  bounce: number
  /** Extra knee bend while standing/walking, degrees (sneaking). */
  crouch: number
  /** Added to every frame's pose. */
  posture: PartialPose
  /** Phase offsets so variants breathe and sway differently. */
  phase: number
  /** Which foot/hand leads when the prompt does not say: 0 left, 1 right. */
  lead: 0 | 1
}

const EMOTION_STYLE: Record<Emotion, Omit<Style, 'phase' | 'lead'>> = {
  neutral: { tempo: 1, amplitude: 1, stepLength: 1, footLift: 1, armSwing: 1, bounce: 1, crouch: 0, posture: {} },
  happy: {
    tempo: 1.15,
    amplitude: 1.2,
    stepLength: 1.05,
    footLift: 1.25,
    armSwing: 1.35,
    bounce: 1.7,
    crouch: 0,
    posture: { spineFlex: -4, headFlex: -7, lElbow: 8, rElbow: 8 }
  },
  tired: {
    tempo: 0.72,
    amplitude: 0.7,
    stepLength: 0.8,
    footLift: 0.55,
    armSwing: 0.55,
    bounce: 0.5,
    crouch: 4,
    posture: { spineFlex: 11, neckFlex: 6, headFlex: 9, pelvisPitch: 3, lClavFwd: 6, rClavFwd: 6, lClavRaise: -3, rClavRaise: -3 }
  },
  angry: {
    tempo: 1.2,
    amplitude: 1.3,
    stepLength: 1.1,
    footLift: 1.1,
    armSwing: 1.25,
    bounce: 0.8,
    crouch: 3,
    posture: { spineFlex: 7, neckFlex: -6, headFlex: 6, lClavRaise: 6, rClavRaise: 6, lElbow: 30, rElbow: 30, lArmAbduct: 8, rArmAbduct: 8 }
  },
  sad: {
    tempo: 0.8,
    amplitude: 0.7,
    stepLength: 0.8,
    footLift: 0.7,
    armSwing: 0.45,
    bounce: 0.6,
    crouch: 2,
    posture: { spineFlex: 13, neckFlex: 12, headFlex: 16, lClavFwd: 9, rClavFwd: 9, lClavRaise: -4, rClavRaise: -4 }
  },
  confident: {
    tempo: 1.02,
    amplitude: 1.1,
    stepLength: 1.1,
    footLift: 1.05,
    armSwing: 1.2,
    bounce: 1.1,
    crouch: 0,
    posture: { spineFlex: -6, headFlex: -6, lClavFwd: -7, rClavFwd: -7, lArmAbduct: 4, rArmAbduct: 4 }
  },
  sneaky: {
    tempo: 0.78,
    amplitude: 0.8,
    stepLength: 0.78,
    footLift: 0.85,
    armSwing: 0.35,
    bounce: 0.4,
    crouch: 22,
    posture: { spineFlex: 14, neckFlex: -10, headFlex: -6, lArmFlex: 2, rArmFlex: 2, lElbow: 75, rElbow: 75, lArmAbduct: 6, rArmAbduct: 6 }
  }
}

/** Style for an emotion with the variant's own deviations (±10–20 %) drawn from `random`. */
export function styleFor (emotion: Emotion, random: Random, variantIndex: number): Style {
  const base = EMOTION_STYLE[emotion]
  // Variant 0 is the canonical take; later variants deviate more so they are visibly different.
  const spread = variantIndex === 0 ? 0.35 : 1
  const vary = (v: number, pct: number) => v * (1 + signed(random) * pct * spread)
  const posture: PartialPose = { ...base.posture }
  posture.spineFlex = (posture.spineFlex ?? 0) + signed(random) * 4 * spread
  posture.headFlex = (posture.headFlex ?? 0) + signed(random) * 5 * spread
  posture.headTwist = (posture.headTwist ?? 0) + signed(random) * 6 * spread
  return {
    tempo: vary(base.tempo, 0.12),
    amplitude: vary(base.amplitude, 0.2),
    stepLength: vary(base.stepLength, 0.1),
    footLift: vary(base.footLift, 0.2),
    armSwing: vary(base.armSwing, 0.3),
    bounce: vary(base.bounce, 0.3),
    crouch: base.crouch + Math.abs(signed(random)) * 3 * spread,
    posture,
    phase: random() * Math.PI * 2,
    lead: random() < (variantIndex === 0 ? 0 : 0.5) ? 1 : 0
  }
}
