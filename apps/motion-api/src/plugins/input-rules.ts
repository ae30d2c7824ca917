// JSON is the only body type the API parses (the signed upload routes take raw bytes in their own context): any
// other is a client mistake, 1102 like every other invalid input. Text no store can hold in any part of a request
// is refused by createServer's input guard, with `inputGuardError` below.
import type { HostileInput } from '@openmotion/common'
import fp from 'fastify-plugin'
import { errors } from '../errors.js'

/** 1102 naming the field (`querystring/searchToken`, `headers/user-agent`) that holds a NUL, a lone surrogate or too much text. */
export function inputGuardError (hostile: HostileInput): Error {
  return errors.INVALID_PARAMETER(`${hostile.field} ${hostile.problem}`, { parameter: hostile.field })
}

export const inputRules = fp(async (app) => {
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(
      errors.INVALID_PARAMETER(`content-type ${request.headers['content-type'] ?? '(none)'} is not accepted: send application/json`, {
        parameter: 'content-type'
      })
    )
  })
}, { name: 'input-rules' })
