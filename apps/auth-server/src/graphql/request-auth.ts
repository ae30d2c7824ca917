// Who is calling: the access token from `Authorization: Bearer`, checked against the served keys, the issuer,
// the audience and the session (a revoked session's tokens stop working at once, not only at `exp`).
import type { FastifyRequest } from 'fastify'
import { jwtVerify, type JWTPayload } from 'jose'
import type { AuthService } from '../domain/auth-service.js'
import type { ClientInfo } from '../domain/records.js'
import type { Sessions } from '../domain/sessions.js'
import type { SigningKeys } from '../domain/signing-keys.js'
import { authError } from '../errors.js'

export interface Caller { userId: string, sessionId: string, role: string, /** RFC 8176 methods of the session */ amr: string[] }

export interface RequestAuthDeps {
  auth: AuthService
  sessions: Sessions
  keys: SigningKeys
  issuer: string
  audience: string
  /** REQUIRE_MFA_FOR_ADMINS: admin operations need a session opened with a second factor. */
  requireMfaForAdmins: boolean
}

export function createRequestAuth (deps: RequestAuthDeps) {
  const caller = async (request: FastifyRequest): Promise<Caller> => {
    const header = request.headers.authorization
    if (header === undefined || !/^Bearer /i.test(header)) throw authError('UNAUTHENTICATED', 'send Authorization: Bearer <accessToken>')
    let payload: JWTPayload
    try {
      ({ payload } = await jwtVerify(header.slice(7).trim(), async (protectedHeader) => {
        const key = protectedHeader.kid === undefined ? undefined : deps.keys.publicKeys.get(protectedHeader.kid)
        if (key === undefined) throw new Error('unknown kid')
        return key
      }, { algorithms: ['ES512'], issuer: deps.issuer, audience: deps.audience }))
    } catch {
      throw authError('UNAUTHENTICATED', 'access token is invalid or expired')
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw authError('UNAUTHENTICATED', 'access token lacks sub or sid')
    const session = await deps.sessions.active(payload.sid)
    if (session === undefined) throw authError('UNAUTHENTICATED', 'the session of this access token was revoked or has expired')
    // The role is read from the account, not the token, so a demotion takes effect immediately.
    const user = await deps.auth.user(payload.sub)
    if (user === undefined) throw authError('UNAUTHENTICATED', 'the account no longer exists')
    return { userId: user.id, sessionId: payload.sid, role: user.role, amr: session.amr ?? [] }
  }
  return {
    caller,
    admin: async (request: FastifyRequest): Promise<Caller> => {
      const who = await caller(request)
      if (who.role !== 'admin') throw authError('FORBIDDEN', 'this operation needs the admin role')
      if (deps.requireMfaForAdmins && !who.amr.includes('mfa')) {
        throw authError('MFA_REQUIRED', 'admin operations need a session opened with a second factor: enroll one (enrollTotp or a passkey), then sign in again')
      }
      return who
    },
    // The user agent is stored with sessions and audit events: bounded so a 16 KB header cannot bloat them.
    client: (request: FastifyRequest, deviceName?: string | null): ClientInfo =>
      ({ deviceName: deviceName ?? null, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null, ip: request.ip })
  }
}

export type RequestAuth = ReturnType<typeof createRequestAuth>
