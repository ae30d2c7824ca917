// Emotion adjectives and per-variant variation expressed as numbers the action synthesizers read.
import type { Emotion } from '../prompt/action-parameters.js'
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

interface Persona { pose: PartialPose, tempo: number, amplitude: number, armSwing: number }

// Distinct takes for variants 1, 2, ...: each a recognisable attitude (slouched, upright and open, asymmetric, ...)
// with its own timing and energy, so two variants of one job never look alike; random jitter is added on top.
const PERSONAS: Persona[] = [
  { pose: { spineFlex: 10, headFlex: 8, lElbow: 28, rElbow: 28, lClavFwd: 7, rClavFwd: 7 }, tempo: 0.88, amplitude: 0.8, armSwing: 0.7 },
  { pose: { spineFlex: -7, headFlex: -8, lArmAbduct: 14, rArmAbduct: 14, lClavRaise: 6, rClavRaise: 6 }, tempo: 1.12, amplitude: 1.2, armSwing: 1.35 },
  { pose: { spineSide: 6, headSide: 8, headTwist: 14, lElbow: 38, rArmFlex: 12, pelvisRoll: 3 }, tempo: 0.95, amplitude: 1.1, armSwing: 1.1 },
  { pose: { spineTwist: -9, headTwist: -15, rElbow: 38, lArmFlex: 12, spineFlex: 5, spineSide: -4 }, tempo: 1.06, amplitude: 0.9, armSwing: 0.85 },
  { pose: { spineFlex: 15, headFlex: -14, lElbow: 18, rElbow: 18, pelvisPitch: 5, lArmAbduct: 8, rArmAbduct: 8 }, tempo: 0.92, amplitude: 1.25, armSwing: 1.2 }
]

/**
 * Style for an emotion with the variant's own deviations drawn from `random`: a different performance of the same
 * actions — timing, amplitude, stride, arm swing and carriage, trunk and head attitude. Variant 0 is the canonical
 * take and deviates little; later variants take a persona plus jitter, reproducible per variant.
 */
export function styleFor (emotion: Emotion, random: Random, variantIndex: number): Style {
  const base = EMOTION_STYLE[emotion]
  const persona: Persona = variantIndex === 0 ? { pose: {}, tempo: 1, amplitude: 1, armSwing: 1 } : PERSONAS[(variantIndex - 1) % PERSONAS.length]!
  const spread = variantIndex === 0 ? 0.35 : 0.6
  const vary = (v: number, pct: number) => v * (1 + signed(random) * pct * spread)
  const off = (range: number) => signed(random) * range * spread
  const posture: PartialPose = { ...base.posture }
  const add = (c: keyof PartialPose, v: number) => { posture[c] = (posture[c] ?? 0) + v }
  for (const [c, v] of Object.entries(persona.pose) as [keyof PartialPose, number][]) add(c, v)
  add('spineFlex', off(6))
  add('spineTwist', off(5))
  add('headFlex', off(8))
  add('headTwist', off(10))
  for (const side of ['l', 'r'] as const) {
    add(`${side}Elbow`, Math.abs(off(15)))
    add(`${side}ArmAbduct`, Math.abs(off(6)))
    add(`${side}ClavRaise`, off(4))
  }
  return {
    tempo: vary(base.tempo * persona.tempo, 0.08),
    amplitude: vary(base.amplitude * persona.amplitude, 0.15),
    stepLength: vary(base.stepLength, 0.1),
    footLift: vary(base.footLift, 0.2),
    armSwing: vary(base.armSwing * persona.armSwing, 0.2),
    bounce: vary(base.bounce, 0.3),
    crouch: base.crouch + Math.abs(signed(random)) * 4 * spread,
    posture,
    phase: random() * Math.PI * 2,
    lead: random() < (variantIndex === 0 ? 0 : 0.5) ? 1 : 0
  }
}
