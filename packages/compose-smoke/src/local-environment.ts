// Turns a compose service's environment into the environment of a local process, changing only what Docker would
// have provided: host names of other services become 127.0.0.1 on the port that service got, container ports become
// free local ports, volume paths become local directories, a DATA_DIR on the container's own disk becomes a directory
// of that service alone, and PostgreSQL, Redis, Kafka and compose's seaweedfs become the test services (or, where
// those are not running, the apps' embedded defaults). Every change is listed, so a test can print them.
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
  /** S3 server standing in for compose's `seaweedfs`; unset: FILE_STORE=local on a directory the processes share. */
  s3?: { endpoint: string, accessKeyId: string, secretAccessKey: string } | undefined
}

export interface LocalNetwork {
  /** Compose service name → where its published container port listens locally. */
  ports: Map<string, { container: number, host: number, local: number }>
  /** Named volume → local directory. */
  volumes: Map<string, string>
  /** Compose service → local directory standing for its container's own disk (what no volume covers). */
  disks?: Map<string, string>
  /** The directory the motion processes share as FILE_STORE=local when no S3 server stands in for seaweedfs. */
  sharedFiles?: string
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

const COMPOSE_OBJECT_STORE = /^https?:\/\/seaweedfs:\d+\/?$/

/**
 * Compose's seaweedfs becomes the test S3 server: its endpoint (links are then pre-signed for it, reachable here, so
 * S3_PUBLIC_ENDPOINT goes) and keys (the secret given inline: the generated secret file exists only in compose's
 * volume). Without one, the files fall back to FILE_STORE=local on one directory all processes share.
 */
function substituteObjectStore (env: Record<string, string>, infra: Infrastructure, network: LocalNetwork): void {
  if (env.FILE_STORE !== 's3' || !COMPOSE_OBJECT_STORE.test(env.S3_ENDPOINT ?? '')) return
  delete env.S3_PUBLIC_ENDPOINT
  delete env.S3_SECRET_ACCESS_KEY_FILE
  if (infra.s3 !== undefined) {
    env.S3_ENDPOINT = infra.s3.endpoint
    env.S3_ACCESS_KEY_ID = infra.s3.accessKeyId
    env.S3_SECRET_ACCESS_KEY = infra.s3.secretAccessKey
    return
  }
  for (const name of Object.keys(env)) if (name.startsWith('S3_')) delete env[name]
  env.FILE_STORE = 'local'
  if (network.sharedFiles !== undefined) env.DATA_DIR = network.sharedFiles
}

/** A DATA_DIR no volume covers is the container's own disk: a directory of this service alone. */
function ownDisk (env: Record<string, string>, service: ComposeService, network: LocalNetwork): void {
  const disk = network.disks?.get(service.name)
  const dataDir = service.environment.DATA_DIR
  if (disk !== undefined && dataDir !== undefined && env.DATA_DIR === dataDir && dataDir.startsWith('/')) env.DATA_DIR = disk
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
  ownDisk(env, service, network)
  const dropped = substituteInfrastructure(env, infra)
  substituteObjectStore(env, infra, network)
  embeddedQueues(env, dropped)
  const substitutions: string[] = []
  for (const name of new Set([...Object.keys(service.environment), ...Object.keys(env)])) {
    const before = service.environment[name]
    const after = env[name]
    if (before !== after) substitutions.push(`${name}: ${before ?? '(unset)'} → ${after ?? '(unset: embedded default)'}`)
  }
  return { env, substitutions }
}
