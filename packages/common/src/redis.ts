// ioredis connections with the settings every service wants: a name in CLIENT LIST, bounded retries per
// command so a dead Redis fails requests instead of queueing them forever, and a quit that never hangs.
import { createRequire } from 'node:module'
import type * as IoRedis from 'ioredis'

export type Redis = IoRedis.Redis

// ioredis is required on the first connection, not at import: a process without Redis never holds it (~2 MB of
// heap). It is CommonJS, so a synchronous require keeps createRedis synchronous.
const requireModule = createRequire(import.meta.url)

export interface RedisOptions {
  url: string
  name: string
  /** Blocking consumers (BRPOP, XREADGROUP) need null here so long waits are not counted as failures. */
  maxRetriesPerRequest?: number | null
}

export function createRedis (options: RedisOptions): Redis {
  const { Redis: RedisClient } = requireModule('ioredis') as typeof IoRedis
  const redis = new RedisClient(options.url, {
    connectionName: options.name,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 3 : options.maxRetriesPerRequest,
    enableReadyCheck: true,
    lazyConnect: false
  })
  // While Redis is away ioredis emits an error per reconnect attempt and prints each one nobody listens to. The
  // outage already shows where it matters: commands fail (a 503 to the client) and /readyz names the dependency.
  redis.on('error', () => {})
  return redis
}

export function redisReadinessCheck (redis: Redis): () => Promise<void> {
  return async () => {
    const reply = await redis.ping()
    if (reply !== 'PONG') throw new Error(`unexpected PING reply ${reply}`)
  }
}

/** Quits politely, falls back to a hard disconnect, and resolves only once the connection has ended. */
export async function closeRedis (redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === 'end') return
  // Not connected: nothing to flush, and ioredis emits no 'end' for a client between reconnect attempts, so
  // cancelling the pending reconnect is all there is to do.
  if (redis.status !== 'ready') {
    redis.disconnect()
    return
  }
  const ended = new Promise<void>((resolve) => redis.once('end', () => resolve()))
  const timer = setTimeout(() => redis.disconnect(), timeoutMs)
  try {
    await redis.quit()
  } catch {
    redis.disconnect()
  }
  await ended
  clearTimeout(timer)
}
