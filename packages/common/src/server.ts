// createServer: a fastify instance with everything the three services share (request ids, redacted logs,
// metrics, health, OpenAPI, the uniform error shape). Apps add their own plugins and routes on top and
// never listen here: `listen` lives in start.ts so tests can build an app and use inject().
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { fastify, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Logger } from 'pino'
import { defaultErrorCodes, errorBody, installErrorHandler, type ErrorCodeMap } from './error-handler.js'
import { healthPlugin } from './health.js'
import { requestLoggerFactory } from './request-logger.js'
import { AccessLogController } from './access-log.js'
import { AppError } from './errors.js'
import { DEFAULT_TEXT_LIMITS, findNonFiniteNumber, hostileInputHooks, type HostileInput, type TextLimits } from './input-guard.js'
import { strictBodyValidator } from './validator-compiler.js'
import { createMetrics, metricsPlugin, type Metrics } from './metrics.js'
import { nameRequestSpan } from './tracing/trace-context.js'

export type AppInstance = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>

export interface ServerOptions {
  name: string
  version: string
  description?: string
  logger: Logger
  metrics?: Metrics
  errorCodes?: Partial<ErrorCodeMap>
  bodyLimit?: number
  /** Longest path parameter; the default fits comma-separated lists such as 40 request ids. */
  maxParamLength?: number
  trustProxy?: boolean
  /** Validate JSON bodies without type coercion (`false` is not the string "false"); queries and paths still coerce. */
  strictBodies?: boolean
  /**
   * The hostile-text check every route runs before validation (input-guard.ts): the app's error for it (the
   * validation code with `{ field }` by default), limits other than DEFAULT_TEXT_LIMITS, and the routes whose body
   * their own parser or resolvers check (`POST /webhook`, `/graphql`), whose headers and parameters are still checked.
   */
  inputGuard?: {
    toError?: (hostile: HostileInput) => Error
    limits?: Partial<TextLimits>
    ownBodyCheck?: readonly string[]
  }
  /** Extra OpenAPI security schemes, tags or servers for the generated document. */
  openapi?: {
    components?: Record<string, unknown>
    tags?: { name: string, description?: string }[]
  }
}

// An incoming id is reused only when it is short and plain, so clients cannot inject text into logs.
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/

export async function createServer (options: ServerOptions): Promise<AppInstance> {
  const codes = { ...defaultErrorCodes, ...options.errorCodes }
  const app = fastify({
    // A path that is not valid percent-encoded UTF-8 fails in the router, before any handler: answer it in the
    // shared error shape too, not fastify's own.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      reply.status(400).send(errorBody(request.id, codes.badRequest, error.message))
    },
    // A request Node cannot parse (an invalid header value, say) never reaches a route: still the shared shape.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return
      const body = JSON.stringify(errorBody(randomUUID(), codes.badRequest, 'Malformed HTTP request'))
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
      )
    },
    loggerInstance: options.logger as FastifyBaseLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    logController: new AccessLogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // fastify's default of 100 characters would answer 414 to a status query for three UUIDs.
    routerOptions: { maxParamLength: options.maxParamLength ?? 4000 },
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    ...(options.strictBodies === true ? { schemaController: { compilersFactory: { buildValidator: strictBodyValidator() } } } : {})
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Keep-alive clients would otherwise hold their sockets open past close(): once closing, every response
  // that is still finishing tells its client to hang up, so the server can end as soon as work is done.
  // Connections that turn idle after close() began are not swept by fastify, so sweep until it finishes.
  let closing = false
  let sweeper: NodeJS.Timeout | undefined
  app.addHook('preClose', async () => {
    closing = true
    sweeper = setInterval(() => { app.server.closeIdleConnections() }, 100)
  })
  app.addHook('onClose', async () => { clearInterval(sweeper) })
  // Hooks on every request are callback-style (an async hook costs a promise per request on the hot path), and
  // there is one: every reply fastify sends passes onSend (errors, 404s and hooks' own replies included), so the
  // request id is set there rather than in an onRequest hook of its own, and the request's span named after its route.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id)
    nameRequestSpan(request.method, request.routeOptions.url)
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  installErrorHandler(app, codes)
  installInputGuard(app, codes, options.inputGuard)
  app.addHook('preHandler', (request, reply, done) => {
    const field = findNonFiniteNumber({ params: request.params, querystring: request.query })
    if (field === undefined) { done(); return }
    reply.status(400).send(errorBody(request.id, codes.validation, `${field} must be a finite number`, { field }))
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.name, version: options.version, ...(options.description === undefined ? {} : { description: options.description }) },
      ...(options.openapi?.components === undefined ? {} : { components: options.openapi.components }),
      ...(options.openapi?.tags === undefined ? {} : { tags: options.openapi.tags })
    }
  })
  app.get('/openapi.json', { schema: { hide: true }, logLevel: 'warn' }, async () => app.swagger())

  await app.register(metricsPlugin, { metrics: options.metrics ?? createMetrics({ app: options.name }) })
  await app.register(healthPlugin)
  return app
}

/**
 * Puts the hostile-text check first among each route's preValidation hooks as the route is declared, so which
 * variant a route gets (with or without its body) is decided once, not looked up on every request.
 */
function installInputGuard (app: AppInstance, codes: ErrorCodeMap, options: ServerOptions['inputGuard'] = {}): void {
  const toError = options.toError ?? ((hostile: HostileInput) =>
    new AppError(codes.validation, `${hostile.field} ${hostile.problem}`, 400, { details: { field: hostile.field } }))
  const hooks = hostileInputHooks(toError, { ...DEFAULT_TEXT_LIMITS, ...options.limits })
  const ownBody = new Set(options.ownBodyCheck)
  app.addHook('onRoute', (route) => {
    const guard = ownBody.has(route.url) ? hooks.withoutBody : hooks.whole
    const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]
    if (!existing.includes(guard)) route.preValidation = [guard, ...existing]
  })
}
