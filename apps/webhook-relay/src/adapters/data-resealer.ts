// Re-encryption after a key rotation: every stored value not sealed under the newest key of ENCRYPTION_KEYS
// (message data, signing secrets, custom headers; plaintext rows from before encryption included) is decrypted
// with the key it names and sealed again under the newest one. Batches by id keep memory flat, and each update
// only applies when the row still holds what was read, so it can run next to live relays and be re-run at will.
import type { Database } from '@openmotion/common'
import type { DataCipher } from '../domain/envelope-encryption.js'

export interface ResealCounts {
  messages: number
  endpoints: number
}

interface EndpointSealRow { id: string, secret: string, previous_secret: string | null, headers: Record<string, string>, headers_sealed: string | null }

async function resealMessages (db: Database, cipher: DataCipher, batch: number): Promise<number> {
  let total = 0
  let afterId = ''
  for (;;) {
    const { rows } = await db.query<{ id: string, data: string }>(
      'SELECT id, data FROM relay_messages WHERE key_id <> $1 AND id > $2 ORDER BY id LIMIT $3', [cipher.keyId, afterId, batch])
    for (const row of rows) {
      const { rowCount } = await db.query('UPDATE relay_messages SET data = $2, key_id = $3 WHERE id = $1 AND data = $4',
        [row.id, cipher.encrypt(cipher.decrypt(row.data)), cipher.keyId, row.data])
      total += rowCount
    }
    afterId = rows.at(-1)?.id ?? afterId
    if (rows.length < batch) return total
  }
}

async function resealEndpoints (db: Database, cipher: DataCipher, batch: number): Promise<number> {
  let total = 0
  let afterId = ''
  const reseal = (stored: string) => cipher.encrypt(cipher.decrypt(stored))
  for (;;) {
    const { rows } = await db.query<EndpointSealRow>(
      'SELECT id, secret, previous_secret, headers, headers_sealed FROM relay_endpoints WHERE id > $1 ORDER BY id LIMIT $2', [afterId, batch])
    for (const row of rows) {
      const headersStale = row.headers_sealed === null || cipher.isStale(row.headers_sealed)
      const previousStale = row.previous_secret !== null && cipher.isStale(row.previous_secret)
      if (!cipher.isStale(row.secret) && !previousStale && !headersStale) continue
      const headers =
        row.headers_sealed === null
          ? cipher.encrypt(JSON.stringify(row.headers))
          : cipher.isStale(row.headers_sealed)
            ? reseal(row.headers_sealed)
            : row.headers_sealed
      const { rowCount } = await db.query(
        `UPDATE relay_endpoints SET secret = $2, previous_secret = $3, headers_sealed = $4, headers = '{}'::jsonb
         WHERE id = $1 AND secret = $5 AND previous_secret IS NOT DISTINCT FROM $6`,
        [row.id, cipher.isStale(row.secret) ? reseal(row.secret) : row.secret, previousStale ? reseal(row.previous_secret as string) : row.previous_secret,
          headers, row.secret, row.previous_secret])
      total += rowCount
    }
    afterId = rows.at(-1)?.id ?? afterId
    if (rows.length < batch) return total
  }
}

/** Seals everything under the cipher's newest key; returns how many rows changed. */
export async function resealAll (db: Database, cipher: DataCipher, batch = 500): Promise<ResealCounts> {
  return { messages: await resealMessages(db, cipher, batch), endpoints: await resealEndpoints(db, cipher, batch) }
}
