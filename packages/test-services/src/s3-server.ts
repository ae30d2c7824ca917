// The S3 server of the tests (SeaweedFS from scripts/services.sh): its address and keys read from TEST_S3_URL, and
// a private `weed server` for fault drills that stop and restart the store under a running app (the shared one
// serves other suites at the same time and must never go down).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PrivateService } from './fault-drill.js'
import { freePort } from './free-port.js'
import { requireTool } from './require-tool.js'
import { serverProcess } from './server-process.js'

export interface S3Settings {
  /** http://host:port, without credentials. */
  endpoint: string
  accessKeyId: string
  secretAccessKey: string
}

/** TEST_S3_URL (`http://key:secret@host:port`) split into an endpoint and its keys. */
export function s3Settings (url: string): S3Settings {
  const parsed = new URL(url)
  const settings = {
    endpoint: `${parsed.protocol}//${parsed.host}`,
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password)
  }
  if (settings.accessKeyId === '' || settings.secretAccessKey === '') throw new Error(`TEST_S3_URL must carry the access key and secret as user info: ${settings.endpoint}`)
  return settings
}

/** The `weed` binary scripts/services.sh built (WEED_PATH); missing: false, or a throw in CI. */
export function privateSeaweedfsAvailable (env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const path = env.WEED_PATH
  return requireTool('weed', path !== undefined && path !== '' && existsSync(path), 'SeaweedFS, built by: SERVICES=seaweedfs bash scripts/services.sh up')
}

export interface PrivateS3 extends PrivateService, S3Settings {}

/** `weed server -s3` on free ports with its own directory; stop is SIGTERM, start resolves once S3 answers. */
export async function startPrivateSeaweedfs (weed = process.env.WEED_PATH ?? 'weed'): Promise<PrivateS3> {
  const [s3, master, volume, filer] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const dir = mkdtempSync(join(tmpdir(), 'private-seaweedfs-'))
  const keys = { accessKeyId: 'private-test', secretAccessKey: 'private-test-secret' }
  writeFileSync(join(dir, 's3.json'), JSON.stringify({
    identities: [{ name: 'test', credentials: [{ accessKey: keys.accessKeyId, secretKey: keys.secretAccessKey }], actions: ['Admin', 'Read', 'List', 'Tagging', 'Write'] }]
  }))
  const endpoint = `http://127.0.0.1:${s3}`
  const { start, stop } = serverProcess({
    spawn: () => spawn(weed, [
      'server', '-ip=127.0.0.1', '-ip.bind=127.0.0.1', `-dir=${dir}`,
      `-master.port=${master}`, '-master.volumeSizeLimitMB=64', `-volume.port=${volume}`, '-volume.max=16',
      '-filer', `-filer.port=${filer}`, '-s3', `-s3.port=${s3}`, `-s3.config=${join(dir, 's3.json')}`
    ], { stdio: 'ignore' }),
    answers: async () => await fetch(`${endpoint}/`, { signal: AbortSignal.timeout(1000) }).then(() => true, () => false),
    probeEveryMs: 200,
    probes: 300,
    failure: `private SeaweedFS on port ${s3} did not answer`,
    killAfterMs: 10_000
  })
  await start()
  return {
    endpoint,
    ...keys,
    port: s3,
    start,
    stop,
    async close () {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
