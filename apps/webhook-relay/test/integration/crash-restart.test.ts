import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describeWithService } from '@openmotion/test-services'
import { afterAll, expect, it } from 'vitest'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
const ADMIN = 'crash-test-admin-key-0123456789'
const children: ChildProcess[] = []
afterAll(() => { for (const c of children) c.kill('SIGKILL') })

async function startRelay (env: Record<string, string>): Promise<string> {
  const port = 20_000 + Math.floor(Math.random() * 10_000)
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, ...env, WEBHOOK_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (c: Buffer) => { output += c.toString() })
  child.stderr?.on('data', (c: Buffer) => { output += c.toString() })
  const deadline = Date.now() + 30_000
  while (!output.includes('Server listening')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(output)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return `http://127.0.0.1:${port}`
}

describeWithService('redis', (redisUrl) => {
  describeWithService('postgres', (databaseUrl) => {
    it('delivers after a restart the message whose relay was SIGKILLed mid-delivery (Redis queue)', async () => {
      const ids: string[] = []
      // The first request never gets an answer: the relay is killed while waiting for it.
      const receiver = createServer((req, res) => {
        req.resume()
        req.on('end', () => {
          ids.push(String(req.headers['webhook-id']))
          if (ids.length > 1) res.writeHead(200).end('ok')
        })
      })
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
      const env = {
        STORAGE_TYPE: 'redis',
        REDIS_URL: redisUrl,
        DATABASE_URL: databaseUrl,
        QUEUE_PREFIX: `crash-${randomUUID()}`,
        ADMIN_API_KEY: ADMIN,
        ALLOW_PRIVATE_DESTINATIONS: 'true',
        DELIVERY_TIMEOUT_MS: '20000',
        QUEUE_VISIBILITY_TIMEOUT_MS: '25100'
      }
      const first = await startRelay(env)
      const post = async (base: string, path: string, body: unknown, auth: string) => (await fetch(`${base}${path}`, {
        method: 'POST', headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' }, body: JSON.stringify(body)
      })).json() as Promise<Record<string, string>>
      const tenant = await post(first, '/v1/tenants', { name: 'crash' }, ADMIN)
      const { key } = await post(first, `/v1/tenants/${tenant.id as string}/keys`, {}, ADMIN)
      await post(first, '/v1/endpoints', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` }, key as string)
      const { id } = await post(first, '/webhook', { event: 'crash.test', data: { n: 1 } }, key as string)
      while (ids.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      const killed = children.at(-1) as ChildProcess
      killed.kill('SIGKILL')
      await once(killed, 'exit')

      const second = await startRelay(env)
      const deadline = Date.now() + 60_000
      while (ids.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(ids).toEqual([id, id])
      const message = await (await fetch(`${second}/v1/messages/${id as string}`, { headers: { authorization: `Bearer ${key as string}` } })).json() as { deliveries: { status: string, attempts: number }[] }
      expect(message.deliveries[0]?.status).toBe('succeeded')
      receiver.closeAllConnections()
      receiver.close()
    }, 120_000)
  })
})
