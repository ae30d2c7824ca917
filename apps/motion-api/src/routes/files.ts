// Signed file URLs served by this app: downloads (GET with Range and ETag) and uploads (rule 3 of the spec:
// resumable = POST `x-storage-resumable: start` → 201 + location, then PUT the bytes; otherwise one PUT).
import { type AppInstance } from '@openmotion/common'
import type { BlobStore, UrlSigner } from '../adapters/blob-store.js'
import { errors } from '../errors.js'

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

export function fileRoutes (deps: { blobs: BlobStore, signer: UrlSigner, maxBytes: number, uploadTtl: number }) {
  return async (app: AppInstance) => {
    // Uploads carry raw bytes whatever their content type (a .gltf is JSON, but is stored, not parsed).
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.maxBytes }, (_request, body, done) => { done(null, body) })

    app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
      if (!deps.signer.verify(request.url)) throw errors.URL_INVALID()
      const key = (request.params as { '*': string })['*']
      const info = await deps.blobs.stat(key)
      if (info === undefined) throw errors.NOT_FOUND('No such file')
      const etag = `"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`
      const ext = key.split('.').pop() ?? ''
      reply.header('etag', etag).header('accept-ranges', 'bytes').header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${key.split('/').pop() ?? 'file'}"`)
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '')
      if (range !== null && info.size > 0) {
        const start = range[1] === '' ? Math.max(0, info.size - Number(range[2])) : Number(range[1])
        const end = range[1] === '' || range[2] === '' ? info.size - 1 : Math.min(Number(range[2]), info.size - 1)
        if (start > end || start >= info.size) return reply.status(416).header('content-range', `bytes */${info.size}`).send()
        return reply.status(206).header('content-range', `bytes ${start}-${end}/${info.size}`).header('content-length', end - start + 1).send(deps.blobs.read(key, { start, end }))
      }
      return reply.header('content-length', info.size).send(deps.blobs.read(key))
    })

    app.post('/uploads/:id', { schema: { hide: true } }, async (request, reply) => {
      if (!deps.signer.verify(request.url)) throw errors.URL_INVALID()
      if (request.headers['x-storage-resumable'] !== 'start') throw errors.INVALID_PARAMETER('x-storage-resumable: send "start" to open a resumable upload', { parameter: 'x-storage-resumable' })
      const { id } = request.params as { id: string }
      const location = deps.signer.sign(`/uploads/${id}?session=resumable`, deps.uploadTtl)
      return reply.status(201).header('location', location).send({ location })
    })

    app.put('/uploads/:id', { schema: { hide: true } }, async (request, reply) => {
      if (!deps.signer.verify(request.url)) throw errors.URL_INVALID()
      const { id } = request.params as { id: string }
      const body = request.body
      if (!Buffer.isBuffer(body) || body.length === 0) throw errors.INVALID_PARAMETER('The PUT body must be the file bytes', { parameter: 'body' })
      await deps.blobs.put(`uploads/${id}`, body)
      return reply.status(200).send({ size: body.length })
    })
  }
}
