import { randomUUID } from 'node:crypto'
import { Type, type AppInstance } from '@openmotion/common'
import { prepareCharacterWithTimeLimit, type CharacterFormat, type CharacterInfo } from '@openmotion/motion-characters'
import { RenderError, renderThumbnail } from '@openmotion/motion-render'
import { toPublicError } from '../domain/job-failures.js'
import type { BlobStore, UrlSigner } from '../adapters/blob-store.js'
import { errors } from '../errors.js'
import { currentClient, type SessionGuard } from '../session.js'
import type { Model, ModelStore } from '../stores/model-store.js'
import type { UploadSlot, UploadStore } from '../stores/upload-store.js'
import { DeletedCount, ModelList, StoredModel, UploadUrls, sessionErrors } from './schemas.js'

const MODEL_EXTS = ['fbx', 'glb', 'gltf', 'vrm']
const THUMB_EXTS = ['png', 'jpg', 'jpeg']
const GLB_MAGIC = 0x46546c67
const ModelId = Type.String({ maxLength: 200 })

async function prepare (bytes: Uint8Array, format: CharacterFormat, limits: { maxBytes: number, importTimeoutMs: number }): Promise<{ info: CharacterInfo, glb: Uint8Array }> {
  try {
    return await prepareCharacterWithTimeLimit(bytes, format, { maxBytes: limits.maxBytes, timeoutMs: limits.importTimeoutMs })
  } catch (error) {
    throw toPublicError(error)
  }
}

/** The renderer's still of an uploaded character; a file it cannot draw is a model that cannot be loaded (901). */
async function drawThumbnail (glb: Uint8Array): Promise<Buffer> {
  try {
    return await renderThumbnail(glb, { width: 256, height: 256 })
  } catch (error) {
    if (error instanceof RenderError) throw errors.MODEL_LOAD_FAILED(`createThumb: ${error.message}`)
    throw error
  }
}

export function characterRoutes (deps: { models: ModelStore, uploads: UploadStore, blobs: BlobStore, signer: UrlSigner, ttl: number, requireSession: SessionGuard, maxBytes: number, importTimeoutMs: number }) {
  // Clients read the id as `Id` (the spec) or `id`; both are sent.
  const record = (model: Model) => ({
    Id: model.id,
    id: model.id,
    name: model.name,
    ...(model.thumbKey === null ? {} : { thumb: deps.signer.sign(`/files/${model.thumbKey}`, deps.ttl) }),
    ...(model.glbKey === null ? {} : { glb: deps.signer.sign(`/files/${model.glbKey}`, deps.ttl) }),
    rigId: model.rigId,
    ctime: model.ctime.getTime(),
    mtime: model.mtime.getTime(),
    platform: model.platform
  })

  /**
   * The bytes uploaded to a URL from getModelUploadUrl. The slot must have been issued to this client: another
   * client's upload answers 404 exactly like one that never existed.
   */
  async function claimUpload (url: string, clientId: string, kind: UploadSlot['kind'], allowed: string[], parameter: string): Promise<{ ext: string, bytes: Buffer }> {
    const match = /\/uploads\/([\w-]+)\.(\w+)(\?|$)/.exec(url)
    if (match === null) throw errors.INVALID_PARAMETER(`${parameter}: not an upload URL from getModelUploadUrl`, { parameter })
    const slot = await deps.uploads.owned(clientId, match[1]!)
    if (slot === undefined || slot.kind !== kind || slot.ext !== match[2]!.toLowerCase()) throw errors.UPLOAD_NOT_FOUND(`${parameter}: unknown upload`, { parameter })
    if (!allowed.includes(slot.ext)) throw errors.INVALID_PARAMETER(`${parameter}: file type ${slot.ext} is not accepted; use ${allowed.join(', ')}`, { parameter })
    if (await deps.blobs.stat(slot.blobKey) === undefined) throw errors.INVALID_PARAMETER(`${parameter}: nothing has been uploaded to this URL`, { parameter })
    return { ext: slot.ext, bytes: await deps.blobs.readAll(slot.blobKey) }
  }

  return async (app: AppInstance) => {
    app.addHook('preHandler', deps.requireSession)

    app.get('/character/v1/getModelUploadUrl', {
      schema: {
        tags: ['characters'],
        querystring: Type.Object({
          name: Type.Optional(Type.String({ pattern: '^[\\w .-]{1,100}$' })),
          modelExt: Type.Optional(Type.String({ maxLength: 16 })),
          thumbExt: Type.Optional(Type.String({ maxLength: 16 })),
          resumable: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')]))
        }),
        response: { 200: UploadUrls, ...sessionErrors() }
      }
    }, async (request) => {
      const client = currentClient(request)
      const modelExt = (request.query.modelExt ?? 'glb').toLowerCase().replace(/^\./, '')
      const thumbExt = (request.query.thumbExt ?? 'png').toLowerCase().replace(/^\./, '')
      if (!MODEL_EXTS.includes(modelExt)) throw errors.INVALID_PARAMETER(`modelExt: use ${MODEL_EXTS.join(', ')}`, { parameter: 'modelExt' })
      if (!THUMB_EXTS.includes(thumbExt)) throw errors.INVALID_PARAMETER(`thumbExt: use ${THUMB_EXTS.join(', ')}`, { parameter: 'thumbExt' })
      const id = `${client.id.replace(/[^\w-]/g, '')}-${randomUUID()}`
      await deps.uploads.register(client.id, [
        { id, blobKey: `uploads/${id}.${modelExt}`, kind: 'model', ext: modelExt },
        { id: `${id}-thumb`, blobKey: `uploads/${id}-thumb.${thumbExt}`, kind: 'thumb', ext: thumbExt }
      ])
      const resumable = request.query.resumable !== '0'
      const suffix = resumable ? '?resumable=1' : ''
      return {
        modelUrl: deps.signer.sign(`/uploads/${id}.${modelExt}${suffix}`, deps.ttl),
        thumbUrl: deps.signer.sign(`/uploads/${id}-thumb.${thumbExt}${suffix}`, deps.ttl)
      }
    })

    app.post('/character/v1/storeModel', {
      schema: {
        tags: ['characters'],
        body: Type.Object({
          modelUrl: Type.Optional(Type.String({ maxLength: 2000 })),
          modelName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          thumbUrl: Type.Optional(Type.String({ maxLength: 2000 })),
          modelId: Type.Optional(ModelId),
          createThumb: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]))
        }),
        response: { 200: StoredModel, ...sessionErrors(404, 413) }
      }
    }, async (request) => {
      const client = currentClient(request)
      const body = request.body
      if (body.modelUrl === undefined && body.modelId === undefined) throw errors.INVALID_PARAMETER('modelUrl or modelId is required', { parameter: 'modelUrl' })
      const existing = body.modelId === undefined ? undefined : await deps.models.visible(client.id, body.modelId)
      if (body.modelId !== undefined && (existing === undefined || existing.clientId !== client.id)) throw errors.MODEL_NOT_FOUND(`Unknown model id ${body.modelId}`)
      const id = existing?.id ?? randomUUID()
      let analysis: CharacterInfo | undefined
      let modelKey = existing?.modelKey ?? null
      let glbKey = existing?.glbKey ?? null
      if (body.modelUrl !== undefined) {
        const upload = await claimUpload(body.modelUrl, client.id, 'model', MODEL_EXTS, 'modelUrl')
        if ((upload.ext === 'glb' || upload.ext === 'vrm') && (upload.bytes.length < 12 || upload.bytes.readUInt32LE(0) !== GLB_MAGIC)) throw errors.MODEL_LOAD_FAILED('The uploaded file is not a binary glTF')
        // Analysed before anything is stored (in a worker thread with a time limit): a file that cannot be
        // animated is refused with its code. Jobs, the renderer and listModels use the GLB form.
        const prepared = await prepare(upload.bytes, upload.ext as CharacterFormat, deps)
        analysis = prepared.info
        modelKey = `models/${id}/model.${upload.ext}`
        await deps.blobs.put(modelKey, upload.bytes)
        glbKey = modelKey
        // FBX and glTF are converted; a compressed or quantized GLB is stored decoded (the renderer reads plain GLB).
        if (upload.ext === 'gltf' || upload.ext === 'fbx' || !Buffer.from(prepared.glb).equals(upload.bytes)) {
          glbKey = `models/${id}/model.glb`
          await deps.blobs.put(glbKey, prepared.glb)
        }
      }
      let thumbKey = existing?.thumbKey ?? null
      if (body.thumbUrl !== undefined) {
        const upload = await claimUpload(body.thumbUrl, client.id, 'thumb', THUMB_EXTS, 'thumbUrl')
        thumbKey = `models/${id}/thumb.${upload.ext}`
        await deps.blobs.put(thumbKey, upload.bytes)
      } else if ((body.createThumb === 1 || body.createThumb === '1') && glbKey !== null) {
        thumbKey = `models/${id}/thumb.png`
        await deps.blobs.put(thumbKey, await drawThumbnail(await deps.blobs.readAll(glbKey)))
      }
      const model = await deps.models.upsert({
        id,
        clientId: client.id,
        name: body.modelName ?? existing?.name ?? 'Custom character',
        platform: 'custom',
        modelKey,
        glbKey,
        thumbKey,
        rigId: analysis?.rigId ?? existing?.rigId ?? 'custom',
        faceDataType: analysis?.faceDataType ?? existing?.faceDataType ?? 0,
        handDataType: analysis?.handDataType ?? existing?.handDataType ?? 0
      })
      return { modelId: model.id, faceDataType: model.faceDataType, handDataType: model.handDataType }
    })

    app.get('/character/v1/listModels', {
      schema: { tags: ['characters'], querystring: Type.Object({ modelId: Type.Optional(ModelId), searchToken: Type.Optional(Type.String({ maxLength: 200 })), stockModel: Type.Optional(Type.String({ maxLength: 16 })) }), response: { 200: ModelList, ...sessionErrors(404) } }
    }, async (request) => {
      const client = currentClient(request)
      const { modelId, searchToken, stockModel } = request.query
      // A model id names one model: unknown (or another account's) is 404, a stock one is found without stockModel.
      if (modelId !== undefined && await deps.models.visible(client.id, modelId) === undefined) throw errors.MODEL_NOT_FOUND(`Unknown model id ${modelId}`)
      const models = await deps.models.list(client.id, { modelId, searchToken, includeStock: stockModel !== undefined || modelId !== undefined })
      return models.map(record)
    })

    app.delete('/character/v1/deleteModel/:modelId', { schema: { tags: ['characters'], params: Type.Object({ modelId: ModelId }), response: { 200: DeletedCount, ...sessionErrors(404) } } }, async (request) => {
      const client = currentClient(request)
      const count = await deps.models.delete(client.id, request.params.modelId)
      // Only the caller's own custom models can go; stock, unknown and other accounts' ids look the same.
      if (count === 0) throw errors.MODEL_NOT_FOUND(`Unknown model id ${request.params.modelId}`)
      await deps.blobs.remove(`models/${request.params.modelId.replace(/[^\w-]/g, '')}`)
      return { count }
    })
  }
}
