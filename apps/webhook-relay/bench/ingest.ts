// Ingest throughput: autocannon against POST /webhook (memory queue, no worker, so only acceptance is measured:
// auth lookup, validation, encryption off, one transaction storing message + delivery, enqueue), next to a bare
// fastify route doing the same JSON parse in the same run, as the ceiling of this machine.
import autocannon from 'autocannon'
import { fastify } from 'fastify'
import type { AddressInfo } from 'node:net'
import { startReceiver, startRelay } from './bench-relay.js'

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const body = JSON.stringify({ event: 'job.completed', data: { jobId: 42, frames: 240, url: 'https://example.com/a.fbx' } })

async function load (url: string, headers: Record<string, string>): Promise<{ rps: number, p99: number, non2xx: number }> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duration: DURATION_S,
    connections: CONNECTIONS
  })
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx }
}

export async function benchIngest (): Promise<string[]> {
  const bare = fastify()
  bare.post('/webhook', async (request, reply) => reply.status(202).send({ ok: typeof (request.body as { event?: unknown }).event === 'string' }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/webhook`
  const receiver = await startReceiver()
  const relay = await startRelay({ worker: false, receiverUrl: receiver.url })
  try {
    const baseline = await load(bareUrl, {})
    const relayed = await load(`${relay.url}/webhook`, { authorization: `Bearer ${relay.apiKey}` })
    return [
      `ingest, bare fastify JSON route: ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms)`,
      `ingest, POST /webhook (memory queue, ${process.env.BENCH_DATABASE_URL === undefined ? 'PGlite' : 'PostgreSQL'}): ${relayed.rps.toFixed(0)} accepted/s (p99 ${relayed.p99} ms, non-2xx ${relayed.non2xx})`
    ]
  } finally {
    await relay.close()
    await receiver.close()
    await bare.close()
  }
}
