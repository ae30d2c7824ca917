// ioredis connections with the settings every service wants: a name in CLIENT LIST, bounded retries per
// command so a dead Redis fails requests instead of queueing them forever, and a quit that never hangs.
import { Redis } from 'ioredis'

export interface RedisOptions {
  url: string
  name: string
  /** Blocking consumers (BRPOP, XREADGROUP) need null here so long waits are not counted as failures. */
  maxRetriesPerRequest?: number | null
}

export function createRedis (options: RedisOptions): Redis {
  return new Redis(options.url, {
    connectionName: options.name,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 3 : options.maxRetriesPerRequest,
    enableReadyCheck: true,
    lazyConnect: false
  })
}

export function redisReadinessCheck (redis: Redis): () => Promise<void> {
  return async () => {
    const reply = await redis.ping()
    if (reply !== 'PONG') throw new Error(`unexpected PING reply ${reply}`)
  }
}

export async function closeRedis (redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === 'end') return
  const timer = setTimeout(() => redis.disconnect(), timeoutMs)
  try {
    await redis.quit()
  } catch {
    redis.disconnect()
  } finally {
    clearTimeout(timer)
  }
}

export type { Redis }
