// Linear blend skinning on the CPU: every vertex of a primitive to world space for one pose.
import { multiply } from '../math/mat4.js'
import type { ScenePrimitive } from './character-scene.js'
import type { Pose } from './pose.js'

export interface WorldGeometry {
  positions: Float32Array
  normals: Float32Array
}

export function worldGeometry (primitive: ScenePrimitive, pose: Pose, out?: WorldGeometry): WorldGeometry {
  const count = primitive.positions.length / 3
  const result = out ?? { positions: new Float32Array(count * 3), normals: new Float32Array(count * 3) }
  const skin = primitive.skin
  if (skin === undefined) {
    const m = pose.world.subarray(primitive.node * 16, primitive.node * 16 + 16)
    for (let v = 0; v < count; v++) transformVertex(m, 1, primitive, v, result, true)
    return result
  }
  const jointMatrices = new Float64Array(skin.jointNodes.length * 16)
  const product = new Float64Array(16)
  skin.jointNodes.forEach((node, j) => {
    jointMatrices.set(multiply(pose.world.subarray(node * 16, node * 16 + 16), skin.inverseBind.subarray(j * 16, j * 16 + 16), product), j * 16)
  })
  const blended = new Float64Array(16)
  for (let v = 0; v < count; v++) {
    blended.fill(0)
    let total = 0
    for (let k = 0; k < 4; k++) {
      const w = skin.weights[v * 4 + k]!
      if (w === 0) continue
      total += w
      const base = skin.joints[v * 4 + k]! * 16
      for (let e = 0; e < 16; e++) blended[e]! += w * jointMatrices[base + e]!
    }
    transformVertex(blended, total > 0 ? 1 / total : 1, primitive, v, result, total > 0)
  }
  return result
}

function transformVertex (m: ArrayLike<number>, scale: number, primitive: ScenePrimitive, v: number, out: WorldGeometry, weighted: boolean): void {
  const p = primitive.positions; const n = primitive.normals
  const x = p[v * 3]!; const y = p[v * 3 + 1]!; const z = p[v * 3 + 2]!
  if (!weighted) { out.positions.set([x, y, z], v * 3); out.normals.set([n[v * 3]!, n[v * 3 + 1]!, n[v * 3 + 2]!], v * 3); return }
  out.positions[v * 3] = (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) * scale
  out.positions[v * 3 + 1] = (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) * scale
  out.positions[v * 3 + 2] = (m[2]! * x + m[6]! * y + m[10]! * z + m[14]!) * scale
  const nx = n[v * 3]!; const ny = n[v * 3 + 1]!; const nz = n[v * 3 + 2]!
  const wx = m[0]! * nx + m[4]! * ny + m[8]! * nz
  const wy = m[1]! * nx + m[5]! * ny + m[9]! * nz
  const wz = m[2]! * nx + m[6]! * ny + m[10]! * nz
  const l = Math.hypot(wx, wy, wz) || 1
  out.normals[v * 3] = wx / l; out.normals[v * 3 + 1] = wy / l; out.normals[v * 3 + 2] = wz / l
}
