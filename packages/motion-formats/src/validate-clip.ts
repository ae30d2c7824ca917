// Checked once at the entry of every writer, so a malformed clip fails with a readable message instead of a
// file full of NaN that a DCC tool rejects later.
import type { MotionClip } from '@openmotion/motion-engine'

export function assertValidClip (clip: MotionClip): void {
  const n = clip.skeleton.joints.length
  if (n === 0) throw new RangeError('clip skeleton has no joints')
  if (!(clip.fps > 0) || !Number.isFinite(clip.fps)) throw new RangeError(`clip fps must be positive, got ${clip.fps}`)
  if (!Number.isInteger(clip.frameCount) || clip.frameCount < 1) {
    throw new RangeError(`clip needs at least one frame, got ${clip.frameCount}`)
  }
  if (clip.rootTranslation.length !== clip.frameCount * 3) {
    throw new RangeError(`rootTranslation has ${clip.rootTranslation.length} floats, expected ${clip.frameCount * 3}`)
  }
  if (clip.rotations.length !== clip.frameCount * n * 4) {
    throw new RangeError(`rotations has ${clip.rotations.length} floats, expected ${clip.frameCount * n * 4}`)
  }
  clip.skeleton.joints.forEach((j, i) => {
    if (j.parent >= i || (i === 0) !== (j.parent < 0)) {
      throw new RangeError(`joint ${j.name} has parent ${j.parent}; parents must precede children and only joint 0 is the root`)
    }
  })
}
