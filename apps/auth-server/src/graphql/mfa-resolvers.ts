// Resolvers of mfa-schema.ts: thin calls into SecondFactors and MfaEnrollment. createResolvers merges them in
// before the input guard wraps every field.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { MfaEnrollment } from '../domain/mfa-enrollment.js'
import type { Passkey } from '../domain/mfa-records.js'
import type { Passkeys } from '../domain/passkeys.js'
import type { AuthPayload } from '../domain/records.js'
import type { SecondFactors } from '../domain/second-factor.js'
import type { RequestAuth } from './request-auth.js'

export interface Context { request: FastifyRequest, reply: FastifyReply }

export interface MfaResolverDeps {
  secondFactors: SecondFactors
  enrollment: MfaEnrollment
  passkeys: Passkeys
  requestAuth: RequestAuth
  /** Sets the refresh cookie and shapes the payload, as signIn does. */
  respond: (reply: FastifyReply, payload: AuthPayload) => unknown
}

export const passkeyView = (p: Passkey) => ({
  id: p.id,
  name: p.name,
  deviceType: p.deviceType,
  backupEligible: p.backupEligible,
  backedUp: p.backedUp,
  transports: p.transports,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt
})

export function createMfaResolvers ({ secondFactors, enrollment, passkeys, requestAuth, respond }: MfaResolverDeps) {
  const { caller, admin, client } = requestAuth
  return {
    Query: {
      mfaStatus: async (_: unknown, _args: unknown, { request }: Context) => {
        const who = await caller(request)
        const status = await secondFactors.status(who.userId)
        return { ...status, passkeys: (await passkeys.list(who.userId)).map(passkeyView) }
      }
    },
    Mutation: {
      enrollTotp: async (_: unknown, args: { password?: string | null }, { request }: Context) =>
        await enrollment.enrollTotp(await caller(request), args, client(request)),
      confirmTotp: async (_: unknown, args: { code: string }, { request }: Context) =>
        await enrollment.confirmTotp(await caller(request), args.code, client(request)),
      disableTotp: async (_: unknown, args: { code?: string | null, password?: string | null }, { request }: Context) =>
        await enrollment.disableTotp(await caller(request), args, client(request)),
      regenerateRecoveryCodes: async (_: unknown, args: { code: string }, { request }: Context) =>
        await enrollment.regenerateRecoveryCodes(await caller(request), args.code, client(request)),
      verifyMfa: async (
        _: unknown,
        args: { ticket: string, code?: string | null, recoveryCode?: string | null, passkey?: unknown, deviceName?: string | null },
        { request, reply }: Context
      ) => respond(reply, await secondFactors.verify(args.ticket, args, client(request, args.deviceName))),
      passkeyMfaOptions: async (_: unknown, args: { ticket: string }) => await secondFactors.passkeyOptionsForTicket(args.ticket),
      passkeyRegistrationOptions: async (_: unknown, args: { password?: string | null, code?: string | null }, { request }: Context) =>
        await enrollment.passkeyRegistrationOptions(await caller(request), args, client(request)),
      registerPasskey: async (_: unknown, args: { response: unknown, name?: string | null }, { request }: Context) =>
        passkeyView(await enrollment.registerPasskey(await caller(request), args.response, args.name ?? null, client(request))),
      passkeySignInOptions: async (_: unknown, _args: unknown, { request }: Context) => await secondFactors.passkeySignInOptions(client(request)),
      signInWithPasskey: async (_: unknown, args: { response: unknown, deviceName?: string | null }, { request, reply }: Context) =>
        respond(reply, await secondFactors.signInWithPasskey(args.response, client(request, args.deviceName))),
      renamePasskey: async (_: unknown, args: { id: string, name: string }, { request }: Context) =>
        passkeyView(await passkeys.rename((await caller(request)).userId, args.id, args.name)),
      deletePasskey: async (_: unknown, args: { id: string }, { request }: Context) =>
        await enrollment.deletePasskey(await caller(request), args.id, client(request)),
      resetUserMfa: async (_: unknown, args: { id: string }, { request }: Context) =>
        await enrollment.resetFactors(await admin(request), args.id, client(request))
    }
  }
}
