// Custom characters: upload slots, storing (analyse, convert, thumbnail), listing and deleting. An upload, like a
// model, belongs to the client it was issued to: another client's id answers 404 exactly like an unknown one.
import { randomUUID } from 'node:crypto'
import type { CharacterFormat, CharacterInfo } from '@openmotion/motion-characters'
import { AppError } from '@openmotion/common'
import { errors } from '../errors.js'
import type { BlobStore, CharacterImporter, FileLinks, ModelRepository, UploadRepository, UrlSigning } from './ports.js'
import type { Model, UploadSlot } from './records.js'

export const MODEL_EXTS = ['fbx', 'glb', 'gltf', 'vrm']
export const THUMB_EXTS = ['png', 'jpg', 'jpeg']
const GLB_MAGIC = 0x46546c67

export interface CharacterDeps {
  models: ModelRepository
  uploads: UploadRepository
  blobs: BlobStore
  signer: UrlSigning
  links: FileLinks
  importer: CharacterImporter
  /** Largest accepted upload (MAX_MODEL_BYTES): a direct upload to the store is measured when it is claimed. */
  maxBytes: number
  /** Seconds an upload URL stays valid. */
  ttl: number
}

export interface StoreModelInput {
  modelUrl?: string
  modelName?: string
  thumbUrl?: string
  modelId?: string
  createThumb?: boolean
}

function extension (raw: string | undefined, fallback: string, allowed: string[], parameter: string): string {
  const ext = (raw ?? fallback).toLowerCase().replace(/^\./, '')
  if (!allowed.includes(ext)) throw errors.INVALID_PARAMETER(`${parameter}: use ${allowed.join(', ')}`, { parameter })
  return ext
}

/**
 * Two signed upload URLs (model and thumbnail), recorded as this client's slots. A single-PUT URL goes straight to
 * the store when it takes uploads itself (S3); a resumable one is this API's (its POST opens the session, whose
 * location is then the store's PUT URL), as the spec's two-step protocol needs a POST the store does not answer.
 */
export async function issueUploadUrls (deps: CharacterDeps, clientId: string, query: { modelExt?: string, thumbExt?: string, resumable: boolean }) {
  const modelExt = extension(query.modelExt, 'glb', MODEL_EXTS, 'modelExt')
  const thumbExt = extension(query.thumbExt, 'png', THUMB_EXTS, 'thumbExt')
  const id = `${clientId.replace(/[^\w-]/g, '')}-${randomUUID()}`
  await deps.uploads.register(clientId, [
    { id, blobKey: `uploads/${id}.${modelExt}`, kind: 'model', ext: modelExt },
    { id: `${id}-thumb`, blobKey: `uploads/${id}-thumb.${thumbExt}`, kind: 'thumb', ext: thumbExt }
  ])
  const url = async (name: string): Promise<string> => {
    const direct = query.resumable ? undefined : await deps.links.directUpload(`uploads/${name}`, deps.ttl)
    return direct ?? deps.signer.sign(`/uploads/${name}${query.resumable ? '?resumable=1' : ''}`, deps.ttl)
  }
  return { modelUrl: await url(`${id}.${modelExt}`), thumbUrl: await url(`${id}-thumb.${thumbExt}`) }
}

/** The bytes uploaded to a URL from getModelUploadUrl, when the slot was issued to this client. */
async function claimUpload (
  deps: CharacterDeps,
  url: string,
  clientId: string,
  kind: UploadSlot['kind'],
  parameter: string
): Promise<{ ext: string, key: string, bytes: Buffer }> {
  const allowed = kind === 'model' ? MODEL_EXTS : THUMB_EXTS
  const match = /\/uploads\/([\w-]+)\.(\w+)(\?|$)/.exec(url)
  if (match === null) throw errors.INVALID_PARAMETER(`${parameter}: not an upload URL from getModelUploadUrl`, { parameter })
  const slot = await deps.uploads.owned(clientId, match[1]!)
  if (slot === undefined || slot.kind !== kind || slot.ext !== match[2]!.toLowerCase()) { throw errors.UPLOAD_NOT_FOUND(`${parameter}: unknown upload`, { parameter }) }
  if (!allowed.includes(slot.ext)) { throw errors.INVALID_PARAMETER(`${parameter}: file type ${slot.ext} is not accepted; use ${allowed.join(', ')}`, { parameter }) }
  const stored = await deps.blobs.stat(slot.blobKey)
  if (stored === undefined) throw errors.INVALID_PARAMETER(`${parameter}: nothing has been uploaded to this URL`, { parameter })
  if (stored.size > deps.maxBytes) {
    await deps.blobs.remove(slot.blobKey)
    throw errors.UPLOAD_TOO_LARGE(`${parameter}: the file is ${stored.size} bytes; the limit is ${deps.maxBytes}`)
  }
  return { ext: slot.ext, key: slot.blobKey, bytes: await deps.blobs.readAll(slot.blobKey) }
}

/**
 * Analysed before anything is stored: a file that cannot be animated is refused with its code. Jobs, the
 * renderer and listModels use the GLB form: FBX and glTF are converted, a compressed or quantized GLB is stored
 * decoded (the renderer reads plain GLB).
 */
async function storeModelFile (
  deps: CharacterDeps,
  id: string,
  upload: { ext: string, bytes: Buffer }
): Promise<{ info: CharacterInfo, modelKey: string, glbKey: string }> {
  if ((upload.ext === 'glb' || upload.ext === 'vrm') && (upload.bytes.length < 12 || upload.bytes.readUInt32LE(0) !== GLB_MAGIC)) {
    throw errors.MODEL_LOAD_FAILED('The uploaded file is not a binary glTF')
  }
  const prepared = await deps.importer.prepare(upload.bytes, upload.ext as CharacterFormat)
  const modelKey = `models/${id}/model.${upload.ext}`
  await deps.blobs.put(modelKey, upload.bytes)
  if (upload.ext !== 'gltf' && upload.ext !== 'fbx' && Buffer.from(prepared.glb).equals(upload.bytes)) { return { info: prepared.info, modelKey, glbKey: modelKey } }
  const glbKey = `models/${id}/model.glb`
  await deps.blobs.put(glbKey, prepared.glb)
  return { info: prepared.info, modelKey, glbKey }
}

/** A file that cannot be animated is deleted with its refusal: an upload is never kept once judged. */
async function storeRefusingBad (deps: CharacterDeps, id: string, upload: { ext: string, key: string, bytes: Buffer }) {
  try {
    return await storeModelFile(deps, id, upload)
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) await deps.blobs.remove(upload.key)
    throw error
  }
}

/** Creates a model, or updates the caller's own `modelId` (new file, name or thumbnail). */
export async function storeModel (deps: CharacterDeps, clientId: string, input: StoreModelInput) {
  if (input.modelUrl === undefined && input.modelId === undefined) throw errors.INVALID_PARAMETER('modelUrl or modelId is required', { parameter: 'modelUrl' })
  const existing = input.modelId === undefined ? undefined : await deps.models.visible(clientId, input.modelId)
  if (input.modelId !== undefined && (existing === undefined || existing.clientId !== clientId)) { throw errors.MODEL_NOT_FOUND(`Unknown model id ${input.modelId}`) }
  const id = existing?.id ?? randomUUID()
  const stored = input.modelUrl === undefined ? undefined : await storeRefusingBad(deps, id, await claimUpload(deps, input.modelUrl, clientId, 'model', 'modelUrl'))
  const glbKey = stored?.glbKey ?? existing?.glbKey ?? null
  let thumbKey = existing?.thumbKey ?? null
  if (input.thumbUrl !== undefined) {
    const upload = await claimUpload(deps, input.thumbUrl, clientId, 'thumb', 'thumbUrl')
    thumbKey = `models/${id}/thumb.${upload.ext}`
    await deps.blobs.put(thumbKey, upload.bytes)
  } else if (input.createThumb === true && glbKey !== null) {
    thumbKey = `models/${id}/thumb.png`
    await deps.blobs.put(thumbKey, await deps.importer.thumbnail(await deps.blobs.readAll(glbKey)))
  }
  const model = await deps.models.upsert({
    id,
    clientId,
    name: input.modelName ?? existing?.name ?? 'Custom character',
    platform: 'custom',
    modelKey: stored?.modelKey ?? existing?.modelKey ?? null,
    glbKey,
    thumbKey,
    rigId: stored?.info.rigId ?? existing?.rigId ?? 'custom',
    faceDataType: stored?.info.faceDataType ?? existing?.faceDataType ?? 0,
    handDataType: stored?.info.handDataType ?? existing?.handDataType ?? 0
  })
  return { modelId: model.id, faceDataType: model.faceDataType, handDataType: model.handDataType }
}

/** A model id names one model: unknown (or another account's) is 404, a stock one is found without stockModel. */
export async function listModels (
  deps: CharacterDeps,
  clientId: string,
  query: { modelId?: string, searchToken?: string, includeStock: boolean }
): Promise<Model[]> {
  if (query.modelId !== undefined && (await deps.models.visible(clientId, query.modelId)) === undefined) { throw errors.MODEL_NOT_FOUND(`Unknown model id ${query.modelId}`) }
  return await deps.models.list(clientId, { ...query, includeStock: query.includeStock || query.modelId !== undefined })
}

/** Only the caller's own custom models can go; stock, unknown and other accounts' ids look the same. */
export async function deleteModel (deps: CharacterDeps, clientId: string, modelId: string): Promise<{ count: number }> {
  const count = await deps.models.delete(clientId, modelId)
  if (count === 0) throw errors.MODEL_NOT_FOUND(`Unknown model id ${modelId}`)
  await deps.blobs.remove(`models/${modelId.replace(/[^\w-]/g, '')}`)
  return { count }
}
