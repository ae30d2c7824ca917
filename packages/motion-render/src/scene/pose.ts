// Samples the animation at a time (linear for translation/scale, normalised lerp of hemisphere-aligned
// quaternions for rotation, glTF STEP honoured) and composes world matrices parent-first.
import { fromTrs, multiply } from '../math/mat4.js'
import type { CharacterScene, SceneChannel } from './character-scene.js'

export interface Pose {
  /** 16 numbers per node, column-major world matrices. */
  world: Float64Array
}

export function samplePose (scene: CharacterScene, time: number): Pose {
  const count = scene.nodes.length
  const t = new Float64Array(count * 3)
  const r = new Float64Array(count * 4)
  const s = new Float64Array(count * 3)
  scene.nodes.forEach((n, i) => { t.set(n.translation, i * 3); r.set(n.rotation, i * 4); s.set(n.scale, i * 3) })
  for (const channel of scene.channels) {
    const width = channel.path === 'rotation' ? 4 : 3
    const target = channel.path === 'translation' ? t : channel.path === 'rotation' ? r : s
    sampleChannel(channel, time, width, target, channel.node * width)
  }
  const world = new Float64Array(count * 16)
  const local = new Float64Array(16)
  const product = new Float64Array(16)
  for (const i of scene.order) {
    fromTrs(t.subarray(i * 3, i * 3 + 3), r.subarray(i * 4, i * 4 + 4), s.subarray(i * 3, i * 3 + 3), local)
    const parent = scene.nodes[i]!.parent
    if (parent < 0) world.set(local, i * 16)
    else world.set(multiply(world.subarray(parent * 16, parent * 16 + 16), local, product), i * 16)
  }
  return { world }
}

function sampleChannel (channel: SceneChannel, time: number, width: number, out: Float64Array, offset: number): void {
  const { times, values } = channel
  const last = times.length - 1
  if (last < 0) return
  // Samplers with CUBICSPLINE store in-tangent, value, out-tangent per key; take the value.
  const stride = values.length === times.length * width * 3 ? width * 3 : width
  const valueAt = (k: number, c: number): number => values[k * stride + (stride === width ? 0 : width) + c]!
  if (time <= times[0]! || last === 0) { for (let c = 0; c < width; c++) out[offset + c] = valueAt(0, c); return }
  if (time >= times[last]!) { for (let c = 0; c < width; c++) out[offset + c] = valueAt(last, c); return }
  let lo = 0; let hi = last
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (times[mid]! <= time) lo = mid; else hi = mid
  }
  const u = channel.step ? 0 : (time - times[lo]!) / (times[hi]! - times[lo]!)
  if (width === 4) {
    let dot = 0
    for (let c = 0; c < 4; c++) dot += valueAt(lo, c) * valueAt(hi, c)
    const sign = dot < 0 ? -1 : 1
    let length = 0
    for (let c = 0; c < 4; c++) {
      const v = valueAt(lo, c) * (1 - u) + sign * valueAt(hi, c) * u
      out[offset + c] = v
      length += v * v
    }
    length = Math.sqrt(length) || 1
    for (let c = 0; c < 4; c++) out[offset + c]! /= length
    return
  }
  for (let c = 0; c < width; c++) out[offset + c] = valueAt(lo, c) * (1 - u) + valueAt(hi, c) * u
}
