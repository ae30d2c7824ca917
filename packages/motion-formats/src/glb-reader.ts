// Reads back what `writeGlb` produced (or any glTF with one node animation): the node names, parents and the
// first animation's sampled channels. Used by the tests and by callers that need a clip out of a stored GLB.
import { WebIO } from '@gltf-transform/core'

export interface GlbChannel {
  node: string
  path: 'translation' | 'rotation' | 'scale' | 'weights'
  interpolation: string
  times: Float32Array
  values: Float32Array
}

export interface GlbAnimation {
  name: string
  /** Node names with the index of their parent in this list (-1 at a scene root). */
  nodes: Array<{ name: string, parent: number, translation: [number, number, number] }>
  /** Joint names of the first skin, in skin order. */
  skinJoints: string[]
  channels: GlbChannel[]
}

export async function readGlbAnimation (glb: Uint8Array): Promise<GlbAnimation> {
  const doc = await new WebIO().readBinary(glb)
  const root = doc.getRoot()
  const nodes = root.listNodes()
  const index = new Map(nodes.map((n, i) => [n, i]))
  const animation = root.listAnimations()[0]
  if (animation === undefined) throw new Error('GLB has no animation')
  const channels: GlbChannel[] = animation.listChannels().map(c => {
    const sampler = c.getSampler()
    const input = sampler?.getInput()?.getArray()
    const output = sampler?.getOutput()?.getArray()
    const node = c.getTargetNode()
    if (sampler === null || input == null || output == null || node === null) throw new Error('GLB animation channel is incomplete')
    return {
      node: node.getName(),
      path: c.getTargetPath() as GlbChannel['path'],
      interpolation: sampler.getInterpolation(),
      times: Float32Array.from(input),
      values: Float32Array.from(output)
    }
  })
  return {
    name: animation.getName(),
    nodes: nodes.map(n => {
      const parent = n.getParentNode()
      return { name: n.getName(), parent: parent === null ? -1 : index.get(parent) ?? -1, translation: n.getTranslation() }
    }),
    skinJoints: root.listSkins()[0]?.listJoints().map(j => j.getName()) ?? [],
    channels
  }
}
