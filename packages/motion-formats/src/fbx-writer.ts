// Binary FBX 7.4 export of a clip: skeleton (LimbNode models), the skinned mannequin (or a given mesh), bind
// pose, and one animation stack. Binary because Blender's importer reads only binary FBX.
import type { MotionClip } from '@openmotion/motion-engine'
import { animationObjects, stopTicks } from './fbx/fbx-animation-objects.js'
import { encodeFbx } from './fbx/fbx-binary-writer.js'
import { FbxConnections } from './fbx/fbx-connections.js'
import { definitions, headerSections, takes } from './fbx/fbx-document-header.js'
import { FbxIds } from './fbx/fbx-ids.js'
import { boneObjects, meshObjects } from './fbx/fbx-model-objects.js'
import { node } from './fbx/fbx-node.js'
import type { SkinnedMesh } from './mannequin-mesh.js'
import type { StockCharacterId } from './stock-characters.js'
import { stockMesh } from './stock-mesh.js'
import { buildRig } from './rig.js'
import type { RigOptions } from './rig.js'
import { assertValidClip } from './validate-clip.js'

export interface FbxOptions extends RigOptions {
  /** Skinned mesh in the skeleton's rest pose with skeleton joint indices; default the stock `character`. */
  mesh?: SkinnedMesh
  /** Stock character built when no `mesh` is given; default "mannequin". */
  character?: StockCharacterId
  /** Name of the mesh model and of the animation stack (the "take"); default "OpenMotion". */
  name?: string
}

function countBy (objects: Array<{ name: string }>): Array<[string, number]> {
  const counts = new Map<string, number>([['GlobalSettings', 1]])
  for (const o of objects) counts.set(o.name, (counts.get(o.name) ?? 0) + 1)
  return [...counts.entries()]
}

export function writeFbx (clip: MotionClip, options: FbxOptions = {}): Uint8Array {
  assertValidClip(clip)
  const name = options.name ?? 'OpenMotion'
  const stock = stockMesh(clip, options)
  clip = stock.clip
  const rig = buildRig(clip, options)
  const ids = new FbxIds()
  const links = new FbxConnections()
  const documentId = ids.take()
  const bones = boneObjects(rig, ids, links)
  const objects = [
    ...bones.nodes,
    ...meshObjects(rig, stock.mesh, name, bones.boneIds, ids, links),
    ...animationObjects(clip, rig, bones.boneIds, name, ids, links)
  ]
  const stop = stopTicks(clip)
  return encodeFbx([
    ...headerSections({ fps: clip.fps, durationTicks: stop, stackName: name, documentId }),
    definitions(countBy(objects)),
    node('Objects', [], objects),
    node('Connections', [], links.list),
    takes(name, stop)
  ])
}
