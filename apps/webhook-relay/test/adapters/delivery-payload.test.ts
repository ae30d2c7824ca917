// The delivery job's payload carries the trace context inside version 1, and a rolling upgrade works both ways: this
// release reads what the release before wrote (version 0, version 1 without a trace context), and the release
// before reads what this one writes (its version 1 schema had no trace context; it delivers the job untraced).
import { describe, expect, it } from 'vitest'
import { Type } from '@openmotion/common'
import { createPayloadCodec, payloadVersion } from '@openmotion/job-queue'
import { deliveryPayload } from '../../src/adapters/delivery-payload.js'
import type { DeliveryJob } from '../../src/domain/delivery-queue.js'

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'
const job: DeliveryJob = { deliveryId: 'dlv_1', endpointId: 'ep_1', attempt: 2 }

/** The codec of the release before: version 1 had ids and the attempt only. */
const previousRelease = createPayloadCodec<DeliveryJob>({
  name: 'delivery job',
  current: 1,
  versions: {
    1: payloadVersion(
      Type.Object({ v: Type.Literal(1), deliveryId: Type.String(), endpointId: Type.String(), attempt: Type.Integer({ minimum: 1 }) }),
      ({ deliveryId, endpointId, attempt }) => ({ deliveryId, endpointId, attempt }))
  },
  write: ({ deliveryId, endpointId, attempt }) => ({ deliveryId, endpointId, attempt })
})

describe('delivery payload', () => {
  it('carries the traceparent inside version 1 and reads it back', () => {
    const encoded = deliveryPayload.encode({ ...job, traceparent: TRACEPARENT })
    expect(encoded).toEqual({ v: 1, ...job, traceparent: TRACEPARENT })
    expect(deliveryPayload.decode(JSON.parse(JSON.stringify(encoded)))).toEqual({ kind: 'job', job: { ...job, traceparent: TRACEPARENT }, version: 1 })
  })

  it('writes no traceparent for an untraced job', () => {
    expect(deliveryPayload.encode(job)).toEqual({ v: 1, ...job })
  })

  it('reads what the release before wrote: version 1 without a traceparent, and version 0', () => {
    expect(deliveryPayload.decode(previousRelease.encode(job))).toEqual({ kind: 'job', job, version: 1 })
    expect(deliveryPayload.decode({ ...job })).toEqual({ kind: 'job', job, version: 0 })
  })

  it('writes what the release before reads (its job without the trace context), not a version it hands back', () => {
    expect(previousRelease.decode(deliveryPayload.encode({ ...job, traceparent: TRACEPARENT }))).toEqual({ kind: 'job', job, version: 1 })
  })

  it('does not take a trace context from a version 0 payload', () => {
    expect(deliveryPayload.decode({ ...job, traceparent: TRACEPARENT })).toEqual({ kind: 'job', job, version: 0 })
  })

  it('reads a trace context that is not a string as a malformed payload', () => {
    expect(deliveryPayload.decode({ v: 1, ...job, traceparent: 7 })).toMatchObject({ kind: 'malformed', version: 1 })
  })
})
