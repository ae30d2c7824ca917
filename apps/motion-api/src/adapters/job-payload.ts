// The motion job as it travels through a shared queue: which versions a process writes and reads
// (@openmotion/job-queue's payload-versions.ts). A job carries its rid only; everything else is in the database.
import { Type } from '@openmotion/common'
import { createPayloadCodec, payloadVersion } from '@openmotion/job-queue'

const Rid = Type.String({ minLength: 1, maxLength: 200 })

/** Version 0: the bare rid, written before payloads had a version. */
const JobPayloadV0 = Rid
/** Version 1: `{ v: 1, rid }`. */
const JobPayloadV1 = Type.Object({ v: Type.Literal(1), rid: Rid })

export const jobPayload = createPayloadCodec<string>({
  name: 'motion job',
  current: 1,
  versions: {
    0: payloadVersion(JobPayloadV0, (rid) => rid),
    1: payloadVersion(JobPayloadV1, (payload) => payload.rid)
  },
  write: (rid) => ({ rid })
})
