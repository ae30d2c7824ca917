import { EnvEnum, Type, commonEnv, defineConfig, operatorAuthEnv, requireThat, type ConfigDefinition, type Static } from '@openmotion/common/startup'
import { FormatRegistry } from '@sinclair/typebox'

import { DURATION, DURATION_LIST } from './domain/duration.js'
import { parseKeyring } from './domain/envelope-encryption.js'
import { DEFAULT_RETRY_SCHEDULE } from './domain/retry-schedule.js'

// Named formats (not patterns) so the generated docs say "a duration" instead of printing a regular expression.
if (!FormatRegistry.Has('duration')) FormatRegistry.Set('duration', (value) => DURATION.test(value))
if (!FormatRegistry.Has('duration list')) FormatRegistry.Set('duration list', (value) => DURATION_LIST.test(value))

const relaySchema = Type.Object({
  ...commonEnv,
  WEBHOOK_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8000, description: 'Port the relay listens on' }),
  RELAY_ROLE: EnvEnum(['all', 'api', 'worker'], {
    default: 'all',
    description:
      'all: accepts and delivers in one process; api: accepts only (routes, outbox publishing); worker: delivers only (health and metrics over HTTP; `node dist/main.js worker` sets it); api and worker need STORAGE_TYPE=redis or kafka and DATABASE_URL'
  }),
  STORAGE_TYPE: EnvEnum(['memory', 'redis', 'kafka'], {
    default: 'memory',
    description: 'Delivery queue backend: memory (nothing survives a restart), redis (REDIS_URL) or kafka (KAFKA_BROKER)'
  }),
  REDIS_URL: Type.Optional(Type.String({ format: 'uri', description: 'Redis URL; required when STORAGE_TYPE is redis' })),
  KAFKA_BROKER: Type.Optional(
    Type.String({ minLength: 1, description: 'Kafka bootstrap broker(s), host:port, comma-separated; required when STORAGE_TYPE is kafka' })
  ),
  QUEUE_PREFIX: Type.String({
    pattern: '^[A-Za-z0-9._-]{1,100}$',
    default: 'webhook-relay',
    description: 'Prefix of the Redis keys, Kafka topics and consumer groups of the queue (relays sharing a queue use the same one)'
  }),
  KAFKA_PARTITIONS: Type.Integer({ minimum: 1, maximum: 1000, default: 6, description: 'Partitions of the deliveries topic when the relay creates it' }),
  ENCRYPTION_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'RSA private key (PEM text or a path to a PEM file) that encrypts webhook data at rest; unset (and no ENCRYPTION_KEYS) stores data in plaintext and warns'
    })
  ),
  ENCRYPTION_KEYS: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Several RSA keys for rotation: comma-separated id:<PEM or path> entries, newest first; new data uses the newest, all decrypt (ENCRYPTION_KEYS_FILE reads them from a file)'
    })
  ),
  ADMIN_API_KEY: Type.Optional(
    Type.String({
      minLength: 16,
      description: 'Bearer token of the admin API (/v1/tenants); the admin API is disabled when neither it nor AUTH_JWKS_URL is set'
    })
  ),
  ...operatorAuthEnv,
  DATABASE_URL: Type.Optional(
    Type.String({ format: 'uri', description: 'postgres:// URL for tenants, endpoints, messages and attempts; unset uses embedded PGlite under DATA_DIR' })
  ),
  DATA_DIR: Type.String({ default: './data/webhook-relay', description: 'Directory of the embedded PGlite database when DATABASE_URL is unset' }),
  MAX_PAYLOAD_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 10 * 1024 * 1024,
    default: 262_144,
    description: 'Largest accepted POST /webhook body in bytes; larger bodies get 413'
  }),
  DELIVERY_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 15_000,
    description: 'Time an endpoint has to answer with a 2xx before the attempt counts as failed'
  }),
  RETRY_SCHEDULE: Type.String({
    format: 'duration list',
    default: DEFAULT_RETRY_SCHEDULE,
    description: 'Waits after failure 1, 2, … (comma-separated durations; the last repeats while attempts remain); endpoints may set their own'
  }),
  RETRY_JITTER: Type.Number({
    minimum: 0,
    maximum: 0.5,
    default: 0.2,
    description: 'Each wait is multiplied by a random factor in [1 - RETRY_JITTER, 1 + RETRY_JITTER]'
  }),
  RETRY_MAX_MS: Type.Integer({ minimum: 1, default: 36_000_000, description: 'Largest wait between two attempts (caps the schedule and Retry-After)' }),
  RETRY_MAX_ATTEMPTS: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 8,
    description: 'Attempts per delivery (first one included) before it is dead, unless the endpoint has its own schedule'
  }),
  CIRCUIT_BREAKER_THRESHOLD: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: 5,
    description: 'Consecutive failed attempts to one endpoint that open its circuit: its deliveries wait instead of being attempted'
  }),
  CIRCUIT_BREAKER_COOLDOWN: Type.String({
    format: 'duration',
    default: '1m',
    description: 'How long an open circuit waits before one probe delivery; a success closes it, a failure opens it again'
  }),
  ENDPOINT_DISABLE_AFTER: Type.String({
    format: 'duration',
    default: '5d',
    description: 'An endpoint failing continuously this long (e.g. 5d, 12h, 30m) is disabled'
  }),
  ENDPOINT_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 10,
    description: 'Deliveries in flight at once to one endpoint (per relay instance)'
  }),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 10_000, default: 100, description: 'Deliveries in flight at once in this relay instance' }),
  QUEUE_VISIBILITY_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 5000,
    description:
      'Lease on a job a relay runs (Redis queue entry and database claim), renewed every third of it while the delivery runs: a relay that dies has its jobs taken over after this long'
  }),
  QUEUE_RECONCILE_INTERVAL: Type.String({
    format: 'duration',
    default: '30s',
    description:
      'How often a relay with a worker checks that its Redis or Kafka queue still holds what it was given; a queue that lost its data has every unfinished delivery re-queued from the database'
  }),
  ALLOW_PRIVATE_DESTINATIONS: Type.Boolean({
    default: false,
    description: 'Allow endpoint URLs resolving to loopback, private, link-local or metadata addresses (tests and local use only)'
  }),
  RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'Messages, deliveries and attempts older than this are deleted' })
})

export type RelayConfig = Static<typeof relaySchema>

function keyringError (value: string): string | undefined {
  try {
    parseKeyring(value)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

export const relayConfig: ConfigDefinition<typeof relaySchema> = defineConfig(relaySchema, {
  rules: [
    (c) => {
      requireThat(c.STORAGE_TYPE !== 'redis' || c.REDIS_URL !== undefined, 'REDIS_URL', 'REDIS_URL is required when STORAGE_TYPE is redis')
    },
    (c) => {
      requireThat(c.STORAGE_TYPE !== 'kafka' || c.KAFKA_BROKER !== undefined, 'KAFKA_BROKER', 'KAFKA_BROKER is required when STORAGE_TYPE is kafka')
    },
    (c) => {
      requireThat(
        c.RELAY_ROLE === 'all' || c.STORAGE_TYPE !== 'memory',
        'STORAGE_TYPE',
        `RELAY_ROLE=${c.RELAY_ROLE} needs STORAGE_TYPE=redis or kafka: separate API and worker processes share jobs through the queue`
      )
    },
    (c) => {
      requireThat(
        c.RELAY_ROLE === 'all' || c.DATABASE_URL !== undefined,
        'DATABASE_URL',
        `RELAY_ROLE=${c.RELAY_ROLE} needs DATABASE_URL: embedded PGlite belongs to one process`
      )
    },
    (c) => {
      requireThat(
        c.ENCRYPTION_KEY === undefined || c.ENCRYPTION_KEYS === undefined,
        'ENCRYPTION_KEYS',
        'ENCRYPTION_KEYS and ENCRYPTION_KEY are both set: list the old key in ENCRYPTION_KEYS instead'
      )
    },
    (c) => {
      if (c.ENCRYPTION_KEYS !== undefined) { requireThat(keyringError(c.ENCRYPTION_KEYS) === undefined, 'ENCRYPTION_KEYS', `ENCRYPTION_KEYS is invalid: ${keyringError(c.ENCRYPTION_KEYS) ?? ''}`) }
    }
  ]
})

export { durationMs } from './domain/duration.js'
