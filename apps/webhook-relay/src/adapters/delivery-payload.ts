// The delivery job as it travels through a shared queue: which versions a process writes and reads
// (@openmotion/job-queue's payload-versions.ts). Ids, the attempt number and the trace context only: the payload
// stays in the database.
import { Type } from '@openmotion/common'
import { createPayloadCodec, payloadVersion } from '@openmotion/job-queue'
import type { DeliveryJob } from '../domain/delivery-queue.js'

const Id = Type.String({ minLength: 1, maxLength: 200 })
const Attempt = Type.Integer({ minimum: 1 })
// Any string, not the W3C pattern: a trace context the tracer cannot parse starts a new trace, and must never cost
// the delivery (a payload that fails its schema is dropped).
const Traceparent = Type.String({ maxLength: 512 })

/** Version 0: the job's fields without `v`, written before payloads had a version. */
const DeliveryPayloadV0 = Type.Object({ deliveryId: Id, endpointId: Id, attempt: Attempt })
/**
 * Version 1: `{ v: 1, deliveryId, endpointId, attempt, traceparent? }`. The trace context is an optional property
 * of this version, not a version of its own: a process that reads version 1 without knowing the property still
 * delivers the job (its attempt starts a trace of its own), where a version 2 would have been handed back to the
 * queue by every process of the release before, for as long as a rolling upgrade lasts.
 */
const DeliveryPayloadV1 = Type.Object({ v: Type.Literal(1), deliveryId: Id, endpointId: Id, attempt: Attempt, traceparent: Type.Optional(Traceparent) })

const fieldsOf = (payload: DeliveryJob): DeliveryJob => ({
  deliveryId: payload.deliveryId,
  endpointId: payload.endpointId,
  attempt: payload.attempt,
  ...(payload.traceparent === undefined ? {} : { traceparent: payload.traceparent })
})

export const deliveryPayload = createPayloadCodec<DeliveryJob>({
  name: 'delivery job',
  current: 1,
  versions: {
    0: payloadVersion(DeliveryPayloadV0, ({ deliveryId, endpointId, attempt }) => ({ deliveryId, endpointId, attempt })),
    1: payloadVersion(DeliveryPayloadV1, fieldsOf)
  },
  write: fieldsOf
})
