// One access line per request at info, written when the response is done. fastify's default writes two, an
// "incoming request" line as the request arrives and a "request completed" line after. At LOG_LEVEL=info (the
// default) a bare route paid 16–17 µs of CPU per request for the two lines over none, and 7–15 µs for one
// (docs/benchmarks.md). The completed line carries the request (method, url, host, remote address) as well, so
// nothing is lost at info; the arrival line is still written at debug, where it helps to find a request that never
// finishes.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

export class AccessLogController extends LogController {
  override incomingRequest (request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    if (error !== null && error !== undefined) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }
}
