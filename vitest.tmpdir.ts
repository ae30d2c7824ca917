// Every test file gets a temporary directory of its own, removed when the file ends: data directories (an embedded
// database is ~40 MB), private servers and child processes made with os.tmpdir() land in it. `./run test` removes
// its whole run directory at exit; this covers `pnpm test` or `vitest` run in one package, which otherwise left
// every file's directories behind (motion-api alone about 39 MB per app built).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

const outer = process.env.TMPDIR
const dir = mkdtempSync(join(tmpdir(), 'openmotion-vitest-'))
// As /tmp: a private PostgreSQL started by a test runs as the `postgres` user when the tests run as root.
chmodSync(dir, 0o1777)
process.env.TMPDIR = dir

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks in reverse): the file has
// closed its apps and servers by then.
afterAll(() => {
  if (outer === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = outer
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  } catch (error) {
    // A child process still writing into it: leave it rather than fail the file's tests.
    console.warn(`could not remove ${dir}: ${String(error)}`)
  }
})
