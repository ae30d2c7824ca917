// Turns a compose service's environment into the environment of a local process, changing only what Docker would
// have provided: host names of other services become 127.0.0.1 on the port that service got, container ports become
// free local ports, volume paths become local directories, and PostgreSQL, Redis and Kafka become the test services
// (or, where those are not running, the apps' embedded defaults). Every change is listed, so a test can print them.
import { existsSync } from 'node:fs'
import type { ComposeService } from './compose-file.js'

export interface Infrastructure {
  /** postgres:// URL standing in for compose's `postgres` service; unset: embedded PGlite under DATA_DIR. */
  postgres?: string | undefined
  /** redis:// URL standing in for compose's `redis`; unset: in-memory queues. */
  redis?: string | undefined
  /** host:port standing in for compose's `kafka`; unset: the relay's in-memory queue. */
  kafka?: string | undefined
  /** ffmpeg binary when the image's path does not exist here. */
  ffmpeg?: string | undefined
}

export interface LocalNetwork {
  /** Compose service name → where its published container port listens locally. */
  ports: Map<string, { container: number, host: number, local: number }>
  /** Named volume → local directory. */
  volumes: Map<string, string>
}

export interface LocalEnvironment {
  env: Record<string, string>
  /** Human-readable `NAME: compose value → local value` lines. */
  substitutions: string[]
}

function rewriteValue (value: string, service: ComposeService, network: LocalNetwork): string {
  let out = value
  for (const volume of service.volumes) {
    const local = network.volumes.get(volume.source)
    if (local !== undefined && (out === volume.target || out.startsWith(`${volume.target}/`))) out = local + out.slice(volume.target.length)
  }
  for (const [name, port] of network.ports) {
    out = out.replaceAll(`//${name}:${port.container}`, `//127.0.0.1:${port.local}`)
    out = out.replaceAll(`//localhost:${port.host}`, `//127.0.0.1:${port.local}`)
  }
  return out
}

/** Replaces the values that name compose's infrastructure services; returns the names to drop (embedded defaults). */
function substituteInfrastructure (env: Record<string, string>, infra: Infrastructure): string[] {
  const dropped: string[] = []
  for (const [name, value] of Object.entries(env)) {
    let replacement: string | undefined | null = null
    if (/^postgres(ql)?:\/\/[^@]*@postgres:/.test(value)) replacement = infra.postgres
    else if (/^rediss?:\/\/redis:/.test(value)) replacement = infra.redis
    else if (/^kafka:\d+$/.test(value)) replacement = infra.kafka
    else if (name === 'FFMPEG_PATH' && value.startsWith('/') && !existsSync(value)) replacement = infra.ffmpeg ?? 'ffmpeg'
    if (replacement === null) continue
    if (replacement === undefined) {
      delete env[name]
      dropped.push(name)
    } else {
      env[name] = replacement
    }
  }
  return dropped
}

/** Without Redis or Kafka, queue-backed settings fall back to the apps' in-process defaults. */
function embeddedQueues (env: Record<string, string>, dropped: string[]): void {
  if (dropped.includes('REDIS_URL') && env.STORAGE_TYPE === 'redis') env.STORAGE_TYPE = 'memory'
  if (dropped.includes('KAFKA_BROKER') && env.STORAGE_TYPE === 'kafka') env.STORAGE_TYPE = 'memory'
  // One process must then both serve and run jobs: an in-memory queue is not shared between processes.
  if (env.STORAGE_TYPE === 'memory' && env.MOTION_ROLE === 'api') env.MOTION_ROLE = 'all'
}

export function localEnvironment (service: ComposeService, network: LocalNetwork, infra: Infrastructure): LocalEnvironment {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(service.environment)) env[name] = rewriteValue(value, service, network)
  const own = network.ports.get(service.name)
  if (own !== undefined) {
    for (const [name, value] of Object.entries(env)) if (name.endsWith('_PORT') && value === String(own.container)) env[name] = String(own.local)
  }
  const dropped = substituteInfrastructure(env, infra)
  embeddedQueues(env, dropped)
  const substitutions: string[] = []
  for (const name of new Set([...Object.keys(service.environment), ...Object.keys(env)])) {
    const before = service.environment[name]
    const after = env[name]
    if (before !== after) substitutions.push(`${name}: ${before ?? '(unset)'} → ${after ?? '(unset: embedded default)'}`)
  }
  return { env, substitutions }
}
