import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { describeMainProcess, spawnMain } from '@openmotion/test-services'

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url))

/** A process that must stop at once: status 1 and exactly one line of output, naming the problem. */
async function configurationFailure (env: Record<string, string>, args: string[] = []): Promise<string> {
  const { code, output } = await spawnMain(main, env, args).exited()
  expect(code).toBe(1)
  expect(output.trim().split('\n')).toHaveLength(1)
  return output.trim()
}

describeMainProcess('motion-api process', { main, portVariable: 'MOTION_PORT' }, () => {
  it('refuses to start a worker process without the Redis queue, naming STORAGE_TYPE', async () => {
    expect(await configurationFailure({ STORAGE_TYPE: 'memory' }, ['worker']))
      .toBe('Configuration error: MOTION_ROLE=worker needs STORAGE_TYPE=redis: separate API and worker processes share jobs through Redis')
  })

  it('refuses ENGINE=http without ENGINE_URL in one line naming ENGINE_URL', async () => {
    expect(await configurationFailure({ ENGINE: 'http' }))
      .toBe('Configuration error: ENGINE_URL is required when ENGINE=http: expected the base URL of the model server')
  })

  it('refuses RELAY_URL without RELAY_API_KEY in one line naming RELAY_API_KEY', async () => {
    expect(await configurationFailure({ RELAY_URL: 'http://127.0.0.1:9' })).toContain('Configuration error: RELAY_API_KEY is required when RELAY_URL is set')
  })

  it('refuses to start with render enabled and no ffmpeg, naming FFMPEG_PATH', async () => {
    expect(await configurationFailure({ RENDER_ENABLED: 'true', FFMPEG_PATH: '/nonexistent/ffmpeg' }))
      .toContain('Configuration error: ffmpeg not found or not runnable at "/nonexistent/ffmpeg" (set FFMPEG_PATH')
  })

  it('still reads a renamed variable (QUEUE) and warns once about it', async () => {
    const app = spawnMain(main, { QUEUE: 'memory', MOTION_PORT: String(20_000 + Math.floor(Math.random() * 20_000)), HOST: '127.0.0.1' })
    await app.waitFor('Server listening')
    expect(app.output()).toContain('Configuration warning: QUEUE is deprecated and will stop working in the next release: use STORAGE_TYPE')
    app.child.kill('SIGTERM')
    expect((await app.exited()).code).toBe(0)
  })
})
