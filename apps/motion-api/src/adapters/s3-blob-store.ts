// Files in an S3 bucket (AWS S3, SeaweedFS, MinIO, Garage…), so API and worker processes on different machines
// share them with no common disk. Clients fetch and upload through URLs pre-signed for the bucket (SigV4 query
// signing): the bytes never pass through this app. Presigning is local arithmetic, so links keep being issued while
// the store is away; every call that reaches the bucket can fail with a network error, which the error handler
// answers with a 503 and the job worker waits out.
import type { Readable } from 'node:stream'
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { BlobEntry, BlobStore, FileLinks } from '../domain/ports.js'
import { checkKey } from './blob-store.js'

export interface S3StoreOptions {
  endpoint?: string
  /** The host clients reach the bucket at, when it differs from `endpoint` (a container network, a proxy). */
  publicEndpoint?: string
  region: string
  bucket: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

export interface S3BlobStore extends BlobStore {
  links: FileLinks
  /** Creates the bucket when it does not exist; throws when the store cannot be reached. */
  ensureBucket: () => Promise<void>
  /** Answers when the bucket does (readiness, the worker waiting out an outage). */
  ping: () => Promise<void>
  close: () => void
}

// A lost connection is retried once by the SDK; a longer outage is the caller's (a 503 to a client, a job waiting
// for the store), so requests fail fast rather than hold a client: a server that accepts but does not answer (one
// shutting down) is given up after the socket stays silent REQUEST_TIMEOUT_MS (an idle time, not a transfer's total).
const MAX_ATTEMPTS = 2
const CONNECT_TIMEOUT_MS = 2000
const REQUEST_TIMEOUT_MS = 3000
// Each call, the SDK's retry included, also ends within CALL_DEADLINE_MS (plus time to move its bytes at
// MIN_BYTES_PER_MS, 1 MB/s): a store stopping mid-request can leave the socket open without ever timing it out, and
// a request is answered 503 while the client still waits, not after its own timeout.
const CALL_DEADLINE_MS = 8000
const MIN_BYTES_PER_MS = 1000

async function bounded<T> (what: string, bytes: number, call: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = CALL_DEADLINE_MS + Math.ceil(bytes / MIN_BYTES_PER_MS)
  const abortSignal = AbortSignal.timeout(deadline)
  try {
    return await call(abortSignal)
  } catch (error) {
    // The S3 SDK's own names for a server that did not answer in time or could not serve: the error handler answers
    // them with a 503, and a job waits for the store and runs again. A store starting up answers 500 InternalError
    // ("please try again") until its volumes are writable: that is an outage, not a fault of the job.
    if (abortSignal.aborted) {
      throw Object.assign(new Error(`the object store did not answer ${what} within ${deadline} ms`, { cause: error }), { name: 'TimeoutError' })
    }
    if (((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0) >= 500) {
      throw Object.assign(new Error(`the object store could not serve ${what}: ${(error as Error).message}`, { cause: error }), { name: 'ServiceUnavailable' })
    }
    throw error
  }
}

function clientConfig (options: S3StoreOptions, endpoint: string | undefined): S3ClientConfig {
  return {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: CONNECT_TIMEOUT_MS },
    // Only sent when the server asks: SeaweedFS and MinIO accept requests without the newer CRC32 checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(options.accessKeyId === undefined || options.secretAccessKey === undefined
      ? {}
      : { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } })
  }
}

/** The S3 SDK's own name for a server that did not answer in time, which the error handler answers with a 503. */
function stalled (key: string): Error {
  return Object.assign(new Error(`the object store sent no byte of ${key} for ${REQUEST_TIMEOUT_MS} ms`), { name: 'TimeoutError' })
}

/**
 * A response body's bytes, given up when none arrives for REQUEST_TIMEOUT_MS: the SDK's socket timeout ends with
 * the headers, and a store stopping mid-answer can keep the connection open with the body unfinished.
 */
async function collect (body: Readable, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  const reader = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  try {
    for (;;) {
      const silence = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
      const next = await Promise.race([
        reader.next(),
        new Promise<never>((_resolve, reject) => { silence.addEventListener('abort', () => reject(stalled(key)), { once: true }) })
      ])
      if (next.done === true) return Buffer.concat(chunks)
      chunks.push(next.value)
    }
  } catch (error) {
    body.destroy()
    throw error
  }
}

function isMissing (error: unknown): boolean {
  const e = error as { name?: string, $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

export function createS3BlobStore (options: S3StoreOptions): S3BlobStore {
  const s3 = new S3Client(clientConfig(options, options.endpoint))
  const presigner = options.publicEndpoint === undefined ? s3 : new S3Client(clientConfig(options, options.publicEndpoint))
  const Bucket = options.bucket

  const readAll = async (key: string): Promise<Buffer> => {
    return await bounded(`GET ${key}`, 0, async (abortSignal) => {
      const answer = await s3.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }), { abortSignal })
      return await collect(answer.Body as Readable, key)
    })
  }

  const list = async (prefix: string): Promise<BlobEntry[]> => {
    const out: BlobEntry[] = []
    let ContinuationToken: string | undefined
    do {
      const page = await bounded(`LIST ${prefix}/`, 0, async (abortSignal) =>
        await s3.send(new ListObjectsV2Command({ Bucket, Prefix: `${checkKey(prefix)}/`, ContinuationToken }), { abortSignal }))
      for (const item of page.Contents ?? []) {
        if (item.Key !== undefined) out.push({ key: item.Key, size: item.Size ?? 0, mtime: item.LastModified ?? new Date(0) })
      }
      ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined
    } while (ContinuationToken !== undefined)
    return out
  }

  return {
    async put (key, bytes) {
      await bounded(`PUT ${key}`, bytes.byteLength, async (abortSignal) =>
        await s3.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentLength: bytes.byteLength }), { abortSignal }))
    },
    // S3 objects are immutable: an append rewrites the object. Only the chunked-upload route appends, to a
    // staging object bounded by MAX_MODEL_BYTES, and clients of an S3 store upload straight to the bucket.
    async append (key, bytes) {
      const before = await this.stat(key) === undefined ? Buffer.alloc(0) : await readAll(key)
      const after = Buffer.concat([before, bytes])
      await this.put(key, after)
      return after.length
    },
    async stat (key) {
      try {
        const head = await bounded(`HEAD ${key}`, 0, async (abortSignal) => await s3.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }), { abortSignal }))
        return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) }
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    // Not bounded: the stream is its reader's to pace (the headers are, by the SDK's socket timeout).
    async open (key, range) {
      try {
        const answer = await s3.send(new GetObjectCommand({
          Bucket,
          Key: checkKey(key),
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` })
        }))
        return answer.Body as Readable
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    readAll,
    list,
    // Like the disk store's recursive removal: the object named `prefix` and everything under `prefix/`.
    async remove (prefix) {
      const keys = [checkKey(prefix), ...(await list(prefix)).map((entry) => entry.key)]
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }))
        await bounded(`DELETE ${prefix}`, 0, async (abortSignal) => await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }), { abortSignal }))
      }
    },
    links: {
      async download (key, ttlSeconds) {
        return await getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: checkKey(key) }), { expiresIn: ttlSeconds })
      },
      async directUpload (key, ttlSeconds) {
        return await getSignedUrl(presigner, new PutObjectCommand({ Bucket, Key: checkKey(key) }), { expiresIn: ttlSeconds })
      }
    },
    async ensureBucket () {
      try {
        await bounded(`HEAD bucket ${Bucket}`, 0, async (abortSignal) => await s3.send(new HeadBucketCommand({ Bucket }), { abortSignal }))
      } catch (error) {
        if (!isMissing(error)) throw error
        await bounded(`CREATE bucket ${Bucket}`, 0, async (abortSignal) => await s3.send(new CreateBucketCommand({ Bucket }), { abortSignal }))
      }
    },
    async ping () {
      await bounded(`HEAD bucket ${Bucket}`, 0, async (abortSignal) => await s3.send(new HeadBucketCommand({ Bucket }), { abortSignal }))
    },
    close () {
      s3.destroy()
      if (presigner !== s3) presigner.destroy()
    }
  }
}
