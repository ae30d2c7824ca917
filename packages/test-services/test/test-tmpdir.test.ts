// The per-file temporary directory of vitest.shared.ts (vitest.tmpdir.ts): what a test file makes under
// os.tmpdir() goes into a directory of its own, removed when the file ends.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
const fixture = join(import.meta.dirname, 'fixtures', 'tmpdir')

describe('the per-file temporary directory', () => {
  it('is a directory of its own, open to every user as /tmp is (a private PostgreSQL runs as postgres)', () => {
    expect(basename(tmpdir())).toMatch(/^openmotion-vitest-/)
    expect(statSync(tmpdir()).mode & 0o7777).toBe(0o1777)
  })

  it('is removed with what the test file left in it when the file ends', async () => {
    const outer = mkdtempSync(join(tmpdir(), 'outer-'))
    try {
      const { stdout } = await run(process.execPath, [vitestBin, 'run', '--config', join(fixture, 'vitest.config.ts')], {
        cwd: fixture,
        env: { ...process.env, TMPDIR: outer, CI: 'true' },
        encoding: 'utf8'
      })
      expect(stdout).toMatch(/1 passed/)
      expect(readdirSync(outer)).toEqual([])
    } finally {
      rmSync(outer, { recursive: true, force: true })
    }
  })
})
