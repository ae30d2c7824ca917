// Random bytes for ids and AES-GCM nonces, drawn from a pool filled 4 KiB at a time. A `randomBytes` call per id
// and per nonce (three per accepted webhook) was ~5% of the relay's ingest profile: each call allocates and runs
// a job of its own through OpenSSL. The pool is never refilled in place (a refill allocates a new buffer), so a
// view handed out earlier keeps its bytes, and every byte is handed out once. Secrets (data keys, API keys,
// signing secrets) still come straight from randomBytes.
import { randomBytes, randomFillSync } from 'node:crypto'

const POOL_BYTES = 4096

let pool = Buffer.alloc(0)
let offset = 0

function take (size: number): number {
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES))
    offset = 0
  }
  const start = offset
  offset += size
  return start
}

/** `size` fresh random bytes (a view of the pool; nothing else ever receives them). */
export function pooledRandomBytes (size: number): Buffer {
  if (size > POOL_BYTES / 4) return randomBytes(size)
  const start = take(size)
  return pool.subarray(start, start + size)
}

/** `size` fresh random bytes as lowercase hex. */
export function pooledRandomHex (size: number): string {
  if (size > POOL_BYTES / 4) return randomBytes(size).toString('hex')
  const start = take(size)
  return pool.toString('hex', start, start + size)
}
