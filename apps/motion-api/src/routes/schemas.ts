// Response schemas of the public routes: they shape /openapi.json (every success body and, with the shared
// ErrorResponse, every error status a route can answer). Record objects allow extra properties so a field added
// to a record is never silently dropped by the serializer.
import { Type, errorResponses } from '@openmotion/common'

const open = { additionalProperties: true }
const Millis = Type.Integer({ description: 'milliseconds since the epoch' })

export const StatusResponse = Type.Object({
  count: Type.Integer({ description: 'number of records: the known rids of the request' }),
  status: Type.Array(
    Type.Object(
      {
        rid: Type.String(),
        status: Type.String({ enum: ['PROGRESS', 'SUCCESS', 'FAILURE'] }),
        details: Type.Record(Type.String(), Type.Unknown(), {
          description: 'PROGRESS: { step, total }; SUCCESS: { In, out }; FAILURE: { exc_type, exc_message, code }'
        }),
        positionInQueue: Type.Optional(Type.Integer({ minimum: 0 }))
      },
      open
    )
  )
})

export const DownloadResponse = Type.Object({
  count: Type.Integer(),
  links: Type.Array(
    Type.Object(
      {
        rid: Type.String(),
        parameters: Type.Optional(Type.Array(Type.String())),
        renderJobList: Type.Optional(Type.Array(Type.String())),
        variantDownloadStatus: Type.Optional(Type.Boolean()),
        urls: Type.Optional(
          Type.Array(Type.Object({ name: Type.String(), files: Type.Array(Type.Record(Type.String(), Type.String({ description: 'signed URL' }))) }))
        )
      },
      open
    )
  )
})

export const ListResponse = Type.Object({
  count: Type.Integer(),
  list: Type.Array(Type.Object({
    rid: Type.String(),
    processingInfo: Type.Record(Type.String(), Type.Unknown()),
    processor: Type.String(),
    parameters: Type.Array(Type.String()),
    variants: Type.Optional(Type.Record(Type.String(), Type.Object({ download: Type.Boolean() }))),
    chargedAmount: Type.Integer(),
    status: Type.String(),
    ctime: Millis,
    mtime: Millis
  }, open))
})

export const CancelResponse = Type.Object({ result: Type.Boolean({ description: 'true: cancelled and refunded; false: the job had already finished' }) })
export const SubmitResponse = Type.Object({ rid: Type.String() })
export const UploadUrls = Type.Object({ modelUrl: Type.String(), thumbUrl: Type.String() })
export const StoredModel = Type.Object({ modelId: Type.String(), faceDataType: Type.Integer(), handDataType: Type.Integer() })
export const DeletedCount = Type.Object({ count: Type.Integer() })
export const ModelList = Type.Array(Type.Object({
  Id: Type.String(),
  name: Type.String(),
  thumb: Type.Optional(Type.String()),
  glb: Type.Optional(Type.String()),
  rigId: Type.String(),
  ctime: Millis,
  mtime: Millis,
  platform: Type.String()
}, open))

/** Every route behind the dmsess session: a request it cannot parse (400), no session (401). */
export const sessionErrors = (...more: number[]) => errorResponses(400, 401, ...more)
export { errorResponses }
