// Fuzzing: schemathesis generates requests from /openapi.json (all checks: no 5xx, responses match their
// documented schema, status codes and content types are documented) against the app on a real socket, with a
// session cookie and the admin token so it reaches past authentication. Bounded to ~3 minutes.
import { expect, it } from 'vitest'
import { describeWithService, runSchemathesis } from '@openmotion/test-services'
import { ADMIN, buildTestApp, login } from '../helper.js'

const TIME_LIMIT_MS = 170_000

describeWithService('schemathesis', (schemathesis) => {
  it('finds no 5xx, schema violation or undocumented status in motion-api', async () => {
    const app = await buildTestApp()
    try {
      const cookie = await login(app)
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address()
      const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
      const result = await runSchemathesis({
        bin: schemathesis, base, headers: { Cookie: cookie, Authorization: `Bearer ${ADMIN}` }, maxExamples: 25, timeLimitMs: TIME_LIMIT_MS
      })
      console.log(result.summary)
      expect(result.clean, result.output.slice(-6000)).toBe(true)
    } finally {
      await app.close()
    }
  }, TIME_LIMIT_MS + 60_000)
})
