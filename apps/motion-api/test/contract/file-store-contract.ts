// One behaviour for motion-api's files, whatever the store: objects written, measured, read whole or by byte
// range, listed and removed by prefix; links clients fetch (GET, with Range) and upload to (PUT) without a session,
// which stop working when they expire and refuse a URL changed by hand. Run against the disk store behind this
// app's signed routes (unit) and an S3 bucket with pre-signed URLs (integration, SeaweedFS).
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import type { BlobStore } from '../../src/domain/ports.js'

export interface FileStoreUnderTest {
  blobs: BlobStore
  /** A link that GETs `key` for `ttlSeconds`. */
  download: (key: string, ttlSeconds: number) => Promise<string>
  /** A link that takes the bytes of `uploads/<name>` in one PUT for `ttlSeconds`. */
  upload: (name: string, ttlSeconds: number) => Promise<string>
  cleanup: () => Promise<void>
}

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text)
const text = async (stream: AsyncIterable<unknown> | undefined): Promise<string | undefined> => {
  if (stream === undefined) return undefined
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array))
  return Buffer.concat(parts).toString()
}

/** The same URL with one character of its signature changed. */
function tamperSignature (url: string): string {
  const parsed = new URL(url)
  const name = parsed.searchParams.has('X-Amz-Signature') ? 'X-Amz-Signature' : 'signature'
  const value = parsed.searchParams.get(name)!
  parsed.searchParams.set(name, `${value.startsWith('a') ? 'b' : 'a'}${value.slice(1)}`)
  return parsed.toString()
}

export function fileStoreContract (make: () => Promise<FileStoreUnderTest>): void {
  const withStore = async (fn: (store: FileStoreUnderTest, root: string) => Promise<void>): Promise<void> => {
    const store = await make()
    // Each test under its own prefix: a shared bucket keeps earlier runs' objects.
    const root = `contract-${randomUUID()}`
    try {
      await fn(store, root)
    } finally {
      await store.blobs.remove(root)
      await store.cleanup()
    }
  }

  it('stores a file, tells its size and modification time, reads it back and overwrites it', async () => {
    await withStore(async ({ blobs }, root) => {
      const before = Date.now() - 5000
      await blobs.put(`${root}/a/one.bin`, bytes('hello world'))
      const info = await blobs.stat(`${root}/a/one.bin`)
      expect(info?.size).toBe(11)
      expect(info!.mtime.getTime()).toBeGreaterThan(before)
      expect((await blobs.readAll(`${root}/a/one.bin`)).toString()).toBe('hello world')
      await blobs.put(`${root}/a/one.bin`, bytes('bye'))
      expect((await blobs.readAll(`${root}/a/one.bin`)).toString()).toBe('bye')
      expect(await blobs.stat(`${root}/a/missing.bin`)).toBeUndefined()
      expect(await blobs.open(`${root}/a/missing.bin`)).toBeUndefined()
    })
  })

  it('reads a byte range, both ends included, and appends', async () => {
    await withStore(async ({ blobs }, root) => {
      await blobs.put(`${root}/r.bin`, bytes('0123456789'))
      expect(await text(await blobs.open(`${root}/r.bin`, { start: 2, end: 5 }))).toBe('2345')
      expect(await text(await blobs.open(`${root}/r.bin`, { start: 9, end: 9 }))).toBe('9')
      expect(await text(await blobs.open(`${root}/r.bin`))).toBe('0123456789')
      expect(await blobs.append(`${root}/r.bin`, bytes('ab'))).toBe(12)
      expect(await blobs.append(`${root}/new.bin`, bytes('x'))).toBe(1)
      expect((await blobs.readAll(`${root}/r.bin`)).toString()).toBe('0123456789ab')
    })
  })

  it('lists every file under a prefix, recursively, and nothing of a sibling prefix', async () => {
    await withStore(async ({ blobs }, root) => {
      await blobs.put(`${root}/jobs/r1/v1/a.glb`, bytes('a'))
      await blobs.put(`${root}/jobs/r1/v2/b.glb`, bytes('bb'))
      await blobs.put(`${root}/jobs/r10/c.glb`, bytes('ccc'))
      const listed = await blobs.list(`${root}/jobs/r1`)
      expect(listed.map((e) => [e.key, e.size]).sort()).toEqual([[`${root}/jobs/r1/v1/a.glb`, 1], [`${root}/jobs/r1/v2/b.glb`, 2]])
      expect(listed.every((e) => e.mtime instanceof Date)).toBe(true)
      expect(await blobs.list(`${root}/nothing`)).toEqual([])
    })
  })

  it('removes a prefix with everything under it, or one file, and leaves siblings', async () => {
    await withStore(async ({ blobs }, root) => {
      await blobs.put(`${root}/m/id1/model.glb`, bytes('1'))
      await blobs.put(`${root}/m/id1/thumb.png`, bytes('2'))
      await blobs.put(`${root}/m/id10/model.glb`, bytes('3'))
      await blobs.put(`${root}/u/file.glb`, bytes('4'))
      await blobs.remove(`${root}/m/id1`)
      await blobs.remove(`${root}/u/file.glb`)
      await blobs.remove(`${root}/never-there`)
      expect(await blobs.stat(`${root}/m/id1/model.glb`)).toBeUndefined()
      expect(await blobs.stat(`${root}/m/id1/thumb.png`)).toBeUndefined()
      expect(await blobs.stat(`${root}/u/file.glb`)).toBeUndefined()
      expect((await blobs.stat(`${root}/m/id10/model.glb`))?.size).toBe(1)
    })
  })

  it('refuses keys that could leave the store', async () => {
    await withStore(async ({ blobs }) => {
      await expect(blobs.put('../outside', bytes('x'))).rejects.toThrow(/unsafe blob key/)
      await expect(blobs.open('a/../../b')).rejects.toThrow(/unsafe blob key/)
      await expect(blobs.remove('/etc')).rejects.toThrow(/unsafe blob key/)
    })
  })

  it('hands out a download link that serves the file and byte ranges without a session', async () => {
    await withStore(async ({ blobs, download }, root) => {
      await blobs.put(`${root}/d/file.bin`, bytes('downloadable bytes'))
      const url = await download(`${root}/d/file.bin`, 60)
      const whole = await fetch(url)
      expect(whole.status).toBe(200)
      expect(await whole.text()).toBe('downloadable bytes')
      const part = await fetch(url, { headers: { range: 'bytes=0-11' } })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-range')).toBe('bytes 0-11/18')
      expect(await part.text()).toBe('downloadable')
    })
  })

  it('refuses a download link whose signature or file was changed, and one that expired', async () => {
    await withStore(async ({ blobs, download }, root) => {
      await blobs.put(`${root}/d/mine.bin`, bytes('mine'))
      await blobs.put(`${root}/d/other.bin`, bytes('other'))
      const url = await download(`${root}/d/mine.bin`, 60)
      expect((await fetch(tamperSignature(url))).status).toBe(403)
      expect((await fetch(url.replace('/mine.bin', '/other.bin'))).status).toBe(403)
      const shortLived = await download(`${root}/d/mine.bin`, 1)
      await sleep(2500)
      expect((await fetch(shortLived)).status).toBe(403)
    })
  })

  it('hands out an upload link that takes the file in one PUT', async () => {
    await withStore(async ({ blobs, upload }) => {
      const name = `contract-${randomUUID()}.glb`
      try {
        const answer = await fetch(await upload(name, 60), { method: 'PUT', body: bytes('uploaded bytes') })
        expect(answer.status).toBe(200)
        expect((await blobs.readAll(`uploads/${name}`)).toString()).toBe('uploaded bytes')
      } finally {
        await blobs.remove(`uploads/${name}`)
      }
    })
  })

  it('refuses an upload link whose signature was changed, and one that expired, storing nothing', async () => {
    await withStore(async ({ blobs, upload }) => {
      const name = `contract-${randomUUID()}.glb`
      expect((await fetch(tamperSignature(await upload(name, 60)), { method: 'PUT', body: bytes('forged') })).status).toBe(403)
      const shortLived = await upload(name, 1)
      await sleep(2500)
      expect((await fetch(shortLived, { method: 'PUT', body: bytes('late') })).status).toBe(403)
      expect(await blobs.stat(`uploads/${name}`)).toBeUndefined()
    })
  })
}
