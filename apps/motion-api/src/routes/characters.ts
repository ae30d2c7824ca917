import { randomUUID } from 'node:crypto'
import { Type, type AppInstance } from '@openmotion/common'
import { prepareCharacterWithTimeLimit, type CharacterFormat, type CharacterInfo } from '@openmotion/motion-characters'
import { RenderError, renderThumbnail } from '@openmotion/motion-render'
import { toPublicError } from '../domain/job-failures.js'
import type { BlobStore, UrlSigner } from '../adapters/blob-store.js'
import { errors } from '../errors.js'
import { currentClient, type SessionGuard } from '../session.js'
import type { Model, ModelStore } from '../stores/model-store.js'

const MODEL_EXTS = ['fbx', 'glb', 'gltf', 'vrm']
const THUMB_EXTS = ['png', 'jpg', 'jpeg']
const GLB_MAGIC = 0x46546c67

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

export function characterRoutes (deps: { models: ModelStore, blobs: BlobStore, signer: UrlSigner, ttl: number, requireSession: SessionGuard, maxBytes: number, importTimeoutMs: number }) {
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

  /** Moves an uploaded file (named by its signed upload URL) under the model's own key. */
  async function claimUpload (url: string, clientId: string, allowed: string[], parameter: string): Promise<{ key: string, ext: string, bytes: Buffer }> {
    const match = /\/uploads\/([\w-]+)\.(\w+)(\?|$)/.exec(url)
    if (match === null || !match[1]!.startsWith(`${clientId.replace(/[^\w-]/g, '')}-`)) throw errors.INVALID_PARAMETER(`${parameter}: not an upload URL from getModelUploadUrl`, { parameter })
    const ext = match[2]!.toLowerCase()
    if (!allowed.includes(ext)) throw errors.INVALID_PARAMETER(`${parameter}: file type ${ext} is not accepted; use ${allowed.join(', ')}`, { parameter })
    const info = await deps.blobs.stat(`uploads/${match[1]}.${ext}`)
    if (info === undefined) throw errors.INVALID_PARAMETER(`${parameter}: nothing has been uploaded to this URL`, { parameter })
    const bytes = await deps.blobs.readAll(`uploads/${match[1]}.${ext}`)
    return { key: `uploads/${match[1]}.${ext}`, ext, bytes }
  }

  return async (app: AppInstance) => {
    app.addHook('preHandler', deps.requireSession)

    app.get('/character/v1/getModelUploadUrl', {
      schema: {
        tags: ['characters'],
        querystring: Type.Object({
          name: Type.Optional(Type.String({ pattern: '^[\\w .-]{1,100}$' })),
          modelExt: Type.Optional(Type.String()),
          thumbExt: Type.Optional(Type.String()),
          resumable: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')]))
        })
      }
    }, async (request) => {
      const client = currentClient(request)
      const modelExt = (request.query.modelExt ?? 'glb').toLowerCase().replace(/^\./, '')
      const thumbExt = (request.query.thumbExt ?? 'png').toLowerCase().replace(/^\./, '')
      if (!MODEL_EXTS.includes(modelExt)) throw errors.INVALID_PARAMETER(`modelExt: use ${MODEL_EXTS.join(', ')}`, { parameter: 'modelExt' })
      if (!THUMB_EXTS.includes(thumbExt)) throw errors.INVALID_PARAMETER(`thumbExt: use ${THUMB_EXTS.join(', ')}`, { parameter: 'thumbExt' })
      const id = `${client.id.replace(/[^\w-]/g, '')}-${randomUUID()}`
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
          modelUrl: Type.Optional(Type.String()),
          modelName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          thumbUrl: Type.Optional(Type.String()),
          modelId: Type.Optional(Type.String()),
          createThumb: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]))
        })
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
        const upload = await claimUpload(body.modelUrl, client.id, MODEL_EXTS, 'modelUrl')
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
        const upload = await claimUpload(body.thumbUrl, client.id, THUMB_EXTS, 'thumbUrl')
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
      schema: { tags: ['characters'], querystring: Type.Object({ modelId: Type.Optional(Type.String()), searchToken: Type.Optional(Type.String()), stockModel: Type.Optional(Type.String()) }) }
    }, async (request) => {
      const models = await deps.models.list(currentClient(request).id, { modelId: request.query.modelId, searchToken: request.query.searchToken, includeStock: request.query.stockModel !== undefined })
      return models.map(record)
    })

    app.delete('/character/v1/deleteModel/:modelId', { schema: { tags: ['characters'], params: Type.Object({ modelId: Type.String() }) } }, async (request) => {
      const client = currentClient(request)
      const count = await deps.models.delete(client.id, request.params.modelId)
      if (count > 0) await deps.blobs.remove(`models/${request.params.modelId.replace(/[^\w-]/g, '')}`)
      return { count }
    })
  }
}
