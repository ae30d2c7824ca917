import { EnvEnum, Type, commonEnv, defineConfig, operatorAuthEnv, requireThat, type ConfigDefinition, type Static } from '@openmotion/common'
import { FormatRegistry } from '@sinclair/typebox'

const DURATION = /^(\d+)(ms|s|m|h|d)$/
// A named format (not a pattern) so the generated docs say "a duration" instead of printing a regular expression.
if (!FormatRegistry.Has('duration')) FormatRegistry.Set('duration', (value) => DURATION.test(value))

const relaySchema = Type.Object({
  ...commonEnv,
  WEBHOOK_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8000, description: 'Port the relay listens on' }),
  STORAGE_TYPE: EnvEnum(['memory', 'redis', 'kafka'], { default: 'memory', description: 'Delivery queue backend: memory (nothing survives a restart), redis (REDIS_URL) or kafka (KAFKA_BROKER)' }),
  REDIS_URL: Type.Optional(Type.String({ format: 'uri', description: 'Redis URL; required when STORAGE_TYPE is redis' })),
  KAFKA_BROKER: Type.Optional(Type.String({ minLength: 1, description: 'Kafka bootstrap broker(s), host:port, comma-separated; required when STORAGE_TYPE is kafka' })),
  QUEUE_PREFIX: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', default: 'webhook-relay', description: 'Prefix of the Redis keys, Kafka topics and consumer groups of the queue (relays sharing a queue use the same one)' }),
  KAFKA_PARTITIONS: Type.Integer({ minimum: 1, maximum: 1000, default: 6, description: 'Partitions of the deliveries topic when the relay creates it' }),
  ENCRYPTION_KEY: Type.Optional(Type.String({ minLength: 1, description: 'RSA private key (PEM text or a path to a PEM file) that encrypts webhook data at rest; unset stores data in plaintext and warns' })),
  ADMIN_API_KEY: Type.Optional(Type.String({ minLength: 16, description: 'Bearer token of the admin API (/v1/tenants); the admin API is disabled when neither it nor AUTH_JWKS_URL is set' })),
  ...operatorAuthEnv,
  DATABASE_URL: Type.Optional(Type.String({ format: 'uri', description: 'postgres:// URL for tenants, endpoints, messages and attempts; unset uses embedded PGlite under DATA_DIR' })),
  DATA_DIR: Type.String({ default: './data/webhook-relay', description: 'Directory of the embedded PGlite database when DATABASE_URL is unset' }),
  MAX_PAYLOAD_BYTES: Type.Integer({ minimum: 1024, maximum: 10 * 1024 * 1024, default: 262_144, description: 'Largest accepted POST /webhook body in bytes; larger bodies get 413' }),
  DELIVERY_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000, description: 'Time an endpoint has to answer with a 2xx before the attempt counts as failed' }),
  RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 5000, description: 'First retry waits up to this long; each later retry doubles the cap (full jitter)' }),
  RETRY_MAX_MS: Type.Integer({ minimum: 1, default: 10_800_000, description: 'Largest wait between two attempts (also caps Retry-After)' }),
  RETRY_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Attempts per delivery (first one included) before it is dead' }),
  ENDPOINT_DISABLE_AFTER: Type.String({ format: 'duration', default: '5d', description: 'An endpoint failing continuously this long (e.g. 5d, 12h, 30m) is disabled' }),
  ENDPOINT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'Deliveries in flight at once to one endpoint (per relay instance)' }),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 10_000, default: 100, description: 'Deliveries in flight at once in this relay instance' }),
  QUEUE_VISIBILITY_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 60_000, description: 'Redis: a job taken by a relay that dies is handed out again after this long' }),
  ALLOW_PRIVATE_DESTINATIONS: Type.Boolean({ default: false, description: 'Allow endpoint URLs resolving to loopback, private, link-local or metadata addresses (tests and local use only)' }),
  RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'Messages, deliveries and attempts older than this are deleted' })
})

export type RelayConfig = Static<typeof relaySchema>

export const relayConfig: ConfigDefinition<typeof relaySchema> = defineConfig(relaySchema, {
  rules: [
    (c) => { requireThat(c.STORAGE_TYPE !== 'redis' || c.REDIS_URL !== undefined, 'REDIS_URL', 'REDIS_URL is required when STORAGE_TYPE is redis') },
    (c) => { requireThat(c.STORAGE_TYPE !== 'kafka' || c.KAFKA_BROKER !== undefined, 'KAFKA_BROKER', 'KAFKA_BROKER is required when STORAGE_TYPE is kafka') },
    (c) => { requireThat(c.RETRY_MAX_MS >= c.RETRY_BASE_MS, 'RETRY_MAX_MS', 'RETRY_MAX_MS must be at least RETRY_BASE_MS') },
    (c) => {
      requireThat(c.QUEUE_VISIBILITY_TIMEOUT_MS > c.DELIVERY_TIMEOUT_MS + 5000, 'QUEUE_VISIBILITY_TIMEOUT_MS',
        'QUEUE_VISIBILITY_TIMEOUT_MS must exceed DELIVERY_TIMEOUT_MS by more than 5000, or a slow delivery would be handed to a second relay')
    }
  ]
})

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `5d` → 432000000. The config pattern guarantees the shape. */
export function durationMs (text: string): number {
  const match = DURATION.exec(text)
  if (match === null) throw new Error(`invalid duration ${text}`)
  return Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1)
}
