import { afterAll, beforeAll } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, motionConfig, type AppOverrides } from '../src/app.js'

export const ADMIN = 'admin-token-for-tests-0123456789'

/** Render jobs need ffmpeg: tests that render enable it with RENDER_ENABLED=true (and FFMPEG_PATH) or pass a renderer. */
export async function buildTestApp (env: Record<string, string> = {}, overrides: AppOverrides = {}): Promise<AppInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'motion-api-'))
  return buildApp(
    motionConfig.load({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_API_KEY: ADMIN,
      URL_SIGNING_SECRET: 'test-signing-secret-0123456789',
      RENDER_ENABLED: 'false',
      RENDER_WIDTH: '320',
      RENDER_HEIGHT: '180',
      ...env
    }),
    overrides
  )
}

/**
 * One app for the whole test file, signed in as the dev client: built before the first test, closed after the
 * last. `ready` receives the app and the session cookie.
 */
export function useSignedInApp (ready: (app: AppInstance, cookie: string) => void, env: Record<string, string> = {}, overrides: AppOverrides = {}): void {
  let built: AppInstance | undefined
  beforeAll(async () => {
    built = await buildTestApp(env, overrides)
    ready(built, await login(built))
  })
  afterAll(async () => { await built?.close() })
}

export async function login (app: AppInstance, id = 'dev-client', secret = 'dev-secret'): Promise<string> {
  const response = await app.inject({ url: '/account/v1/auth', headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` } })
  if (response.statusCode !== 200) throw new Error(`auth failed: ${response.body}`)
  const cookie = response.cookies.find((c) => c.name === 'dmsess')
  return `dmsess=${cookie!.value}`
}

export function localPath (url: string): string {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

export async function waitForJob (app: AppInstance, cookie: string, rid: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const record = (await app.inject({ url: `/job/v1/status/${rid}`, headers: { cookie } })).json().status[0]
    if (record.status !== 'PROGRESS') return record
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`job ${rid} did not finish`)
}
