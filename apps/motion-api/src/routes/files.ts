// Signed file URLs served by this app: downloads (GET with Range and ETag) and uploads (rule 3 of the spec:
// resumable = POST `x-storage-resumable: start` → 201 + location, then PUT the bytes; otherwise one PUT).
// The resumable location also takes the bytes in chunks the way Google Cloud Storage does: `PUT` with
// `Content-Range: bytes a-b/total` answers `308` with `Range: bytes=0-n` until the file is complete, and
// `PUT` with `Content-Range: bytes */total` and no body asks how much has arrived, so an upload resumes
// after a broken connection instead of starting over.
import { Type, errorResponses, type AppInstance } from '@openmotion/common'
import type { FastifyReply } from 'fastify'
import { parseContentRange, type ContentRange } from '../domain/content-range.js'
import { errors } from '../errors.js'
import type { BlobStore, FileLinks, UrlSigning } from '../domain/ports.js'

const CONTENT_TYPES: Record<string, string> = {
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  fbx: 'application/octet-stream',
  bvh: 'text/plain; charset=utf-8',
  vrm: 'model/gltf-binary',
  mp4: 'video/mp4',
  png: 'image/png',
  jpg: 'image/jpeg',
  json: 'application/json'
}

// Only documented: a missing or wrong signature is checked by the handler (403), not by the schema.
const Signed = Type.Object({ expires: Type.Optional(Type.String()), signature: Type.Optional(Type.String()) })
const UploadId = Type.Object({ id: Type.String({ maxLength: 200 }) })
const FileBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'the file' })
const NoBody = (description: string) => Type.Unsafe<unknown>({ description })

/** 308 Resume Incomplete with what has arrived (no Range header when nothing has). */
function incomplete (reply: FastifyReply, received: number): FastifyReply {
  if (received > 0) reply.header('range', `bytes=0-${received - 1}`)
  return reply.status(308).send()
}

async function readRange (blobs: BlobStore, key: string, start: number, end: number): Promise<Buffer> {
  const bytes = await blobs.open(key, { start, end })
  if (bytes === undefined) throw errors.NOT_FOUND('No such file')
  const parts: Buffer[] = []
  for await (const part of bytes) parts.push(part as Buffer)
  return Buffer.concat(parts)
}

/** Runs `task` after every earlier task of the same key has settled. */
function keyedSerializer (): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>()
  return async (key, task) => {
    const result = (tails.get(key) ?? Promise.resolve()).then(task, task)
    const tail = result.catch(() => undefined)
    tails.set(key, tail)
    try {
      return await result
    } finally {
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
}

export function fileRoutes (deps: { blobs: BlobStore, links: FileLinks, signer: UrlSigning, maxBytes: number, uploadTtl: number }) {
  const serialized = keyedSerializer()
  return async (app: AppInstance) => {
    // Uploads carry raw bytes whatever their content type (a .gltf is JSON, but is stored, not parsed).
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.maxBytes }, (_request, body, done) => { done(null, body) })

    app.get(
      '/files/*',
      {
        schema: {
          tags: ['files'],
          summary: 'A signed download URL (from download or listModels)',
          querystring: Signed,
          headers: Type.Object({ range: Type.Optional(Type.String({ description: 'bytes=a-b' })), 'if-none-match': Type.Optional(Type.String()) }),
          response: { 200: FileBytes, 206: FileBytes, 304: NoBody('Not modified (ETag matches)'), ...errorResponses(400, 403, 404, 416) }
        }
      },
      async (request, reply) => {
        if (!deps.signer.verify(request.url)) throw errors.URL_INVALID()
        const key = (request.params as { '*': string })['*']
        const info = await deps.blobs.stat(key)
        if (info === undefined) throw errors.NOT_FOUND('No such file')
        const etag = `"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`
        const ext = key.split('.').pop() ?? ''
        reply
          .header('etag', etag)
          .header('accept-ranges', 'bytes')
          .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${key.split('/').pop() ?? 'file'}"`)
        if (request.headers['if-none-match'] === etag) return reply.status(304).send()
        const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '')
        if (range !== null && info.size > 0) {
          const start = range[1] === '' ? Math.max(0, info.size - Number(range[2])) : Number(range[1])
          const end = range[1] === '' || range[2] === '' ? info.size - 1 : Math.min(Number(range[2]), info.size - 1)
          if (start > end || start >= info.size) {
            reply.header('content-range', `bytes */${info.size}`)
            throw errors.RANGE_NOT_SATISFIABLE(`The file has ${info.size} bytes`)
          }
          const part = await deps.blobs.open(key, { start, end })
          if (part === undefined) throw errors.NOT_FOUND('No such file')
          return reply
            .status(206)
            .header('content-range', `bytes ${start}-${end}/${info.size}`)
            .header('content-length', end - start + 1)
            .send(part)
        }
        // Removed since stat (retention, a deleted character): 404, as if the stat had not found it.
        const bytes = await deps.blobs.open(key)
        if (bytes === undefined) throw errors.NOT_FOUND('No such file')
        return reply.header('content-length', info.size).send(bytes)
      }
    )

    app.post(
      '/uploads/:id',
      {
        schema: {
          tags: ['files'],
          summary: 'Open a resumable upload (a signed URL from getModelUploadUrl)',
          params: UploadId,
          querystring: Signed,
          headers: Type.Object({ 'x-storage-resumable': Type.Optional(Type.String({ description: 'must be start' })) }),
          response: { 201: Type.Object({ location: Type.String() }), ...errorResponses(400, 403) }
        }
      },
      async (request, reply) => {
        if (!deps.signer.verify(request.url)) throw errors.URL_INVALID()
        if (request.headers['x-storage-resumable'] !== 'start') { throw errors.INVALID_PARAMETER('x-storage-resumable: send "start" to open a resumable upload', { parameter: 'x-storage-resumable' }) }
        const { id } = request.params as { id: string }
        // An object store takes the bytes itself: the session's location is its pre-signed PUT.
        const location = await deps.links.directUpload(`uploads/${id}`, deps.uploadTtl) ?? deps.signer.sign(`/uploads/${id}?session=resumable`, deps.uploadTtl)
        return reply.status(201).header('location', location).send({ location })
      }
    )

    app.put(
      '/uploads/:id',
      {
        schema: {
          tags: ['files'],
          summary: 'Upload the bytes: whole, or a chunk with Content-Range (bytes a-b/total), or a status query (bytes */total, no body)',
          params: UploadId,
          querystring: Signed,
          headers: Type.Object({ 'content-range': Type.Optional(Type.String()) }),
          response: {
            200: Type.Object({ size: Type.Integer() }),
            308: NoBody('Resume incomplete; the Range header says what arrived'),
            ...errorResponses(400, 403, 413)
          }
        }
      },
      async (request, reply) => {
        if (!deps.signer.verify(request.url)) throw errors.URL_INVALID()
        const { id } = request.params as { id: string }
        const key = `uploads/${id}`
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const contentRange = request.headers['content-range']
        if (contentRange === undefined) {
          if (body.length === 0) throw errors.INVALID_PARAMETER('The PUT body must be the file bytes', { parameter: 'body' })
          await deps.blobs.put(key, body)
          return reply.status(200).send({ size: body.length })
        }
        const range = parseContentRange(contentRange)
        if (range.total !== undefined && range.total > deps.maxBytes) { throw errors.UPLOAD_TOO_LARGE(`The file is ${range.total} bytes; the limit is ${deps.maxBytes}`) }
        // Chunks of one upload are taken one at a time, so two concurrent retries cannot both append.
        return await serialized(key, async () => await receiveChunk(reply, key, range, body))
      }
    )
  }

  async function receiveChunk (reply: FastifyReply, key: string, range: ContentRange, body: Buffer): Promise<FastifyReply> {
    const partKey = `${key}.part`
    const received = (await deps.blobs.stat(partKey))?.size ?? 0
    // A finished session (the part promoted to the file) takes no more bytes, as in GCS: a status query or a
    // chunk retried after a lost final answer hears "complete" again instead of a gap error.
    if (received === 0 && range.total !== undefined && (await deps.blobs.stat(key))?.size === range.total) return reply.status(200).send({ size: range.total })
    if (range.chunk === undefined) return incomplete(reply, received)
    const { start, end } = range.chunk
    if (body.length !== end - start + 1) { throw errors.INVALID_PARAMETER(`Content-Range announces ${end - start + 1} bytes but the body has ${body.length}`, { parameter: 'content-range' }) }
    if (start > received) {
      throw errors.INVALID_PARAMETER(`Chunk starts at byte ${start} but ${received} bytes have been received; resume from ${received}`, {
        parameter: 'content-range'
      })
    }
    if (end + 1 > deps.maxBytes) throw errors.UPLOAD_TOO_LARGE(`The file would exceed ${deps.maxBytes} bytes`)
    // A chunk overlapping what already arrived (a retry after a lost answer) must repeat those bytes exactly;
    // then only its new tail is added. Different bytes mean the client is sending another file.
    if (start < received) {
      const last = Math.min(end, received - 1)
      const stored = await readRange(deps.blobs, partKey, start, last)
      if (!stored.equals(body.subarray(0, last - start + 1))) {
        throw errors.INVALID_PARAMETER(`Bytes ${start}-${last} differ from the bytes already received; resume from ${received} with the same file`, {
          parameter: 'content-range'
        })
      }
    }
    if (range.total !== undefined && Math.max(received, end + 1) > range.total) {
      throw errors.INVALID_PARAMETER(`${Math.max(received, end + 1)} bytes would be more than the announced total ${range.total}`, {
        parameter: 'content-range'
      })
    }
    const size = end < received ? received : await deps.blobs.append(partKey, body.subarray(received - start))
    if (range.total === undefined || size < range.total) return incomplete(reply, size)
    await deps.blobs.put(key, await deps.blobs.readAll(partKey))
    await deps.blobs.remove(partKey)
    return reply.status(200).send({ size })
  }
}
