// World positions of named nodes at a keyframe of a GLB's first animation, computed from the file alone.
import { WebIO } from '@gltf-transform/core'
import { KHRONOS_EXTENSIONS } from '@gltf-transform/extensions'
import type { Quat, Vec3 } from '@openmotion/motion-engine'
import { worldTransforms } from '../../src/transforms.js'

export async function glbPoses (glb: Uint8Array): Promise<(frame: number) => Map<string, Vec3>> {
  const doc = await new WebIO().registerExtensions(KHRONOS_EXTENSIONS).readBinary(glb)
  const nodes = doc.getRoot().listNodes()
  const index = new Map(nodes.map((n, i) => [n, i]))
  const rest = nodes.map((n) => ({
    name: n.getName(),
    parent: -1,
    translation: [...n.getTranslation()] as Vec3,
    rotation: [...n.getRotation()] as Quat,
    scale: [...n.getScale()] as Vec3
  }))
  nodes.forEach((n, i) => { for (const c of n.listChildren()) rest[index.get(c)!]!.parent = i })
  const channels = doc
    .getRoot()
    .listAnimations()[0]!
    .listChannels()
    .map((c) => ({ node: index.get(c.getTargetNode()!)!, path: c.getTargetPath(), values: c.getSampler()!.getOutput()!.getArray()! }))
  return (frame) => {
    const posed = rest.map((n) => ({ ...n }))
    for (const c of channels) {
      if (c.path === 'rotation') posed[c.node]!.rotation = Array.from(c.values.slice(frame * 4, frame * 4 + 4)) as Quat
      if (c.path === 'translation') posed[c.node]!.translation = Array.from(c.values.slice(frame * 3, frame * 3 + 3)) as Vec3
    }
    const world = worldTransforms(posed)
    return new Map(posed.map((n, i) => [n.name, world[i]!.t]))
  }
}
