// Where each test service is announced. scripts/services.sh prints exactly these names (`env` command),
// so a rename here must happen there too.
export type ServiceName = 'redis' | 'postgres' | 'kafka' | 'ffmpeg' | 'chromium' | 'schemathesis' | 'jaeger' | 's3'

export interface ServiceVariable {
  /** Environment variable holding the service's address. */
  readonly variable: string
  /** What the variable holds, for messages and the README. */
  readonly holds: string
}

export const serviceVariables: Readonly<Record<ServiceName, ServiceVariable>> = Object.freeze({
  redis: { variable: 'TEST_REDIS_URL', holds: 'a redis:// URL' },
  postgres: { variable: 'TEST_DATABASE_URL', holds: 'a postgres:// URL' },
  kafka: { variable: 'TEST_KAFKA_BROKER', holds: 'a host:port bootstrap broker' },
  ffmpeg: { variable: 'FFMPEG_PATH', holds: 'the path of an ffmpeg binary' },
  chromium: { variable: 'CHROMIUM_PATH', holds: 'the path of a Chromium binary (browser tests)' },
  schemathesis: { variable: 'SCHEMATHESIS_PATH', holds: 'the path of the schemathesis CLI' },
  jaeger: { variable: 'JAEGER_PATH', holds: 'the path of a Jaeger all-in-one binary (trace tests start their own)' },
  s3: { variable: 'TEST_S3_URL', holds: 'an http:// URL of an S3 server with access key and secret as user info (SeaweedFS)' }
})

export const serviceNames = Object.keys(serviceVariables) as readonly ServiceName[]

export const START_HINT = 'start them with: bash scripts/services.sh up && eval "$(bash scripts/services.sh env)"'
