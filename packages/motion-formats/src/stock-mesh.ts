// The mesh and clip a writer exports for a stock character: the engine grounds its clips for the mannequin, so a
// broader or slimmer build is raised or lowered to rest its own skin where the mannequin's would.
import type { MotionClip } from '@openmotion/motion-engine'
import { createMannequinMesh } from './mannequin-mesh.js'
import type { SkinnedMesh } from './mannequin-mesh.js'
import { groundLikeReference } from './mesh-floor.js'
import type { StockCharacterId } from './stock-characters.js'

export function stockMesh (clip: MotionClip, options: { mesh?: SkinnedMesh, character?: StockCharacterId }): { clip: MotionClip, mesh: SkinnedMesh } {
  if (options.mesh !== undefined) return { clip, mesh: options.mesh }
  const mesh = createMannequinMesh(clip.skeleton, { character: options.character })
  if ((options.character ?? 'mannequin') === 'mannequin') return { clip, mesh }
  return { clip: groundLikeReference(clip, mesh, createMannequinMesh(clip.skeleton)), mesh }
}
