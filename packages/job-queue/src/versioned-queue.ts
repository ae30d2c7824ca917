// A queue of jobs of type T over a queue of versioned payloads (payload-versions.ts): jobs are encoded on the way
// in and decoded on the way out, so the app sees its current job type only. A payload of a version this process
// does not read is handed back to the queue (the handler throws, and the queue redelivers it after its delay) for a
// process of the release that wrote it; one no release can read is logged and dropped, since it would come back
// forever (the database, the source of truth, still has the work it names).
import type { Logger } from '@openmotion/common'
import type { JobHandler, JobQueue, KeyedJobQueue, Lease } from './job-queue.js'
import type { PayloadCodec } from './payload-versions.js'

/** Thrown to the queue for a payload of a version this process does not read. */
export class UnknownPayloadVersionError extends Error {
  constructor (name: string, version: number) {
    super(`${name} version ${version} is not read by this process; left for one that does`)
    this.name = 'UnknownPayloadVersionError'
  }
}

function decodingHandler<T, L extends Lease> (codec: PayloadCodec<T>, logger: Logger, handler: JobHandler<T, L>): JobHandler<unknown, L> {
  return async (payload, lease) => {
    const decoded = codec.decode(payload)
    if (decoded.kind === 'job') { await handler(decoded.job, lease); return }
    if (decoded.kind === 'unknown-version') {
      logger.warn({ payloadVersion: decoded.version, current: codec.current }, `${codec.name} of an unknown version handed back to the queue`)
      throw new UnknownPayloadVersionError(codec.name, decoded.version)
    }
    logger.error({ payloadVersion: decoded.version, problem: decoded.problem, payload }, `${codec.name} unreadable: dropped`)
  }
}

/** `inner` carries encoded payloads; the result carries jobs. */
export function versionedQueue<T, L extends Lease> (inner: JobQueue<unknown, L>, codec: PayloadCodec<T>, logger: Logger): JobQueue<T, L> {
  return {
    get kind () { return inner.kind },
    start: async () => { await inner.start() },
    enqueue: async (jobs, delayMs) => { await inner.enqueue(jobs.map((job) => codec.encode(job)), delayMs) },
    consume: async (handler, options) => { await inner.consume(decodingHandler(codec, logger, handler), options) },
    joining: () => inner.joining(),
    stop: async () => { await inner.stop() },
    close: async () => { await inner.close() },
    ping: async () => { await inner.ping() },
    generation: async () => await inner.generation()
  }
}

/** The keyed form: keys are the inner queue's (its `keyOf` reads the encoded payload). */
export function versionedKeyedQueue<T> (inner: KeyedJobQueue<unknown>, codec: PayloadCodec<T>, logger: Logger): KeyedJobQueue<T> {
  return {
    ...versionedQueue(inner, codec, logger),
    positions: async (keys) => await inner.positions(keys),
    withdraw: async (key) => await inner.withdraw(key)
  }
}

/** A `keyOf` for the inner queue of a keyed versioned queue: the key of the job an encoded payload holds. */
export function keyOfPayload<T> (codec: PayloadCodec<T>, keyOf: (job: T) => string): (payload: unknown) => string {
  return (payload) => {
    const decoded = codec.decode(payload)
    if (decoded.kind !== 'job') throw new TypeError(`${codec.name}: no key in a payload of version ${decoded.version}`)
    return keyOf(decoded.job)
  }
}
