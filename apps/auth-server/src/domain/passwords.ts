// bcrypt hashing with the rules bcrypt does not enforce itself (a minimum length; refusing, not truncating, over
// 72 bytes) and a decoy hash so a sign-in for an unknown address costs the same time as a wrong password.
// bcrypt's native binding runs on the libuv pool, so hashing never blocks the event loop.
import { randomBytes } from 'node:crypto'
import bcrypt from 'bcrypt'
import type { Histogram } from 'prom-client'
import { authError } from '../errors.js'

export function checkPassword (password: string, field = 'password'): void {
  if (password.length < 8) throw authError('BAD_USER_INPUT', `${field} must have at least 8 characters`, { field })
  if (Buffer.byteLength(password) > 72) { throw authError('BAD_USER_INPUT', `${field} must be at most 72 bytes (bcrypt would silently ignore the rest)`, { field }) }
}

export class Passwords {
  private readonly decoy: Promise<string>

  constructor (private readonly cost: number, private readonly seconds?: Histogram<'operation'>) {
    // Computed up front (on the libuv pool, not delaying start-up), so even the first sign-in for an unknown
    // address costs one comparison only. A failure here surfaces in `matches`.
    this.decoy = bcrypt.hash(randomBytes(16).toString('hex'), cost)
    this.decoy.catch(() => {})
  }

  async hash (password: string): Promise<string> {
    const end = this.seconds?.startTimer({ operation: 'hash' })
    try { return await bcrypt.hash(password, this.cost) } finally { end?.() }
  }

  /** Compares against `hash`, or against a decoy of the same cost when there is no hash to compare with. */
  async matches (password: string, hash: string | null | undefined): Promise<boolean> {
    const end = this.seconds?.startTimer({ operation: 'compare' })
    try {
      const ok = await bcrypt.compare(password, hash ?? await this.decoy)
      return ok && hash !== null && hash !== undefined
    } finally { end?.() }
  }
}
