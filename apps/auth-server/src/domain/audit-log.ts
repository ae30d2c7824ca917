// Security events (ASVS V7): each is stored as a document, written as one pino line and counted by type, so an
// operator can page through them (`auditEvents`), grep the logs, or alert on a rate. Ids start with the ISO time,
// so ordering by id is ordering by time and a page cursor is just the last id seen.
import { randomBytes } from 'node:crypto'
import type { Logger } from '@openmotion/common'
import type { Counter } from 'prom-client'
import type { DocumentStore } from './ports.js'
import type { AuditEvent, AuditEventType } from './records.js'

export interface AuditContext {
  userId?: string | null
  sessionId?: string | null
  client?: { ip?: string | null, userAgent?: string | null } | null
}

export interface AuditFilter { type?: AuditEventType, userId?: string, sessionId?: string, ip?: string, since?: string, until?: string }

/** What the domain needs to report an event; tests and other callers may pass a no-op. */
export interface AuditSink {
  record (type: AuditEventType, context: AuditContext, detail?: AuditEvent['detail']): Promise<void>
}

export class AuditLog implements AuditSink {
  /** Orders events of this process recorded within the same millisecond. */
  private sequence = 0

  constructor (private readonly store: DocumentStore, private readonly logger: Logger, private readonly counter: Counter<'type'>) {}

  async record (type: AuditEventType, context: AuditContext, detail: AuditEvent['detail'] = {}): Promise<void> {
    const at = new Date().toISOString()
    const event: AuditEvent = {
      id: `${at}~${(this.sequence++ % 36 ** 6).toString(36).padStart(6, '0')}${randomBytes(4).toString('hex')}`,
      type,
      at,
      userId: context.userId ?? null,
      sessionId: context.sessionId ?? null,
      ip: context.client?.ip ?? null,
      userAgent: context.client?.userAgent ?? null,
      detail
    }
    this.counter.inc({ type })
    this.logger.info({ audit: event }, `audit ${type}`)
    await this.store.insert('audit', event)
  }

  /** Newest first; `after` is the id of the last event of the previous page. */
  async list (filter: AuditFilter, first: number, after: string | null): Promise<{ events: AuditEvent[], hasNextPage: boolean }> {
    const equals: Record<string, string> = {}
    for (const field of ['type', 'userId', 'sessionId', 'ip'] as const) if (filter[field] !== undefined) equals[field] = filter[field]
    const bounds = [after, filter.until].filter((b): b is string => b !== undefined && b !== null)
    const beforeId = bounds.length === 0 ? undefined : bounds.sort()[0]
    const rows = await this.store.page<AuditEvent>('audit', { equals, beforeId, fromId: filter.since, limit: first + 1 })
    return { events: rows.slice(0, first), hasNextPage: rows.length > first }
  }
}
