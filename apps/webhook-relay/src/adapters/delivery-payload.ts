// The delivery job as it travels through a shared queue: which versions a process writes and reads
// (@openmotion/job-queue's payload-versions.ts). Ids and the attempt number only: the payload stays in the database.
import { Type } from '@openmotion/common'
import { createPayloadCodec, payloadVersion } from '@openmotion/job-queue'
import type { DeliveryJob } from '../domain/delivery-queue.js'

const Id = Type.String({ minLength: 1, maxLength: 200 })
const Attempt = Type.Integer({ minimum: 1 })

/** Version 0: the job's fields without `v`, written before payloads had a version. */
const DeliveryPayloadV0 = Type.Object({ deliveryId: Id, endpointId: Id, attempt: Attempt })
/** Version 1: `{ v: 1, deliveryId, endpointId, attempt }`. */
const DeliveryPayloadV1 = Type.Object({ v: Type.Literal(1), deliveryId: Id, endpointId: Id, attempt: Attempt })

const fieldsOf = (payload: DeliveryJob): DeliveryJob => ({ deliveryId: payload.deliveryId, endpointId: payload.endpointId, attempt: payload.attempt })

export const deliveryPayload = createPayloadCodec<DeliveryJob>({
  name: 'delivery job',
  current: 1,
  versions: {
    0: payloadVersion(DeliveryPayloadV0, fieldsOf),
    1: payloadVersion(DeliveryPayloadV1, fieldsOf)
  },
  write: fieldsOf
})
