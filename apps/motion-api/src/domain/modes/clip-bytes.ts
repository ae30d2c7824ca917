// A variant's clip as stored between jobs (rerun, loop, refine, inpainting and merging read it back).
import type { MotionClip } from '@openmotion/motion-engine'

export function serializeClip (clip: MotionClip): Buffer {
  return Buffer.from(
    JSON.stringify({
      skeleton: clip.skeleton,
      fps: clip.fps,
      frameCount: clip.frameCount,
      rootTranslation: Array.from(clip.rootTranslation),
      rotations: Array.from(clip.rotations)
    })
  )
}

export function deserializeClip (bytes: Buffer): MotionClip {
  const raw = JSON.parse(bytes.toString('utf8')) as {
    skeleton: MotionClip['skeleton']
    fps: number
    frameCount: number
    rootTranslation: number[]
    rotations: number[]
  }
  return {
    skeleton: raw.skeleton,
    fps: raw.fps,
    frameCount: raw.frameCount,
    rootTranslation: Float32Array.from(raw.rootTranslation),
    rotations: Float32Array.from(raw.rotations)
  }
}
