// One glTF reader/writer for uploads and exports: every extension gltf-transform implements is registered, so
// materials and textures using them (KHR_texture_transform, KHR_materials_*, KHR_mesh_quantization…) survive a
// read-write round trip, and the compressed forms web pipelines produce (KHR_draco_mesh_compression,
// EXT_meshopt_compression) are decoded with the npm builds of Draco and meshoptimizer. Exports are written
// uncompressed: the compression extensions are removed from a document before writing.
import { WebIO, type Accessor, type Document } from '@gltf-transform/core'
import { ALL_EXTENSIONS, EXTMeshoptCompression, KHRDracoMeshCompression, KHRMeshQuantization } from '@gltf-transform/extensions'
import draco3d from 'draco3dgltf'
import { MeshoptDecoder } from 'meshoptimizer/decoder'

export const COMPRESSION_EXTENSIONS: readonly string[] = [KHRDracoMeshCompression.EXTENSION_NAME, EXTMeshoptCompression.EXTENSION_NAME]
/** What withoutCompression removes: files using these are rewritten before they are stored or exported. */
export const DECODED_EXTENSIONS: readonly string[] = [...COMPRESSION_EXTENSIONS, KHRMeshQuantization.EXTENSION_NAME]

let io: Promise<WebIO> | undefined

/** Decoders are WebAssembly modules: instantiated once per thread, on first use. */
export async function gltfIO (): Promise<WebIO> {
  io ??= (async () => {
    await MeshoptDecoder.ready
    return new WebIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'draco3d.decoder': await draco3d.createDecoderModule(), 'meshopt.decoder': MeshoptDecoder })
  })()
  return await io
}

/**
 * Removes Draco and meshopt compression and mesh quantization, so the document is written with plain float
 * vertex data every glTF reader takes (the quantized values are kept as floats: the transforms that scale them
 * stay as they are).
 */
export function withoutCompression (doc: Document): Document {
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      for (const holder of [primitive, ...primitive.listTargets()]) {
        for (const semantic of holder.listSemantics()) if (!semantic.startsWith('JOINTS_')) toFloat(holder.getAttribute(semantic)!)
      }
    }
  }
  for (const extension of doc.getRoot().listExtensionsUsed()) {
    if (DECODED_EXTENSIONS.includes(extension.extensionName)) extension.dispose()
  }
  return doc
}

function toFloat (accessor: Accessor): void {
  if (accessor.getArray() instanceof Float32Array) return
  const size = accessor.getElementSize()
  const out = new Float32Array(accessor.getCount() * size)
  const element: number[] = []
  for (let i = 0; i < accessor.getCount(); i++) out.set(accessor.getElement(i, element), i * size)
  accessor.setNormalized(false).setArray(out)
}

export async function writeGlb (doc: Document): Promise<Uint8Array> {
  return await (await gltfIO()).writeBinary(withoutCompression(doc))
}
