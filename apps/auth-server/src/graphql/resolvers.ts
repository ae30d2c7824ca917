import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AccountRecovery } from '../domain/account-recovery.js'
import type { AuditFilter, AuditLog } from '../domain/audit-log.js'
import type { AuthService } from '../domain/auth-service.js'
import type { Identities } from '../domain/identities.js'
import type { Invitations } from '../domain/invitations.js'
import type { MfaEnrollment } from '../domain/mfa-enrollment.js'
import type { Passkeys } from '../domain/passkeys.js'
import type { ProviderSignIn } from '../domain/provider-sign-in.js'
import type { SecondFactors } from '../domain/second-factor.js'
import { AUDIT_EVENT_TYPES, type AuthPayload, type Role } from '../domain/records.js'
import type { Sessions } from '../domain/sessions.js'
import { authError } from '../errors.js'
import { guardArguments } from './input-guard.js'
import { createMfaResolvers } from './mfa-resolvers.js'
import { createProviderResolvers } from './provider-resolvers.js'
import { JSONScalar, metadataObject } from './json-scalar.js'
import type { RequestAuth } from './request-auth.js'
import { auditEventView, invitationView, sessionView, userView } from './views.js'

export interface ResolverContext { request: FastifyRequest, reply: FastifyReply }

export interface ResolverDeps {
  auth: AuthService
  sessions: Sessions
  recovery: AccountRecovery
  invitations: Invitations
  audit: AuditLog
  secondFactors: SecondFactors
  enrollment: MfaEnrollment
  passkeys: Passkeys
  providerSignIn: ProviderSignIn
  identities: Identities
  requestAuth: RequestAuth
  cookie: { name: string, secure: boolean, sameSite: 'lax' | 'none', maxAge: number }
  /** Whether a browser Origin may use the refresh cookie (CSRF guard for the one cookie-authenticated mutation). */
  originAllowed: (origin: string, request: FastifyRequest) => boolean
}

const ROLES: readonly Role[] = ['user', 'admin']
const MAX_PAGE = 200

function roleOf (value: string | null | undefined): Role {
  const role = (value ?? 'user') as Role
  if (!ROLES.includes(role)) throw authError('BAD_USER_INPUT', `role must be one of ${ROLES.join(', ')}`, { field: 'role' })
  return role
}

function auditFilter (filter: Record<string, string | null> | null | undefined): AuditFilter {
  const result: AuditFilter = {}
  for (const [key, value] of Object.entries(filter ?? {})) if (value !== null && value !== undefined) (result as Record<string, string>)[key] = value
  if (result.type !== undefined && !(AUDIT_EVENT_TYPES as readonly string[]).includes(result.type)) {
    throw authError('BAD_USER_INPUT', `filter.type must be one of ${AUDIT_EVENT_TYPES.join(', ')}`, { field: 'filter.type' })
  }
  return result
}

export function createResolvers (deps: ResolverDeps) {
  const { caller, admin, client } = deps.requestAuth
  const cookiePath = '/graphql'
  const respond = (reply: FastifyReply, payload: AuthPayload) => {
    reply.setCookie(deps.cookie.name, payload.refreshToken, {
      path: cookiePath,
      httpOnly: true,
      secure: deps.cookie.secure,
      sameSite: deps.cookie.sameSite,
      maxAge: deps.cookie.maxAge
    })
    return { ...payload, user: userView(payload.user), session: sessionView(payload.session, payload.session.id) }
  }
  const refreshTokenOf = (request: FastifyRequest, given: string | null | undefined): string => {
    if (given !== undefined && given !== null && given !== '') return given
    const cookie = request.cookies[deps.cookie.name]
    if (cookie === undefined || cookie === '') throw authError('UNAUTHENTICATED', 'no refresh token given and no refresh cookie sent')
    const origin = request.headers.origin
    if (origin !== undefined && !deps.originAllowed(origin, request)) throw authError('FORBIDDEN', `origin ${origin} may not use the refresh cookie`)
    return cookie
  }

  const mfa = createMfaResolvers({ ...deps, respond })
  const providers = createProviderResolvers({ ...deps, flowCookie: deps.cookie, respond })

  return guardArguments({
    JSON: JSONScalar,
    Query: {
      ...mfa.Query,
      ...providers.Query,
      me: async (_: unknown, _args: unknown, { request }: ResolverContext) => {
        const who = await caller(request)
        const user = await deps.auth.user(who.userId)
        if (user === undefined) throw authError('UNAUTHENTICATED', 'the account no longer exists')
        return userView(user)
      },
      sessions: async (_: unknown, _args: unknown, { request }: ResolverContext) => {
        const who = await caller(request)
        return (await deps.sessions.list(who.userId)).map((s) => sessionView(s, who.sessionId))
      },
      invitations: async (_: unknown, _args: unknown, { request }: ResolverContext) => {
        await admin(request)
        return (await deps.invitations.list()).map((i) => invitationView(i))
      },
      auditEvents: async (
        _: unknown,
        args: { filter?: Record<string, string | null> | null, first?: number | null, after?: string | null },
        { request }: ResolverContext
      ) => {
        await admin(request)
        const first = args.first ?? 50
        if (first < 1 || first > MAX_PAGE) throw authError('BAD_USER_INPUT', `first must be from 1 to ${MAX_PAGE}`, { field: 'first' })
        const { events, hasNextPage } = await deps.audit.list(auditFilter(args.filter), first, args.after ?? null)
        return { events: events.map(auditEventView), endCursor: events.at(-1)?.id ?? null, hasNextPage }
      }
    },
    Mutation: {
      ...mfa.Mutation,
      ...providers.Mutation,
      signUp: async (_: unknown, args: { email: string, password: string }, { request }: ResolverContext) =>
        deps.auth.signUp(args.email, args.password, client(request)),
      signIn: async (_: unknown, args: { email: string, password: string, deviceName?: string }, { request, reply }: ResolverContext) =>
        respond(reply, await deps.secondFactors.signIn(args.email, args.password, client(request, args.deviceName))),
      refreshToken: async (_: unknown, args: { refreshToken?: string | null }, { request, reply }: ResolverContext) =>
        respond(reply, await deps.auth.refresh(refreshTokenOf(request, args.refreshToken), client(request))),
      signOut: async (_: unknown, _args: unknown, { request, reply }: ResolverContext) => {
        const who = await caller(request)
        reply.clearCookie(deps.cookie.name, { path: cookiePath })
        return deps.sessions.revoke(who.userId, who.sessionId, 'sign_out', client(request))
      },
      signOutEverywhere: async (_: unknown, _args: unknown, { request, reply }: ResolverContext) => {
        const who = await caller(request)
        reply.clearCookie(deps.cookie.name, { path: cookiePath })
        return deps.sessions.revokeAll(who.userId, 'sign_out_everywhere', client(request))
      },
      revokeSession: async (_: unknown, args: { id: string }, { request }: ResolverContext) => {
        const who = await caller(request)
        return deps.sessions.revoke(who.userId, args.id, 'revoked', client(request))
      },
      verifyEmail: async (_: unknown, args: { email: string, code: string }, { request }: ResolverContext) =>
        userView(await deps.recovery.verifyEmail(args.email, args.code, client(request))),
      resendVerificationCode: async (_: unknown, args: { email: string }, { request }: ResolverContext) =>
        deps.recovery.resendVerification(args.email, client(request)),
      requestPasswordReset: async (_: unknown, args: { email: string }, { request }: ResolverContext) =>
        deps.recovery.requestPasswordReset(args.email, client(request)),
      resetPassword: async (_: unknown, args: { email: string, code: string, newPassword: string }, { request }: ResolverContext) =>
        deps.recovery.resetPassword(args.email, args.code, args.newPassword, client(request)),
      changePassword: async (_: unknown, args: { currentPassword: string, newPassword: string }, { request }: ResolverContext) => {
        const who = await caller(request)
        return deps.auth.changePassword(who.userId, who.sessionId, args.currentPassword, args.newPassword, client(request))
      },
      setPassword: async (_: unknown, args: { password: string }, { request }: ResolverContext) => {
        const who = await caller(request)
        return deps.auth.setPassword(who.userId, who.sessionId, args.password, client(request))
      },
      updateProfile: async (_: unknown, args: { metadata: unknown }, { request }: ResolverContext) => {
        const who = await caller(request)
        return userView(await deps.auth.updateProfile(who.userId, metadataObject(args.metadata, 'metadata')))
      },
      inviteUser: async (_: unknown, args: { email: string, role?: string | null, metadata?: unknown }, { request }: ResolverContext) => {
        const who = await admin(request)
        const metadata = args.metadata === undefined || args.metadata === null ? {} : metadataObject(args.metadata, 'metadata')
        const { invitation, token } = await deps.invitations.invite(args.email, roleOf(args.role), metadata, who.userId, client(request))
        return invitationView(invitation, token)
      },
      revokeInvitation: async (_: unknown, args: { id: string }, { request }: ResolverContext) => {
        await admin(request)
        return deps.invitations.revoke(args.id)
      },
      acceptInvitation: async (_: unknown, args: { token: string, deviceName?: string }, { request, reply }: ResolverContext) =>
        respond(reply, await deps.invitations.accept(args.token, client(request, args.deviceName))),
      setUserRole: async (_: unknown, args: { id: string, role: string }, { request }: ResolverContext) => {
        const who = await admin(request)
        return userView(await deps.auth.setRole(args.id, roleOf(args.role), { by: who.userId, client: client(request) }))
      }
    }
  })
}
