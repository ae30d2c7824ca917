// One call for the worker: the requested formats of a clip as named files ready to store.
import type { MotionClip } from '@openmotion/motion-engine'
import { writeBvh } from './bvh-writer.js'
import { writeClipJson } from './clip-json.js'
import { writeFbx } from './fbx-writer.js'
import { writeGlb } from './glb-writer.js'
import type { SkinnedMesh } from './mannequin-mesh.js'
import type { RigOptions } from './rig.js'
import type { StockCharacterId } from './stock-characters.js'

export type ExportFormat = 'bvh' | 'glb' | 'fbx' | 'json'

export interface ExportOptions extends RigOptions {
  /** Skinned mesh for GLB and FBX; default the stock `character` built for the clip's skeleton. */
  mesh?: SkinnedMesh
  /** Stock character built when no `mesh` is given; default "mannequin". */
  character?: StockCharacterId
  /** Scene, mesh and animation name inside GLB/FBX; default "OpenMotion". */
  name?: string
  /** File name without extension; default `name` made file-safe, else "motion". */
  fileBaseName?: string
}

export interface ExportedFile {
  format: ExportFormat
  fileName: string
  contentType: string
  bytes: Uint8Array
}

// BVH and FBX have no registered media type; these are the ones browsers and storage services commonly use.
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  bvh: 'text/plain; charset=utf-8',
  glb: 'model/gltf-binary',
  fbx: 'application/octet-stream',
  json: 'application/json'
}

const FORMATS = new Set<string>(['bvh', 'glb', 'fbx', 'json'])

function baseName (options: ExportOptions): string {
  const raw = options.fileBaseName ?? options.name ?? 'motion'
  const safe = raw.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '')
  return safe.length > 0 ? safe.slice(0, 100) : 'motion'
}

/**
 * Exports a clip in each requested format, in the order given, each format once.
 */
export async function exportClip (clip: MotionClip, formats: readonly ExportFormat[], options: ExportOptions = {}): Promise<ExportedFile[]> {
  for (const f of formats) if (!FORMATS.has(f)) throw new RangeError(`unknown export format ${JSON.stringify(f)}; use bvh, glb, fbx or json`)
  const unique = [...new Set(formats)]
  const base = baseName(options)
  const rig: RigOptions = {
    ...(options.rootAtOrigin === undefined ? {} : { rootAtOrigin: options.rootAtOrigin }),
    ...(options.bonePrefix === undefined ? {} : { bonePrefix: options.bonePrefix })
  }
  // A stock character is built by each writer, which also grounds its build like the mannequin's (stock-mesh.ts).
  const shared: { name?: string, mesh?: SkinnedMesh, character?: StockCharacterId } & RigOptions = {
    ...rig,
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.mesh === undefined ? {} : { mesh: options.mesh }),
    ...(options.character === undefined ? {} : { character: options.character })
  }
  const files: ExportedFile[] = []
  for (const format of unique) {
    const bytes = format === 'bvh'
      ? new TextEncoder().encode(writeBvh(clip, rig))
      : format === 'json'
        ? new TextEncoder().encode(writeClipJson(clip))
        : format === 'glb' ? await writeGlb(clip, shared) : writeFbx(clip, shared)
    files.push({ format, fileName: `${base}.${format}`, contentType: CONTENT_TYPES[format], bytes })
  }
  return files
}
