// Files (generated motions, uploaded characters) behind a small interface. The embedded store keeps them under
// DATA_DIR and this app serves them through HMAC-signed, expiring URLs, so no object storage is needed to run.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat, writeFile, appendFile } from 'node:fs/promises'
import { dirname, join, normalize } from 'node:path'
import type { BlobEntry, BlobStore, FileLinks, UrlSigning } from '../domain/ports.js'

export type { BlobEntry, BlobInfo, BlobStore } from '../domain/ports.js'

const SAFE_KEY = /^[\w-]+(\/[\w.-]+)*$/

/** The key itself, or a throw for one that could leave the store's root (`..`, absolute, odd characters). */
export function checkKey (key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe blob key ${key}`)
  return key
}

export function createDiskBlobStore (root: string): BlobStore {
  const path = (key: string) => normalize(join(root, checkKey(key)))
  return {
    async put (key, bytes) {
      const target = path(key)
      await mkdir(dirname(target), { recursive: true })
      const temp = `${target}.${process.pid}.tmp`
      await writeFile(temp, bytes)
      await rename(temp, target)
    },
    async append (key, bytes) {
      const target = path(key)
      await mkdir(dirname(target), { recursive: true })
      await appendFile(target, bytes)
      return (await stat(target)).size
    },
    async stat (key) {
      try {
        const info = await stat(path(key))
        return info.isFile() ? { size: info.size, mtime: info.mtime } : undefined
      } catch {
        return undefined
      }
    },
    async open (key, range) {
      // Opened here, not when the stream first reads: a file removed meanwhile (retention) is a missing file, not a
      // stream error after the headers went out.
      let handle
      try {
        handle = await open(path(key), 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      return handle.createReadStream(range === undefined ? {} : { start: range.start, end: range.end })
    },
    async readAll (key) {
      const { readFile } = await import('node:fs/promises')
      return readFile(path(key))
    },
    async remove (prefix) {
      await rm(path(prefix), { recursive: true, force: true })
    },
    async list (prefix) {
      const out: BlobEntry[] = []
      const walk = async (key: string): Promise<void> => {
        let entries
        try {
          entries = await readdir(path(key), { withFileTypes: true })
        } catch {
          return
        }
        for (const entry of entries) {
          const child = `${key}/${entry.name}`
          if (entry.isDirectory()) await walk(child)
          else if (entry.isFile()) {
            const info = await stat(path(child)).catch(() => undefined)
            if (info !== undefined) out.push({ key: child, size: info.size, mtime: info.mtime })
          }
        }
      }
      await walk(prefix)
      return out
    }
  }
}

/**
 * Links of the disk store: this app's own /files and /uploads routes, HMAC-signed. Uploads go through the
 * /uploads routes (one PUT, or the resumable session), so there is no direct upload URL.
 */
export function localFileLinks (signer: UrlSigning): FileLinks {
  return {
    async download (key, ttlSeconds) { return signer.sign(`/files/${key}`, ttlSeconds) },
    async directUpload () { return undefined }
  }
}

/** Signs `path` (which may carry a query) until `expires` (unix seconds). */
export class UrlSigner implements UrlSigning {
  constructor (private readonly secret: string, private readonly baseUrl: string) {}

  private mac (path: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${path}\n${expires}`).digest('base64url')
  }

  sign (path: string, ttlSeconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds
    const separator = path.includes('?') ? '&' : '?'
    return `${this.baseUrl.replace(/\/$/, '')}${path}${separator}expires=${expires}&signature=${this.mac(path, expires)}`
  }

  /** Checks a request URL produced by `sign`: same path and other query values, unexpired. */
  verify (url: string, now = Date.now()): boolean {
    const parsed = new URL(url, 'http://local')
    const expires = Number(parsed.searchParams.get('expires'))
    const signature = parsed.searchParams.get('signature') ?? ''
    parsed.searchParams.delete('expires')
    parsed.searchParams.delete('signature')
    const query = parsed.searchParams.toString()
    const path = `${parsed.pathname}${query === '' ? '' : `?${query}`}`
    if (!Number.isFinite(expires) || expires * 1000 < now) return false
    const expected = Buffer.from(this.mac(path, expires))
    const actual = Buffer.from(signature)
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  }
}
