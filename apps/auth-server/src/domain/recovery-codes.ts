// Ten single-use recovery codes, shown once: each is 50 random bits (ten base32 characters, grouped 5-5), stored
// only as SHA-256 of `userId:code`. The hash is the document id, so using a code is deleting its document, which
// one request alone can do; another account's code hashes to a different id and matches nothing.
import { createHash, randomBytes } from 'node:crypto'
import { MFA_COLLECTIONS, type RecoveryCode } from './mfa-records.js'
import type { DocumentStore } from './ports.js'

const COUNT = 10
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')
const idOf = (userId: string, code: string) => createHash('sha256').update(`${userId}:${normalize(code)}`).digest('hex')

function newCode (): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

export class RecoveryCodes {
  constructor (private readonly store: DocumentStore) {}

  /** Replaces every code of the account with ten new ones; resolves them in clear, the only time they are. */
  async replace (userId: string): Promise<string[]> {
    await this.removeAll(userId)
    const codes = Array.from({ length: COUNT }, newCode)
    const createdAt = new Date().toISOString()
    for (const code of codes) {
      const doc: RecoveryCode = { id: idOf(userId, code), userId, createdAt }
      await this.store.insert(MFA_COLLECTIONS.recoveryCodes, doc)
    }
    return codes
  }

  /** Whether the code was one of the account's and unused; using it burns it. */
  async consume (userId: string, code: string): Promise<boolean> {
    if (normalize(code).length !== 10) return false
    return await this.store.delete(MFA_COLLECTIONS.recoveryCodes, idOf(userId, code))
  }

  async left (userId: string): Promise<number> {
    return (await this.store.findBy(MFA_COLLECTIONS.recoveryCodes, 'userId', userId)).length
  }

  async removeAll (userId: string): Promise<number> {
    let count = 0
    for (const doc of await this.store.findBy(MFA_COLLECTIONS.recoveryCodes, 'userId', userId)) {
      if (await this.store.delete(MFA_COLLECTIONS.recoveryCodes, doc.id)) count++
    }
    return count
  }
}
