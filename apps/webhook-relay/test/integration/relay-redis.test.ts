import { createRedis, type Redis } from '@openmotion/common'
import { afterAll, expect } from 'vitest'
import { RedisQueue } from '@openmotion/job-queue'
import { relayContract } from '../contract/relay-contract.js'
import { describeWithService } from '@openmotion/test-services'

/**
 * A MONITOR connection, as ioredis's `monitor()` makes it, but tried again when another client's command lands in
 * the same read as MONITOR's +OK: ioredis then takes the monitor line for a reply ("Command queue state error"),
 * a race any busy shared Redis can trigger. The failed connection is closed, not leaked.
 */
async function startMonitor (url: string): Promise<Redis> {
  const settings = createRedis({ url, name: 'relay-test-monitor' })
  settings.disconnect()
  for (let attempt = 1; ; attempt++) {
    const monitor = settings.duplicate({ monitor: true, lazyConnect: false })
    try {
      await new Promise<void>((resolve, reject) => {
        monitor.once('monitoring', () => resolve())
        monitor.once('error', reject)
      })
      monitor.on('error', () => undefined)
      return monitor
    } catch (error) {
      monitor.disconnect()
      if (attempt === 5) throw error
    }
  }
}

describeWithService('redis', (url) => {
  // MONITOR records every command any client sends, so the scan sees all the queue ever held, not just what is left.
  const captured = new Map<string, string[]>()
  const monitors: Redis[] = []
  afterAll(() => { for (const m of monitors) m.disconnect() })

  relayContract('redis', {
    // The monitor is listening before the queue exists, so no command slips past it on a busy machine.
    queue: async (namespace) => {
      const lines: string[] = []
      captured.set(namespace, lines)
      const monitor = await startMonitor(url)
      monitors.push(monitor)
      monitor.on('monitor', (_time: string, args: string[]) => { if (args.some((a) => a.includes(namespace))) lines.push(args.join(' ')) })
      return new RedisQueue({ url, prefix: `test:${namespace}`, visibilityTimeoutMs: 20_000, pollMs: 20 })
    },
    dumpQueue: async (namespace) => (captured.get(namespace) ?? []).join('\n'),
    empty: async (namespace) => {
      const client = createRedis({ url, name: 'relay-test-empty' })
      try {
        const keys = await client.keys(`test:${namespace}:*`)
        expect(keys.length).toBeGreaterThan(0)
        await client.del(...keys)
      } finally {
        client.disconnect()
      }
    },
    settleMs: 2000
  })
})
