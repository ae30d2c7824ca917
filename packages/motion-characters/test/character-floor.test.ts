// A custom character is grounded by its own geometry: boots reaching below its rig's floor, a broader
// body in centimetre units under a root bone — its mesh floor stays within −0.5…+1 cm of y = 0 whether it walks or
// lies down, and its feet do not slide beyond the walk target (skating < 8 cm/s mean, < 35 cm/s p95, measured like
// capture data on its own skinned soles).
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type MotionClip } from '@openmotion/motion-engine'
import { animateCharacter } from '../src/index.js'
import { buildCharacter, glb, NAMING, type Variant } from '../src/testing/corpus.js'
import { floorFigures as figures, skinGlb } from './support/floor-figures.js'

const THICK_SOLES: Variant = { rename: NAMING.mixamo, soles: 0.04 }
const BROAD: Variant = { rename: NAMING.unreal, build: 'athlete', soles: 0.02, unitsPerMetre: 100, rootBone: 'root', height: 1.9 }

let walk: MotionClip
let lie: MotionClip
beforeAll(async () => {
  const engine = createEngine({ kind: 'builtin' })
  walk = await engine.generate({ prompt: 'walk forward for 4 seconds', seed: 1 })
  lie = await engine.generate({ prompt: 'lie down', seed: 1 })
}, 60_000)

describe('custom characters on the floor', () => {
  for (const [name, variant] of [['boots 4 cm below the rig\'s floor', THICK_SOLES], ['a broader body in centimetres under a root bone', BROAD]] as const) {
    it(`${name}: the mesh stays on the floor walking and lying, and planted feet do not slide`, async () => {
      const bytes = await glb(buildCharacter(variant))
      const feet = ['LeftFoot', 'LeftToeBase', 'LeftToe_End', 'RightFoot', 'RightToeBase', 'RightToe_End'].map(variant.rename)
      const walking = figures(await skinGlb((await animateCharacter(bytes, 'glb', walk, { name: 'walk', skipFBX: true }))[0]!.bytes), feet)
      expect(walking.floor).toBeGreaterThanOrEqual(-0.005)
      expect(walking.floor).toBeLessThanOrEqual(0.01)
      expect(walking.skateMean).toBeLessThan(0.08)
      expect(walking.skateP95).toBeLessThan(0.35)
      const lying = figures(await skinGlb((await animateCharacter(bytes, 'glb', lie, { name: 'lie', skipFBX: true }))[0]!.bytes), feet)
      expect(lying.floor).toBeGreaterThanOrEqual(-0.005)
      expect(lying.floor).toBeLessThanOrEqual(0.01)
    }, 60_000)
  }
})
