// The ticket signIn answers for an account with a second factor: 256 random bits, stored as SHA-256, living
// MFA_TICKET_TTL seconds, consumed (deleted) by the verifyMfa that opens the session, so it opens one at most.
import { createHash, randomBytes } from 'node:crypto'
import { authError } from '../errors.js'
import { MFA_COLLECTIONS, type MfaTicket } from './mfa-records.js'
import type { DocumentStore } from './ports.js'

export const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex')
const TICKET = /^[A-Za-z0-9_-]{43}$/

export class MfaTickets {
  constructor (private readonly store: DocumentStore, private readonly ttlSeconds: number) {}

  /** `amr`: the methods of the first step (pwd, or a provider's), carried into the session verifyMfa opens. */
  async issue (userId: string, deviceName: string | null, amr: string[] = ['pwd']): Promise<{ ticket: string, expiresAt: string }> {
    const now = new Date()
    // Abandoned tickets would pile up otherwise; the expiry index makes this one cheap statement.
    await this.store.deleteBefore(MFA_COLLECTIONS.tickets, 'expiresAt', now.toISOString())
    const ticket = randomBytes(32).toString('base64url')
    const doc: MfaTicket = {
      id: ticketHash(ticket),
      userId,
      deviceName,
      amr,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000).toISOString()
    }
    await this.store.insert(MFA_COLLECTIONS.tickets, doc)
    return { ticket, expiresAt: doc.expiresAt }
  }

  /** The live ticket, not yet consumed; MFA_TICKET_INVALID for an unknown, used or expired one. */
  async find (ticket: string): Promise<MfaTicket> {
    const doc = TICKET.test(ticket) ? await this.store.get<MfaTicket>(MFA_COLLECTIONS.tickets, ticketHash(ticket)) : undefined
    if (doc === undefined) throw authError('MFA_TICKET_INVALID', 'the MFA ticket is unknown or was already used; sign in again')
    if (Date.parse(doc.expiresAt) <= Date.now()) {
      await this.store.delete(MFA_COLLECTIONS.tickets, doc.id)
      throw authError('MFA_TICKET_INVALID', 'the MFA ticket has expired; sign in again')
    }
    return doc
  }

  /** Of concurrent consumers of one ticket exactly one passes; the others meet MFA_TICKET_INVALID. */
  async consume (doc: MfaTicket): Promise<void> {
    if (!await this.store.delete(MFA_COLLECTIONS.tickets, doc.id)) {
      throw authError('MFA_TICKET_INVALID', 'the MFA ticket was already used; sign in again')
    }
  }
}
