// Animated GLBs for the tests, made the way the service makes them: the builtin engine's clip written by
// motion-formats with a stock character.
import { createEngine } from '@openmotion/motion-engine'
import { writeGlb } from '@openmotion/motion-formats'

const cache = new Map<string, Promise<Uint8Array>>()

export function characterGlb (prompt = 'walk forward', seconds = 1, character: 'mannequin' | 'athlete' | 'slender' = 'mannequin'): Promise<Uint8Array> {
  const key = `${prompt}|${seconds}|${character}`
  let glb = cache.get(key)
  if (glb === undefined) {
    glb = createEngine({ kind: 'builtin' })
      .generate({ prompt, seed: 3, fps: 30, durationSeconds: seconds }, { signal: AbortSignal.timeout(60_000) })
      .then(async (clip) => await writeGlb(clip, { character }))
    cache.set(key, glb)
  }
  return glb
}
