import type { Database } from '@openmotion/common'
import type { ModelRepository } from '../domain/ports.js'
import type { Model } from '../domain/records.js'

export type { Model } from '../domain/records.js'

interface ModelRow {
  id: string
  client_id: string | null
  name: string
  platform: string
  model_key: string | null
  glb_key: string | null
  thumb_key: string | null
  rig_id: string
  face_data_type: number
  hand_data_type: number
  ctime: Date
  mtime: Date
}

function toModel (r: ModelRow): Model {
  return {
    id: r.id,
    clientId: r.client_id,
    name: r.name,
    platform: r.platform,
    modelKey: r.model_key,
    glbKey: r.glb_key,
    thumbKey: r.thumb_key,
    rigId: r.rig_id,
    faceDataType: r.face_data_type,
    handDataType: r.hand_data_type,
    ctime: r.ctime,
    mtime: r.mtime
  }
}

export class ModelStore implements ModelRepository {
  constructor (private readonly db: Database) {}

  async upsert (model: Omit<Model, 'ctime' | 'mtime'>): Promise<Model> {
    const { rows } = await this.db.query<ModelRow>(
      `INSERT INTO motion_models (id, client_id, name, platform, model_key, glb_key, thumb_key, rig_id, face_data_type, hand_data_type)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, model_key = EXCLUDED.model_key, glb_key = EXCLUDED.glb_key, thumb_key = EXCLUDED.thumb_key,
        rig_id = EXCLUDED.rig_id, face_data_type = EXCLUDED.face_data_type, hand_data_type = EXCLUDED.hand_data_type, mtime = now()
      RETURNING *`,
      [model.id, model.clientId, model.name, model.platform, model.modelKey, model.glbKey, model.thumbKey, model.rigId, model.faceDataType, model.handDataType]
    )
    return toModel(rows[0]!)
  }

  /** A model the client may use: its own custom models and every stock model. */
  async visible (clientId: string, id: string): Promise<Model | undefined> {
    const { rows } = await this.db.query<ModelRow>('SELECT * FROM motion_models WHERE id = $1 AND (client_id = $2 OR client_id IS NULL)', [id, clientId])
    return rows[0] === undefined ? undefined : toModel(rows[0])
  }

  async list (clientId: string, filter: { modelId?: string, searchToken?: string, includeStock: boolean }): Promise<Model[]> {
    const { rows } = await this.db.query<ModelRow>(`SELECT * FROM motion_models
      WHERE (client_id = $1 OR ($2 AND client_id IS NULL)) AND ($3::text IS NULL OR id = $3)
        AND ($4::text IS NULL OR position(lower($4) in lower(name)) > 0) ORDER BY client_id NULLS FIRST, ctime`,
    [clientId, filter.includeStock, filter.modelId ?? null, filter.searchToken ?? null])
    return rows.map(toModel)
  }

  async delete (clientId: string, id: string): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM motion_models WHERE id = $1 AND client_id = $2', [id, clientId])
    return rowCount
  }
}
