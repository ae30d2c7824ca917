// Runs schemathesis (installed by scripts/services.sh, path in SCHEMATHESIS_PATH) against an app's served OpenAPI
// document with every check on: no 5xx, responses match their documented schema, status codes and content types
// are documented, invalid data is refused, deleted resources stay gone. Bounded by a time limit (SIGINT, so
// schemathesis still prints its summary) and a number of examples per operation; derandomized so a failure repeats,
// run in a temporary directory so hypothesis leaves no .hypothesis folder in the package.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SchemathesisOptions {
  /** The CLI (describeWithService('schemathesis', …) hands it over). */
  bin: string
  /** Where the app listens, e.g. http://127.0.0.1:41234; the document is read from `${base}${documentPath}`. */
  base: string
  documentPath?: string
  /**
   * Request headers sent with every generated request (an API key, a session cookie). Spell `Authorization` so:
   * the ignored_auth check removes that exact header to prove a secured operation refuses a request without it.
   */
  headers?: Record<string, string>
  maxExamples?: number
  timeLimitMs?: number
  /** More CLI arguments, e.g. ['--include-tag', 'admin']. */
  args?: string[]
}

export interface SchemathesisResult {
  code: number | null
  output: string
  /** The time limit ended the run (under load); what ran until then still counts. */
  interrupted: boolean
  /** No failure and no error: exit status 0, or interrupted by the time limit before finding any. */
  clean: boolean
  /** The summary lines: operations, examples (test cases), passed, failed, errored. */
  summary: string
}

const SUMMARY = /operations|examples|test cases|passed|failed|errored|FAILURES|Summary|seconds/i

export async function runSchemathesis (options: SchemathesisOptions): Promise<SchemathesisResult> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = [
    'run', `${options.base}${options.documentPath ?? '/openapi.json'}`, '--base-url', options.base,
    '--checks', 'all', '--experimental', 'openapi-3.1',
    '--hypothesis-max-examples', String(options.maxExamples ?? 25), '--hypothesis-derandomize', '--workers', '1',
    '--show-trace', ...headers, ...(options.args ?? [])
  ]
  let interrupted = false
  const { code, output } = await new Promise<{ code: number | null, output: string }>((resolve) => {
    const cwd = mkdtempSync(join(tmpdir(), 'schemathesis-'))
    const child = spawn(options.bin, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => { text += chunk.toString() })
    child.stderr.on('data', (chunk: Buffer) => { text += chunk.toString() })
    const timer = setTimeout(() => { interrupted = true; child.kill('SIGINT') }, options.timeLimitMs ?? 170_000)
    child.on('close', (status) => {
      clearTimeout(timer)
      rmSync(cwd, { recursive: true, force: true })
      resolve({ code: status, output: text })
    })
  })
  const findings = /^=+ (FAILURES|ERRORS) =+$/m.test(output) || /\b\d+ (failed|errored)\b/.test(output)
  return {
    code,
    output,
    interrupted,
    clean: code === 0 || (interrupted && !findings),
    summary: output
      .split('\n')
      .filter((line) => SUMMARY.test(line))
      .join('\n')
  }
}
