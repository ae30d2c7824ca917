// Compressed members of the corpus, as web pipelines write them: Draco meshes, meshopt-compressed buffer views,
// and KHR_mesh_quantization (positions in millimetres as 16-bit integers, normals and UVs as normalised integers).
import { WebIO, type Document } from '@gltf-transform/core'
import { ALL_EXTENSIONS, EXTMeshoptCompression, KHRDracoMeshCompression, KHRMeshQuantization } from '@gltf-transform/extensions'
import draco3d from 'draco3dgltf'
import { MeshoptEncoder } from 'meshoptimizer/encoder'

async function encoderIO (): Promise<WebIO> {
  await MeshoptEncoder.ready
  return new WebIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule(),
    'draco3d.decoder': await draco3d.createDecoderModule(),
    'meshopt.encoder': MeshoptEncoder
  })
}

export async function dracoGlb (doc: Document): Promise<Uint8Array> {
  doc.createExtension(KHRDracoMeshCompression).setRequired(true).setEncoderOptions({ method: KHRDracoMeshCompression.EncoderMethod.EDGEBREAKER })
  return await (await encoderIO()).writeBinary(doc)
}

export async function meshoptGlb (doc: Document): Promise<Uint8Array> {
  quantize(doc)
  doc.createExtension(EXTMeshoptCompression).setRequired(true).setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER })
  return await (await encoderIO()).writeBinary(doc)
}

export async function quantizedGlb (doc: Document): Promise<Uint8Array> {
  quantize(doc)
  return await (await encoderIO()).writeBinary(doc)
}

const MM = 1000

/** Positions × 1000 as SHORT (the inverse bind matrices take the 1/1000), normals as normalised BYTE, UVs as normalised UNSIGNED_SHORT. */
function quantize (doc: Document): void {
  doc.createExtension(KHRMeshQuantization).setRequired(true)
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute('POSITION')!
      position.setArray(Int16Array.from(position.getArray() as Float32Array, (v) => Math.round(v * MM)))
      const normal = primitive.getAttribute('NORMAL')
      if (normal !== null) normal.setArray(Int8Array.from(normal.getArray() as Float32Array, (v) => Math.round(v * 127))).setNormalized(true)
      const uv = primitive.getAttribute('TEXCOORD_0')
      if (uv !== null) uv.setArray(Uint16Array.from(uv.getArray() as Float32Array, (v) => Math.round(Math.min(1, Math.max(0, v)) * 65535))).setNormalized(true)
      for (const target of primitive.listTargets()) {
        const delta = target.getAttribute('POSITION')
        if (delta !== null) delta.setArray(Int16Array.from(delta.getArray() as Float32Array, (v) => Math.round(v * MM)))
      }
    }
  }
  for (const skin of doc.getRoot().listSkins()) {
    const ibm = skin.getInverseBindMatrices()!
    const values = Float32Array.from(ibm.getArray()!)
    // ibm · scale(1/1000): the first three columns divided by 1000.
    for (let m = 0; m < values.length; m += 16) for (let i = 0; i < 12; i++) values[m + i]! /= MM
    ibm.setArray(values)
  }
}
