import { EnvEnum, Type, commonEnv, defineConfig, isSet, operatorAuthEnv, requireThat, type Static } from '@openmotion/common/startup'

const motionSchema = Type.Object({
  ...commonEnv,
  MOTION_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'Port the service listens on' }),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      format: 'uri',
      description: 'Base URL clients reach this service at; signed upload and download URLs start with it. Unset: http://localhost:<MOTION_PORT>'
    })
  ),
  DATA_DIR: Type.String({ default: './data/motion-api', description: 'Directory for the embedded database (when DATABASE_URL is unset) and stored files' }),
  DATABASE_URL: Type.Optional(Type.String({ description: 'postgres:// URL; unset uses embedded PGlite under DATA_DIR' })),
  ADMIN_API_KEY: Type.Optional(
    Type.String({ minLength: 16, description: 'Bearer token for /admin/v1; the admin API is disabled when neither it nor AUTH_JWKS_URL is set' })
  ),
  ...operatorAuthEnv,
  MOTION_CLIENT_ID: Type.String({
    default: 'dev-client',
    description: 'Bootstrap client created at start-up with the dev plan (skipped when empty in production)'
  }),
  MOTION_CLIENT_SECRET: Type.String({ default: 'dev-secret', description: 'Secret of the bootstrap client' }),
  DEV_PLAN_CREDITS: Type.Integer({ minimum: 0, default: 1000, description: 'Credits per period of the bootstrap dev plan' }),
  DEV_PLAN_MAX_VARIANTS: Type.Integer({ minimum: 1, maximum: 16, default: 4, description: 'maxVariantsGeneration of the dev plan' }),
  SESSION_TTL: Type.Integer({ minimum: 60, default: 86_400, description: 'Lifetime of a dmsess session, seconds' }),
  COOKIE_DOMAIN: Type.Optional(Type.String({ description: 'Domain attribute of the dmsess cookie' })),
  COOKIE_SECURE: Type.Optional(
    Type.Boolean({
      description:
        'Secure attribute of the dmsess cookie (browsers then send it over HTTPS only). Unset: true when PUBLIC_BASE_URL is https:// or CORS_ORIGINS is set, false otherwise (plain HTTP, e.g. a LAN address)'
    })
  ),
  CORS_ORIGINS: Type.String({
    default: '',
    description:
      'Comma-separated origins allowed with credentials in production (per-client origins are added via the admin API); any http://localhost port is allowed outside production'
  }),
  URL_SIGNING_SECRET: Type.Optional(
    Type.String({ minLength: 16, description: 'HMAC key for signed URLs; a random one per start is used when unset (URLs then die with the process)' })
  ),
  DOWNLOAD_URL_TTL: Type.Integer({ minimum: 10, default: 3600, description: 'Lifetime of signed download and upload URLs, seconds' }),
  FILE_STORE: EnvEnum(['local', 's3'], {
    default: 'local',
    description:
      'Where files live: local keeps them under DATA_DIR/files and serves them through signed URLs of this API (one machine, or a shared volume); s3 keeps them in an S3 bucket and hands out pre-signed URLs of the bucket, so API and worker processes share no disk'
  }),
  S3_ENDPOINT: Type.Optional(Type.String({ format: 'uri', description: 'Endpoint of the S3 server this app talks to (SeaweedFS, MinIO, Garage…); unset: AWS S3 of S3_REGION' })),
  S3_PUBLIC_ENDPOINT: Type.Optional(
    Type.String({ format: 'uri', description: 'Endpoint clients reach the S3 server at, when it differs from S3_ENDPOINT (a container network, a proxy); pre-signed URLs name this host' })
  ),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1', description: 'Region of the bucket (part of every signature; most self-hosted servers accept us-east-1)' }),
  S3_BUCKET: Type.String({
    pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
    default: 'motion-api',
    description: 'Bucket of the files when FILE_STORE=s3; created at start-up when missing'
  }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1, description: 'Access key of the S3 store; unset: the AWS SDK default chain (AWS_* variables, an instance or pod role)' })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1, description: 'Secret key going with S3_ACCESS_KEY_ID' })),
  S3_FORCE_PATH_STYLE: Type.Optional(
    Type.Boolean({ description: 'Address the bucket as <endpoint>/<bucket> instead of <bucket>.<endpoint>. Unset: true when S3_ENDPOINT is set (self-hosted servers), false for AWS' })
  ),
  MAX_MODEL_BYTES: Type.Integer({ minimum: 1024, default: 100 * 1024 * 1024, description: 'Largest accepted model or thumbnail upload, bytes' }),
  CHARACTER_IMPORT_TIMEOUT_MS: Type.Integer({
    minimum: 1,
    default: 30_000,
    description: 'Longest a storeModel may spend reading an uploaded character before it is refused with 901'
  }),
  ENGINE: EnvEnum(['builtin', 'http'], {
    default: 'builtin',
    description: 'Animation engine: the built-in procedural engine or a model server speaking the http protocol'
  }),
  ENGINE_URL: Type.Optional(Type.String({ format: 'uri', description: 'Base URL of the model server when ENGINE=http' })),
  MOTION_ROLE: EnvEnum(['all', 'api', 'worker'], {
    default: 'all',
    description:
      'all: API and worker in one process; api: HTTP only (needs STORAGE_TYPE=redis); worker: runs jobs only (needs STORAGE_TYPE=redis; `node dist/main.js worker` sets it)'
  }),
  STORAGE_TYPE: EnvEnum(['memory', 'redis'], {
    default: 'memory',
    description: 'Job queue: in-process memory, or Redis so API and worker processes scale separately'
  }),
  REDIS_URL: Type.Optional(Type.String({ description: 'redis:// URL of the job queue when STORAGE_TYPE=redis' })),
  QUEUE_PREFIX: Type.String({
    pattern: '^[\\w:.-]+$',
    default: 'motion',
    description: 'Prefix of the Redis queue and cancel-channel keys; lets several deployments share one Redis'
  }),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 1, description: 'Jobs processed at once' }),
  JOB_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 120_000, description: 'A job running longer fails with 599 and is refunded' }),
  PRICE_PER_SECOND: Type.Integer({ minimum: 0, default: 1, description: 'Credits per started second of generated motion, charged per generated variant' }),
  PRICE_MIN_JOB: Type.Integer({ minimum: 0, default: 1, description: 'Least credits a text2motion job costs' }),
  PRICE_EXTRA_VARIANT_DOWNLOAD: Type.Integer({ minimum: 0, default: 1, description: 'Credits for downloading each variant after the first of a job' }),
  RELAY_URL: Type.Optional(
    Type.String({ format: 'uri', description: 'Base URL of the webhook relay; job.progress, job.succeeded and job.failed events are POSTed to its /webhook' })
  ),
  RELAY_API_KEY: Type.Optional(Type.String({ description: 'Tenant API key of the webhook relay (required with RELAY_URL)' })),
  PRICE_RENDER: Type.Integer({ minimum: 0, default: 5, description: 'Credits per render job' }),
  RETENTION_DAYS: Type.Integer({
    minimum: 0,
    default: 30,
    description: 'Finished (SUCCESS or FAILURE) jobs and their files are deleted this many days after their last change; 0 keeps them forever'
  }),
  FAILED_RETENTION_DAYS: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'Failed jobs are deleted this many days after their last change (they have no files worth keeping); unset uses RETENTION_DAYS; 0 keeps them forever'
    })
  ),
  UPLOAD_RETENTION_HOURS: Type.Integer({
    minimum: 1,
    default: 24,
    description:
      'Uploaded files (from getModelUploadUrl) untouched for this long are deleted; storeModel keeps its own copy, so only uploads never stored are lost'
  }),
  STUCK_JOB_MS: Type.Integer({
    minimum: 1000,
    default: 600_000,
    description: 'A started job with no progress for this long fails with 1101 (Process stuck) and is refunded'
  }),
  MAINTENANCE_INTERVAL_MS: Type.Integer({ minimum: 100, default: 60_000, description: 'How often stuck and expired jobs are looked for' }),
  RENDER_ENABLED: Type.Boolean({ default: true, description: 'Accept render jobs; start-up fails when ffmpeg (FFMPEG_PATH) is missing while enabled' }),
  FFMPEG_PATH: Type.String({ default: 'ffmpeg', description: 'ffmpeg binary (with libx264) used by render jobs' }),
  RENDER_WIDTH: Type.Integer({ minimum: 16, maximum: 3840, multipleOf: 2, default: 1280, description: 'Width of rendered videos, pixels (even)' }),
  RENDER_HEIGHT: Type.Integer({ minimum: 16, maximum: 2160, multipleOf: 2, default: 720, description: 'Height of rendered videos, pixels (even)' }),
  RENDER_FPS: Type.Integer({ minimum: 1, maximum: 60, default: 30, description: 'Frame rate of rendered videos' })
})

export type MotionConfig = Static<typeof motionSchema>

/**
 * Whether the dmsess cookie is Secure: a browser drops a Secure cookie set over plain HTTP (except on localhost), so
 * it follows the scheme clients use (PUBLIC_BASE_URL) unless COOKIE_SECURE says otherwise; cross-origin cookies are
 * SameSite=None, which requires Secure.
 */
export function sessionCookieSecure (config: Pick<MotionConfig, 'COOKIE_SECURE' | 'PUBLIC_BASE_URL'>, crossOrigin: boolean): boolean {
  return config.COOKIE_SECURE ?? (crossOrigin || (config.PUBLIC_BASE_URL?.startsWith('https://') ?? false))
}

export const motionConfig = defineConfig(motionSchema, {
  rules: [
    (c) => {
      requireThat(
        c.MOTION_ROLE === 'all' || c.STORAGE_TYPE === 'redis',
        'STORAGE_TYPE',
        `MOTION_ROLE=${c.MOTION_ROLE} needs STORAGE_TYPE=redis: separate API and worker processes share jobs through Redis`
      )
    },
    (c) => {
      requireThat(c.STORAGE_TYPE !== 'redis' || isSet(c.REDIS_URL), 'REDIS_URL', 'REDIS_URL is required when STORAGE_TYPE=redis: expected a redis:// URL')
    },
    (c) => {
      requireThat(
        c.ENGINE !== 'http' || isSet(c.ENGINE_URL),
        'ENGINE_URL',
        'ENGINE_URL is required when ENGINE=http: expected the base URL of the model server'
      )
    },
    (c) => {
      requireThat(
        c.COOKIE_SECURE !== false || c.CORS_ORIGINS.trim() === '',
        'COOKIE_SECURE',
        'COOKIE_SECURE=false cannot go with CORS_ORIGINS: a cross-origin session cookie is SameSite=None, which browsers accept only when Secure'
      )
    },
    (c) => {
      // SigV4 query signatures live at most seven days.
      requireThat(
        c.FILE_STORE !== 's3' || c.DOWNLOAD_URL_TTL <= 604_800,
        'DOWNLOAD_URL_TTL',
        'DOWNLOAD_URL_TTL can be at most 604800 (7 days) with FILE_STORE=s3: pre-signed S3 URLs expire within a week'
      )
    },
    (c) => {
      requireThat(
        isSet(c.S3_ACCESS_KEY_ID) === isSet(c.S3_SECRET_ACCESS_KEY),
        isSet(c.S3_ACCESS_KEY_ID) ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK default chain'
      )
    },
    (c) => {
      requireThat(
        !isSet(c.RELAY_URL) || isSet(c.RELAY_API_KEY),
        'RELAY_API_KEY',
        'RELAY_API_KEY is required when RELAY_URL is set: expected a tenant API key of the webhook relay'
      )
    }
  ],
  // Aligned with the relay's names (STORAGE_TYPE is the seed spec's); the old ones are read for one more release.
  renamed: { QUEUE: 'STORAGE_TYPE', ADMIN_TOKEN: 'ADMIN_API_KEY', JOB_RETENTION_DAYS: 'RETENTION_DAYS' }
})
