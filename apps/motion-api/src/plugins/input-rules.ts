// What every request must be before a route sees it: text without NUL bytes or lone surrogates (any part of the
// request), and JSON as the only body type the API parses (the signed upload routes take raw bytes in their own
// context). Breaking either is a client mistake, 1102 like every other invalid input.
import { hostileInputHook } from '@openmotion/common'
import fp from 'fastify-plugin'
import { errors } from '../errors.js'

export const inputRules = fp(async (app) => {
  app.addHook('preValidation', hostileInputHook((hostile) => errors.INVALID_PARAMETER(`${hostile.part} ${hostile.problem}`, {
    parameter: hostile.part === 'querystring' ? 'query' : hostile.part
  })))
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(
      errors.INVALID_PARAMETER(`content-type ${request.headers['content-type'] ?? '(none)'} is not accepted: send application/json`, {
        parameter: 'content-type'
      })
    )
  })
}, { name: 'input-rules' })
