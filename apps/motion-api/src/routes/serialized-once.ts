// A polled route whose domain hands out the same body object until the data changes (job lists, built from the
// store's cached array) serialises that object once and sends the JSON text to every later poll. One memo per
// response schema: the text follows it. The status of finished jobs is serialised each time: measured, that memo
// saved nothing.
import type { FastifyReply } from 'fastify'

export function serializedOnce () {
  const texts = new WeakMap<object, string | Buffer | ArrayBuffer>()
  return function send (reply: FastifyReply, body: object): FastifyReply {
    let text = texts.get(body)
    if (text === undefined) {
      text = reply.serialize(body)
      texts.set(body, text)
    }
    // A string with a JSON content type is sent as it is, without serialising it again.
    return reply.type('application/json; charset=utf-8').send(text)
  }
}
