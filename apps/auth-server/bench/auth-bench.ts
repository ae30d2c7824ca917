// Sign-in and refresh throughput over HTTP (autocannon), next to a bare jose ES512 signing loop in the same run:
// the ratio says how much of a request's cost is the signature and how much is everything else.
// Usage: pnpm --filter @openmotion/auth-server bench   (BENCH_SECONDS, BENCH_CONNECTIONS, BCRYPT_COST override)
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { SignJWT, generateKeyPair } from 'jose'
import { createLogger } from '@openmotion/common'
import { authConfig, buildApp, createLogMailer } from '../src/app.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const cost = process.env.BCRYPT_COST ?? '12'
const logger = createLogger({ name: 'auth-bench', level: 'silent' })

async function bareSignsPerSecond (): Promise<number> {
  const { privateKey } = await generateKeyPair('ES512')
  const end = Date.now() + seconds * 1000
  let count = 0
  while (Date.now() < end) {
    await new SignJWT({ sid: randomUUID(), role: 'user' })
      .setProtectedHeader({ alg: 'ES512' })
      .setSubject(randomUUID())
      .setIssuedAt()
      .setExpirationTime('20m')
      .sign(privateKey)
    count++
  }
  return count / seconds
}

const app = await buildApp(
  authConfig.load({ LOG_LEVEL: 'silent', DOCUMENT_STORE: 'memory', BCRYPT_COST: cost, SIGNIN_LIMIT_PER_IP: '1000000', SIGNIN_LIMIT_PER_ACCOUNT: '1000000' }),
  { logger, mailer: createLogMailer(logger, { production: false }) }
)
await app.listen({ port: 0, host: '127.0.0.1' })
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/graphql`
const post = async (query: string) =>
  (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json()) as {
    data: Record<string, { refreshToken: string }>
  }

await post('mutation { signUp(email: "bench@example.com", password: "correct horse") }')
const signIn = JSON.stringify({ query: 'mutation { signIn(email: "bench@example.com", password: "correct horse") { accessToken } }' })
const signIns = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: signIn, connections, duration: seconds })

// Refresh tokens rotate: each request takes a live token from the pool and its answer puts the next one back
// (autocannon resets per-connection context after every request, so the pool is shared; with one request in
// flight per connection, `connections` tokens are always enough).
const pool: string[] = []
for (let i = 0; i < connections; i++) { pool.push((await post('mutation { signIn(email: "bench@example.com", password: "correct horse") { refreshToken } }')).data.signIn!.refreshToken) }
const refreshes = await autocannon({
  url,
  connections,
  duration: seconds,
  requests: [{
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ query: `mutation { refreshToken(refreshToken: "${pool.shift()}") { refreshToken } }` }) }),
    onResponse: (_status, body) => {
      const reply = JSON.parse(body) as { data: { refreshToken: { refreshToken: string } } | null, errors?: unknown }
      if (reply.data === null) throw new Error(`refresh failed: ${JSON.stringify(reply.errors)}`)
      pool.push(reply.data.refreshToken.refreshToken)
    }
  }]
})
await app.close()
const bare = await bareSignsPerSecond()

const row = (name: string, result: autocannon.Result) =>
  `${name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}   ratio to bare sign ${(result.requests.average / bare).toFixed(2)}`
console.log(`auth-server bench: ${seconds} s per run, ${connections} connections, bcrypt cost ${cost}, Node ${process.version}`)
console.log(row('signIn (bcrypt + ES512)', signIns))
console.log(row('refreshToken (ES512)', refreshes))
console.log(`${'bare jose ES512 sign'.padEnd(26)} ${bare.toFixed(0).padStart(7)} signs/s (one core, same process)`)
