import { Type, type AppInstance } from '@openmotion/common'
import { deleteModel, issueUploadUrls, listModels, storeModel, type CharacterDeps } from '../domain/custom-characters.js'
import type { Model } from '../domain/records.js'
import { currentClient, type SessionGuard } from '../session.js'
import { DeletedCount, ModelList, StoredModel, UploadUrls, sessionErrors } from './schemas.js'

const ModelId = Type.String({ maxLength: 200 })
const Flag = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')])

export function characterRoutes (deps: CharacterDeps & { requireSession: SessionGuard }) {
  // Clients read the id as `Id` (the spec) or `id`; both are sent.
  const record = async (model: Model) => ({
    Id: model.id,
    id: model.id,
    name: model.name,
    ...(model.thumbKey === null ? {} : { thumb: await deps.links.download(model.thumbKey, deps.ttl) }),
    ...(model.glbKey === null ? {} : { glb: await deps.links.download(model.glbKey, deps.ttl) }),
    rigId: model.rigId,
    ctime: model.ctime.getTime(),
    mtime: model.mtime.getTime(),
    platform: model.platform
  })

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
      const { modelExt, thumbExt, resumable } = request.query
      return await issueUploadUrls(deps, currentClient(request).id, { modelExt, thumbExt, resumable: resumable !== '0' })
    })

    app.post('/character/v1/storeModel', {
      schema: {
        tags: ['characters'],
        body: Type.Object({
          modelUrl: Type.Optional(Type.String({ maxLength: 2000 })),
          modelName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          thumbUrl: Type.Optional(Type.String({ maxLength: 2000 })),
          modelId: Type.Optional(ModelId),
          createThumb: Type.Optional(Flag)
        }),
        response: { 200: StoredModel, ...sessionErrors(404, 413) }
      }
    }, async (request) => {
      const { createThumb, ...input } = request.body
      return await storeModel(deps, currentClient(request).id, { ...input, createThumb: createThumb === 1 || createThumb === '1' })
    })

    app.get('/character/v1/listModels', {
      schema: {
        tags: ['characters'],
        querystring: Type.Object({
          modelId: Type.Optional(ModelId),
          searchToken: Type.Optional(Type.String({ maxLength: 200 })),
          stockModel: Type.Optional(Type.String({ maxLength: 16 }))
        }),
        response: { 200: ModelList, ...sessionErrors(404) }
      }
    }, async (request) => {
      const { modelId, searchToken, stockModel } = request.query
      const models = await listModels(deps, currentClient(request).id, { modelId, searchToken, includeStock: stockModel !== undefined })
      return await Promise.all(models.map(record))
    })

    app.delete('/character/v1/deleteModel/:modelId', {
      schema: { tags: ['characters'], params: Type.Object({ modelId: ModelId }), response: { 200: DeletedCount, ...sessionErrors(404) } }
    }, async (request) => await deleteModel(deps, currentClient(request).id, request.params.modelId))
  }
}
