// Stock characters of another build rest their own skin where the engine rested the mannequin's: the mesh floor
// comes from the character's geometry, not the mannequin's.
import { createEngine } from '@openmotion/motion-engine'
import type { MotionClip } from '@openmotion/motion-engine'
import { beforeAll, describe, expect, it } from 'vitest'
import { readGlbAnimation } from '../src/glb-reader.js'
import { writeGlb } from '../src/glb-writer.js'
import { createMannequinMesh } from '../src/mannequin-mesh.js'
import { groundLikeReference, lowestVertexPerFrame } from '../src/mesh-floor.js'

let lying: MotionClip
beforeAll(async () => {
  lying = await createEngine({ kind: 'builtin' }).generate({ prompt: 'lie down', seed: 1 })
})

describe('stock characters on the floor', () => {
  it('the engine rests the mannequin\'s skin on the floor when it lies down', () => {
    const low = lowestVertexPerFrame(lying, createMannequinMesh(lying.skeleton))
    expect(Math.min(...low)).toBeGreaterThan(-0.005)
    expect(low[low.length - 1]!).toBeLessThan(0.01)
  })

  it('a broader build is raised, frame by frame, so its own skin clears the floor exactly as the mannequin\'s', () => {
    const athlete = createMannequinMesh(lying.skeleton, { character: 'athlete' })
    // Lying on the athlete's thicker back, its skin would sink under the floor at the mannequin's height.
    expect(Math.min(...lowestVertexPerFrame(lying, athlete))).toBeLessThan(-0.01)
    const reference = lowestVertexPerFrame(lying, createMannequinMesh(lying.skeleton))
    const grounded = lowestVertexPerFrame(groundLikeReference(lying, athlete, createMannequinMesh(lying.skeleton)), athlete)
    for (let f = 0; f < lying.frameCount; f++) expect(grounded[f]!).toBeCloseTo(reference[f]!, 4)
  })

  it('writeGlb grounds a stock character of another build and leaves the mannequin as the engine made it', async () => {
    const hipsY = async (character: 'mannequin' | 'athlete' | 'slender') => {
      const anim = await readGlbAnimation(await writeGlb(lying, { character }))
      const ch = anim.channels.find(c => c.node === 'Hips' && c.path === 'translation')!
      return ch.values[(lying.frameCount - 1) * 3 + 1]!
    }
    const last = lying.rootTranslation[(lying.frameCount - 1) * 3 + 1]!
    expect(await hipsY('mannequin')).toBeCloseTo(last, 5)
    expect(await hipsY('athlete')).toBeGreaterThan(last + 0.01)
    expect(await hipsY('slender')).toBeLessThan(last - 0.01)
  })
})
