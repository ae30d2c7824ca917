import type { Database } from '@openmotion/common'
import type { PromptRepository } from '../domain/ports.js'
import type { PromptRequest } from '../domain/records.js'

export type { PromptRequest } from '../domain/records.js'

export class PromptStore implements PromptRepository {
  constructor (private readonly db: Database) {}

  async insert (clientId: string, parameters: string[], request: PromptRequest): Promise<void> {
    await this.db.query('INSERT INTO motion_prompt_requests (rid, client_id, parameters, status, details) VALUES ($1, $2, $3, $4, $5)',
      [request.rid, clientId, JSON.stringify(parameters), request.status, JSON.stringify(request.details)])
  }

  /** Requests of one client only: another account's rid is simply absent. */
  async getMany (clientId: string, rids: string[]): Promise<Map<string, PromptRequest>> {
    const { rows } = await this.db.query<PromptRequest>('SELECT rid, status, details FROM motion_prompt_requests WHERE client_id = $1 AND rid = ANY($2)', [
      clientId,
      rids
    ])
    return new Map(rows.map((row) => [row.rid, row]))
  }

  /** Deletes answers created before `before` (the retention sweep); returns how many. */
  async deleteBefore (before: Date): Promise<number> {
    const { rows } = await this.db.query<{ rid: string }>('DELETE FROM motion_prompt_requests WHERE ctime < $1 RETURNING rid', [before])
    return rows.length
  }
}
