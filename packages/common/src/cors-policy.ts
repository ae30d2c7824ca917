// Which browser origins may call a service with credentials, decided the same way in every app: the origins of
// CORS_ORIGINS always; any http://localhost port outside production (a developer's page); and whatever the app adds
// at request time (motion-api: each client's registered origins).
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const LOCALHOST_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/** `CORS_ORIGINS` → its origins (comma-separated, blanks ignored). */
export function parseOrigins (csv: string): string[] {
  return csv.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '')
}

export interface CorsPolicyOptions {
  /** The CORS_ORIGINS value. */
  origins: string
  production: boolean
  /** Origins allowed besides the configured ones, looked up per request. */
  alsoAllowed?: (origin: string) => Promise<boolean>
}

export interface CorsPolicy {
  /** The origins from CORS_ORIGINS. */
  readonly configured: readonly string[]
  /** Configured or (outside production) localhost: known without a lookup. */
  allowsWithoutLookup: (origin: string) => boolean
  allows: (origin: string) => Promise<boolean>
}

export function createCorsPolicy (options: CorsPolicyOptions): CorsPolicy {
  const configured = Object.freeze(parseOrigins(options.origins))
  const allowsWithoutLookup = (origin: string): boolean => configured.includes(origin) || (!options.production && LOCALHOST_ORIGIN.test(origin))
  return {
    configured,
    allowsWithoutLookup,
    allows: async (origin) => allowsWithoutLookup(origin) || await (options.alsoAllowed?.(origin) ?? Promise.resolve(false))
  }
}

export interface CorsPluginOptions {
  policy: CorsPolicy
  /** Methods a preflight allows; every method the app's routes use. */
  methods?: string[]
  /** Request headers a preflight allows besides the CORS-safelisted ones; unset reflects what the browser asks. */
  allowedHeaders?: string[]
  /** Response headers a page may read (Location, Range...). */
  exposedHeaders?: string[]
  /** How long a browser may cache a preflight, seconds. */
  maxAge?: number
}

/** @fastify/cors with credentials, answering preflights by the policy. */
export const corsPlugin = fp(async (app: FastifyInstance, options: CorsPluginOptions) => {
  await app.register(cors, {
    credentials: true,
    methods: options.methods ?? ['GET', 'HEAD', 'POST'],
    ...(options.allowedHeaders === undefined ? {} : { allowedHeaders: options.allowedHeaders }),
    ...(options.exposedHeaders === undefined ? {} : { exposedHeaders: options.exposedHeaders }),
    maxAge: options.maxAge ?? 600,
    origin: (origin, callback) => {
      if (origin === undefined) { callback(null, false); return }
      options.policy.allows(origin).then((allowed) => { callback(null, allowed) }, (error: Error) => { callback(error, false) })
    }
  })
}, { name: 'openmotion-cors', fastify: '5.x' })
