// The load generator, always in its own process so it never shares the server's event loop (an in-process
// autocannon drags a bare fastify route from ~36,000 to ~7,000 req/s and flatters every ratio).
// Input: one JSON argument { url, connections, seconds, method?, headers?, body?, refresh? }.
// `refresh` is a pool of auth-server refresh tokens: each request takes one and its answer puts the next back,
// because refresh tokens rotate. Output: one JSON line { rps, requests, p50, p99, failures } (requests: answered in all).
import autocannon from 'autocannon'

const job = JSON.parse(process.argv[2] ?? '{}')
const base = { url: job.url, connections: job.connections, duration: job.seconds }
const request = { method: job.method ?? 'GET', headers: job.headers ?? {}, ...(job.body === undefined ? {} : { body: job.body }) }
let failures = 0

function refreshRequest (pool) {
  return {
    ...request,
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ query: `mutation { refreshToken(refreshToken: "${pool.shift()}") { refreshToken } }` }) }),
    onResponse: (_status, body) => {
      const reply = JSON.parse(body)
      if (reply.data === null || reply.data === undefined) { failures++; return }
      pool.push(reply.data.refreshToken.refreshToken)
    }
  }
}

const result = await autocannon({ ...base, requests: [job.refresh === undefined ? request : refreshRequest([...job.refresh])] })
process.stdout.write(
  `${JSON.stringify({ rps: result.requests.average, requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, failures: failures + result.non2xx + result.errors })}\n`
)
