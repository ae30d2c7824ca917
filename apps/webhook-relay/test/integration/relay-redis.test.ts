import { createRedis } from '@openmotion/common'
import { afterAll, expect } from 'vitest'
import { RedisQueue } from '@openmotion/job-queue'
import { relayContract } from '../contract/relay-contract.js'
import { describeWithService } from '@openmotion/test-services'

describeWithService('redis', (url) => {
  // MONITOR records every command any client sends, so the scan sees all the queue ever held, not just what is left.
  const captured = new Map<string, string[]>()
  const monitors: { disconnect: () => void }[] = []
  afterAll(() => { for (const m of monitors) m.disconnect() })

  relayContract('redis', {
    // The monitor is listening before the queue exists, so no command slips past it on a busy machine.
    queue: async (namespace) => {
      const lines: string[] = []
      captured.set(namespace, lines)
      const client = createRedis({ url, name: 'relay-test-monitor' })
      client.on('error', () => undefined)
      const monitor = await client.monitor()
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
