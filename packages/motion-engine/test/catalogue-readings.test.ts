// Readings added as catalogue entries (src/movements/): each prompt's plan, and the motion it makes.
import { describe, expect, it } from 'vitest'
import { parsePrompt } from '../src/index.js'
import { generate, rootAt } from './helpers/motion.js'

describe('readings of the movement catalogue', () => {
  it('walks backward when told to walk in reverse', async () => {
    expect(parsePrompt('a person walks in reverse')[0]!.action).toMatchObject({ kind: 'walk', direction: 'backward' })
    const clip = await generate('a person walks in reverse')
    // The character faces +Z: walking backward carries the hips toward -Z.
    expect(rootAt(clip, clip.frameCount - 1)[2] - rootAt(clip, 0)[2]).toBeLessThan(-0.5)
  }, 60_000)
})
