// Shared set-up of the benchmarks: a relay listening on a real port with in-memory PGlite, a tenant, a key and
// one endpoint pointing at a local receiver.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openDatabase, type AppInstance, type Database } from '@openmotion/common'
import { buildApp, relayConfig } from '../src/app.js'
import type { DeliveryQueue } from '../src/domain/delivery-queue.js'

export interface BenchRelay {
  app: AppInstance
  db: Database
  url: string
  apiKey: string
  close: () => Promise<void>
}

const ADMIN = 'bench-admin-key-0123456789'

export interface RelayOptions {
  queue?: DeliveryQueue
  worker: boolean
  receiverUrl: string
  /** An existing database (a relay restarted on the same data); tenant and endpoint are then not created again. */
  db?: Database
  apiKey?: string
}

export async function startRelay (options: RelayOptions): Promise<BenchRelay> {
  const db = options.db ?? await openDatabase({ url: process.env.BENCH_DATABASE_URL })
  const config = relayConfig.load({
    LOG_LEVEL: 'silent',
    ADMIN_API_KEY: ADMIN,
    ALLOW_PRIVATE_DESTINATIONS: 'true',
    WORKER_CONCURRENCY: '50',
    ENDPOINT_CONCURRENCY: '50'
  })
  const app = await buildApp(config, { db, worker: options.worker, ...(options.queue === undefined ? {} : { queue: options.queue }) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const key = options.apiKey ?? await provision(app, options.receiverUrl)
  const { port } = app.server.address() as AddressInfo
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    apiKey: key,
    close: async () => {
      await app.close()
      if (options.db === undefined) await db.close()
    }
  }
}

async function provision (app: AppInstance, receiverUrl: string): Promise<string> {
  const admin = { authorization: `Bearer ${ADMIN}` }
  const tenant = (await app.inject({ method: 'POST', url: '/v1/tenants', headers: admin, payload: { name: 'bench' } })).json<{ id: string }>()
  const { key } = (await app.inject({ method: 'POST', url: `/v1/tenants/${tenant.id}/keys`, headers: admin })).json<{ key: string }>()
  await app.inject({ method: 'POST', url: '/v1/endpoints', headers: { authorization: `Bearer ${key}` }, payload: { url: receiverUrl } })
  return key
}

export interface BenchReceiver {
  url: string
  count: () => number
  close: () => Promise<void>
}

export async function startReceiver (): Promise<BenchReceiver> {
  let count = 0
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => { count++; res.writeHead(204).end() })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    count: () => count,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()) })
  }
}
