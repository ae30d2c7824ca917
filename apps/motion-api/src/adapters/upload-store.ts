// Upload slots handed out by getModelUploadUrl, each recorded with the client it was issued to: storeModel
// takes an upload only from its own client (motion_uploads; the id in the URL alone proves nothing).
import type { Database } from '@openmotion/common'
import type { UploadRepository } from '../domain/ports.js'
import type { UploadSlot } from '../domain/records.js'

export type { UploadSlot } from '../domain/records.js'

export class UploadStore implements UploadRepository {
  constructor (private readonly db: Database) {}

  async register (clientId: string, slots: UploadSlot[]): Promise<void> {
    for (const slot of slots) {
      await this.db.query('INSERT INTO motion_uploads (id, client_id, blob_key, kind, ext) VALUES ($1, $2, $3, $4, $5)',
        [slot.id, clientId, slot.blobKey, slot.kind, slot.ext])
    }
  }

  /** The slot when it was issued to `clientId`; another client's (or an unknown) slot is undefined. */
  async owned (clientId: string, id: string): Promise<UploadSlot | undefined> {
    const { rows } = await this.db.query<{ id: string, blob_key: string, kind: UploadSlot['kind'], ext: string }>(
      'SELECT id, blob_key, kind, ext FROM motion_uploads WHERE id = $1 AND client_id = $2', [id, clientId])
    const row = rows[0]
    return row === undefined ? undefined : { id: row.id, blobKey: row.blob_key, kind: row.kind, ext: row.ext }
  }
}
