// Repairs what uploaded characters commonly get wrong and the Khronos glTF validator rejects in our export:
// skin weights that do not sum to 1, more influences than the sets hold, duplicate or out-of-range joints
// (ACCESSOR_WEIGHTS_NON_NORMALIZED, ACCESSOR_JOINTS_INDEX_OOB, ACCESSOR_JOINTS_INDEX_DUPLICATE), normals and
// tangents that are not unit length (ACCESSOR_VECTOR3_NON_UNIT, ACCESSOR_INVALID_SIGN), non-unit node rotations
// (ROTATION_NON_UNIT), NaN vertex data (ACCESSOR_INVALID_FLOAT), textures reading a missing UV set and morph
// weight counts that do not match the targets. Materials, textures and morph targets are otherwise kept.
import type { Accessor, Document, Primitive } from '@gltf-transform/core'

export function repairForExport (doc: Document): void {
  for (const node of doc.getRoot().listNodes()) {
    const r = node.getRotation()
    const l = Math.hypot(...r)
    if (Math.abs(l - 1) > 1e-6) node.setRotation(l > 0 ? [r[0] / l, r[1] / l, r[2] / l, r[3] / l] : [0, 0, 0, 1])
  }
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh()
    if (mesh === null) continue
    const jointCount = node.getSkin()?.listJoints().length ?? 0
    for (const primitive of mesh.listPrimitives()) {
      finiteValues(primitive)
      if (jointCount > 0) normaliseSkinWeights(doc, primitive, jointCount)
      unitVectors(doc, primitive)
      existingTexCoords(primitive)
    }
    // MESH_INVALID_WEIGHTS_COUNT: default morph weights must match the number of targets.
    const targets = mesh.listPrimitives()[0]?.listTargets().length ?? 0
    const weights = mesh.getWeights()
    if (weights.length > 0 && weights.length !== targets) mesh.setWeights(Array.from({ length: targets }, (_, i) => weights[i] ?? 0))
  }
}

/** ACCESSOR_INVALID_FLOAT: NaN and infinite vertex data (and morph deltas) become 0. */
function finiteValues (primitive: Primitive): void {
  for (const holder of [primitive, ...primitive.listTargets()]) {
    for (const semantic of holder.listSemantics()) {
      const array = holder.getAttribute(semantic)!.getArray()
      if (!(array instanceof Float32Array)) continue
      for (let i = 0; i < array.length; i++) if (!Number.isFinite(array[i]!)) array[i] = 0
    }
  }
}

/** MESH_PRIMITIVE_TOO_FEW_TEXCOORDS: a texture reading a UV set the primitive lacks reads TEXCOORD_0 instead. */
function existingTexCoords (primitive: Primitive): void {
  const material = primitive.getMaterial()
  if (material === null) return
  for (const info of [material.getBaseColorTextureInfo(), material.getNormalTextureInfo(), material.getOcclusionTextureInfo(),
    material.getEmissiveTextureInfo(), material.getMetallicRoughnessTextureInfo()]) {
    if (info !== null && primitive.getAttribute(`TEXCOORD_${info.getTexCoord()}`) === null) info.setTexCoord(0)
  }
}

function weightSets (primitive: Primitive): Array<{ joints: Accessor, weights: Accessor }> {
  const sets: Array<{ joints: Accessor, weights: Accessor }> = []
  for (let k = 0; ; k++) {
    const joints = primitive.getAttribute(`JOINTS_${k}`)
    const weights = primitive.getAttribute(`WEIGHTS_${k}`)
    if (joints === null || weights === null) return sets
    sets.push({ joints, weights })
  }
}

/**
 * Per vertex: influences of all sets merged by joint, non-positive and out-of-range ones dropped, sorted by
 * weight, the strongest 4 × (number of sets) kept, scaled to sum to 1 and zero-padded. A vertex left with
 * nothing follows the first joint it named (else joint 0) with weight 1.
 */
function normaliseSkinWeights (doc: Document, primitive: Primitive, jointCount: number): void {
  const sets = weightSets(primitive)
  if (sets.length === 0) return
  const count = sets[0]!.weights.getCount()
  const slots = sets.length * 4
  const joints = jointCount > 255 ? new Uint16Array(count * slots) : new Uint8Array(count * slots)
  const weights = new Float32Array(count * slots)
  const j4: number[] = []; const w4: number[] = []
  for (let v = 0; v < count; v++) {
    const merged = new Map<number, number>()
    let first = -1
    for (const set of sets) {
      set.joints.getElement(v, j4); set.weights.getElement(v, w4)
      for (let s = 0; s < 4; s++) {
        const joint = j4[s] ?? 0; const weight = w4[s] ?? 0
        if (!Number.isInteger(joint) || joint < 0 || joint >= jointCount) continue
        if (first < 0) first = joint
        if (Number.isFinite(weight) && weight > 0) merged.set(joint, (merged.get(joint) ?? 0) + weight)
      }
    }
    const kept = [...merged].sort((a, b) => b[1] - a[1]).slice(0, slots)
    if (kept.length === 0) kept.push([Math.max(first, 0), 1])
    const total = kept.reduce((sum, [, w]) => sum + w, 0)
    kept.forEach(([joint, w], s) => { joints[v * slots + s] = joint; weights[v * slots + s] = Math.fround(w / total) })
    // The float32 sum must be 1 within the validator's tolerance: the strongest weight takes the rounding.
    let rest = 0
    for (let s = 1; s < kept.length; s++) rest += weights[v * slots + s]!
    weights[v * slots] = Math.fround(1 - rest)
  }
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer()
  sets.forEach((set, k) => {
    const pick = <T extends Uint8Array | Uint16Array | Float32Array>(source: T, make: (n: number) => T): T => {
      const out = make(count * 4)
      for (let v = 0; v < count; v++) out.set(source.subarray(v * slots + k * 4, v * slots + k * 4 + 4), v * 4)
      return out
    }
    const jointArray = pick(joints, (n) => (joints instanceof Uint16Array ? new Uint16Array(n) : new Uint8Array(n)) as typeof joints)
    const weightArray = pick(weights, (n) => new Float32Array(n))
    replace(primitive, `JOINTS_${k}`, set.joints, doc.createAccessor().setBuffer(buffer).setType('VEC4').setArray(jointArray))
    replace(primitive, `WEIGHTS_${k}`, set.weights, doc.createAccessor().setBuffer(buffer).setType('VEC4').setArray(weightArray))
  })
}

function replace (primitive: Primitive, semantic: string, old: Accessor, next: Accessor): void {
  primitive.setAttribute(semantic, next)
  // Shared accessors stay for their other users; ours alone are dropped so the file does not carry both.
  if (old.listParents().every((p) => p.propertyType === 'Root')) old.dispose()
}

/** NORMAL to unit length (a degenerate one points up), TANGENT's xyz to unit length and its w to ±1. Float data only. */
function unitVectors (doc: Document, primitive: Primitive): void {
  for (const semantic of ['NORMAL', 'TANGENT'] as const) {
    const accessor = primitive.getAttribute(semantic)
    const array = accessor?.getArray()
    if (accessor === null || !(array instanceof Float32Array) || accessor.getNormalized()) continue
    const size = accessor.getElementSize()
    let changed = false
    const out = Float32Array.from(array)
    for (let i = 0; i + size <= out.length; i += size) {
      const l = Math.hypot(out[i]!, out[i + 1]!, out[i + 2]!)
      if (Math.abs(l - 1) > 5e-4) {
        changed = true
        if (l > 1e-12) {
          out[i]! /= l
          out[i + 1]! /= l
          out[i + 2]! /= l
        } else {
          out[i] = 0
          out[i + 1] = semantic === 'NORMAL' ? 1 : 0
          out[i + 2] = semantic === 'NORMAL' ? 0 : 1
        }
      }
      if (size === 4 && out[i + 3] !== 1 && out[i + 3] !== -1) { changed = true; out[i + 3] = out[i + 3]! < 0 ? -1 : 1 }
    }
    if (changed) replace(primitive, semantic, accessor, doc.createAccessor().setBuffer(accessor.getBuffer()).setType(accessor.getType()).setArray(out))
  }
}
