// Six-digit codes for e-mail verification and password reset. One live code per user and purpose (a new one
// replaces the old); stored as a salted hash; expires; too many wrong tries burn it; using it deletes it.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { authError } from '../errors.js'
import type { DocumentStore } from './ports.js'

export type CodePurpose = 'verify-email' | 'reset-password'

interface CodeDocument extends Record<string, unknown> {
  id: string
  userId: string
  purpose: CodePurpose
  hash: string
  attempts: number
  expiresAt: string
}

const hashCode = (userId: string, purpose: CodePurpose, code: string) => createHash('sha256').update(`${purpose}:${userId}:${code}`).digest('hex')

export class OneTimeCodes {
  constructor (private readonly store: DocumentStore, private readonly maxAttempts: number) {}

  async issue (userId: string, purpose: CodePurpose, ttlSeconds: number): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const doc: CodeDocument = {
      id: `${purpose}:${userId}`,
      userId,
      purpose,
      hash: hashCode(userId, purpose, code),
      attempts: 0,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString()
    }
    await this.store.delete('codes', doc.id)
    await this.store.insert('codes', doc)
    return code
  }

  /** Consumes the code when right; throws CODE_EXPIRED or CODE_INVALID (with the tries left) otherwise. */
  async consume (userId: string | undefined, purpose: CodePurpose, code: string): Promise<void> {
    const doc = userId === undefined ? undefined : await this.store.get<CodeDocument>('codes', `${purpose}:${userId}`)
    if (userId === undefined || doc === undefined) throw authError('CODE_INVALID', 'the code is wrong or no code was requested')
    if (Date.parse(doc.expiresAt) <= Date.now()) {
      await this.store.delete('codes', doc.id)
      throw authError('CODE_EXPIRED', 'the code has expired; request a new one')
    }
    const expected = Buffer.from(doc.hash, 'hex')
    const given = Buffer.from(hashCode(userId, purpose, code.trim()), 'hex')
    if (timingSafeEqual(expected, given)) {
      await this.store.delete('codes', doc.id)
      return
    }
    const attempts = doc.attempts + 1
    if (attempts >= this.maxAttempts) {
      await this.store.delete('codes', doc.id)
      throw authError('CODE_INVALID', 'the code is wrong and has been burned after too many tries; request a new one', { attemptsLeft: 0 })
    }
    await this.store.put('codes', { ...doc, attempts })
    throw authError('CODE_INVALID', 'the code is wrong', { attemptsLeft: this.maxAttempts - attempts })
  }
}
