// SayMotion clients print a top-level `message` from an error body and otherwise only the HTTP status
// (motion-api-public-extensions.md, "Responses clients read"), so every error body of this app repeats the shared
// error object's message at the top level: `{ message, error: { code, message, requestId, details? } }`.
import fp from 'fastify-plugin'

function isErrorBody (payload: unknown): payload is { error: { message: string } } {
  if (payload === null || typeof payload !== 'object' || 'message' in payload) return false
  const error = (payload as { error?: unknown }).error
  return error !== null && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
}

export const topLevelErrorMessage = fp(async (app) => {
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    done(null, reply.statusCode < 400 || !isErrorBody(payload) ? payload : { message: payload.error.message, ...payload })
  })
}, { name: 'top-level-error-message' })
