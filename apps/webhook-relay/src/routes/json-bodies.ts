// The API takes JSON bodies only, as README's error table says: any other Content-Type (text/plain, which fastify
// would otherwise parse as a string, included) is 415 RELAY_UNSUPPORTED_MEDIA_TYPE, and a body that does not
// parse is 400 RELAY_INVALID_JSON on every route, not only on POST /webhook (which has its own parser).
import type { AppInstance } from '@openmotion/common'
import { errors } from '../errors.js'

export function acceptJsonBodiesOnly (app: AppInstance): void {
  // fastify's own parser: it refuses __proto__ and constructor.prototype keys (prototype poisoning).
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error === null) done(null, value)
      else done(errors.RELAY_INVALID_JSON(), undefined)
    })
  })
}
