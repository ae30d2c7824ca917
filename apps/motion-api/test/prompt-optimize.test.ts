import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type AppInstance } from '@openmotion/common'
import { buildTestApp, login, useSignedInApp, waitForJob } from './helper.js'

let app: AppInstance
let cookie: string

useSignedInApp((built, session) => { app = built; cookie = session })

async function optimize (params: string[]): Promise<{ status: string, details: Record<string, unknown> }> {
  const response = await app.inject({ method: 'POST', url: '/prompt/v1/optimize', headers: { cookie }, payload: { params } })
  expect(response.statusCode, response.body).toBe(200)
  const status = (await app.inject({ url: `/prompt/v1/status/${response.json().rid as string}`, headers: { cookie } })).json()
  expect(status.count).toBe(1)
  return status.status[0]
}

describe('/prompt/v1/optimize', () => {
  it('normalizes the actions in order with their durations, and splits them when asked', async () => {
    // "strolls" is a slow walk.
    const prompt = 'A man cheerfully strolls ahead for a few steps and then he jumps two times, finally waving his left hand'
    const whole = await optimize([`prompt="${prompt}"`])
    expect(whole.status).toBe('SUCCESS')
    expect(whole.details).toMatchObject({
      In: prompt,
      optimizedPrompt: 'walk forward 3 steps slowly happily, then jump 2 times happily, then wave with the left hand happily'
    })
    expect(whole.details.out).toBe(whole.details.optimizedPrompt)
    expect(whole.details.actionablePrompts).toBeUndefined()
    const actions = whole.details.actions as Array<{ kind: string, startSeconds: number, durationSeconds: number }>
    expect(actions.map((a) => a.kind)).toEqual(['walk', 'jump', 'wave'])
    expect(actions[1]!.startSeconds).toBeCloseTo(actions[0]!.durationSeconds, 1)
    expect(whole.details.totalSeconds).toBeCloseTo(actions.reduce((s, a) => s + a.durationSeconds, 0), 0)

    const split = await optimize([`prompt=${prompt}`, 'breakIntoActionablePrompts=1'])
    expect(split.details.actionablePrompts).toEqual(['walk forward 3 steps slowly happily', 'jump 2 times happily', 'wave with the left hand happily'])
  })

  it('sub-prompts are jobs the engine runs as the action they name', async () => {
    const split = await optimize(['prompt=sit down then stand up and clap', 'breakIntoActionablePrompts=1.0'])
    expect(split.details.actionablePrompts).toEqual(['sit down', 'stand up', 'clap'])
  })

  it('reports how a misspelt movement word was understood, in optimize and in the finished job', async () => {
    const optimized = await optimize(['prompt=wakl forward'])
    expect(optimized.status).toBe('SUCCESS')
    expect(optimized.details.understood).toEqual(['"wakl" read as "walk" (spelling)'])
    const actions = optimized.details.actions as Array<{ understood?: string }>
    expect(actions.map((a) => a.understood)).toContain((optimized.details.understood as string[])[0])
    expect((await optimize(['prompt=walk forward'])).details.understood).toBeUndefined()

    const submitted = await app.inject({
      method: 'POST',
      url: '/job/v1/process/text2motion',
      headers: { cookie },
      payload: { params: ['prompt=wakl forward', 'model=openmotion_mannequin'] }
    })
    const job = await waitForJob(app, cookie, submitted.json().rid as string)
    expect(job).toMatchObject({ status: 'SUCCESS', details: { understood: optimized.details.understood } })
  })

  it('fails a prompt without an action with 494 in exc_message, and refuses bad parameters with 1102', async () => {
    expect(await optimize(['prompt=a lovely afternoon'])).toMatchObject({
      status: 'FAILURE',
      details: { code: 494, exc_message: expect.stringMatching(/^494: /) }
    })
    const bad = await app.inject({
      method: 'POST',
      url: '/prompt/v1/optimize',
      headers: { cookie },
      payload: { params: ['prompt=walk', 'breakIntoActionablePrompts=yes'] }
    })
    expect(bad.json()).toMatchObject({ error: { code: 1102, details: { parameter: 'breakIntoActionablePrompts' } }, message: expect.any(String) })
    expect((await app.inject({ url: '/prompt/v1/status/unknown-rid', headers: { cookie } })).statusCode).toBe(404)
    expect((await app.inject({ url: '/prompt/v1/status/unknown-rid' })).statusCode).toBe(401)
  })
})

describe('/prompt/v1/optimize on real captions', () => {
  // Every 40th caption of the engine's development set (people's descriptions of recorded motions, typos included).
  const captions = readFileSync(new URL('../../../packages/motion-engine/test/data/kitml-captions-dev.jsonl', import.meta.url), 'utf8')
    .split('\n').filter((line) => line.trim() !== '').map((line) => (JSON.parse(line) as { text: string }).text).filter((_, i) => i % 40 === 0)

  it('answers every caption with an analysis or a 494, never a 500', async () => {
    expect(captions.length).toBeGreaterThan(250)
    const outcomes = new Map<string, number>()
    for (const caption of captions) {
      const result = await optimize([`prompt=${caption}`])
      const outcome = result.status === 'SUCCESS' ? 'SUCCESS' : `FAILURE ${String(result.details.code)}`
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    }
    expect([...outcomes.keys()].every((o) => o === 'SUCCESS' || o === 'FAILURE 494'), JSON.stringify([...outcomes])).toBe(true)
    expect(outcomes.get('SUCCESS') ?? 0).toBeGreaterThan(captions.length * 0.9)
  }, 300_000)

  it('reports a negated action as ignored when nothing else is asked, with 494', async () => {
    expect(await optimize(['prompt=the man did not jump'])).toMatchObject({
      status: 'FAILURE',
      details: { code: 494, exc_message: expect.stringContaining('"jump" ignored: negated') }
    })
    expect((await optimize(['prompt=do not jump, just wave'])).details).toMatchObject({ understood: ['"jump" ignored: negated'] })
  })

  it('refuses more motion than a clip holds as generation does, with 502', async () => {
    expect(await optimize(['prompt=walk for 10 hours'])).toMatchObject({ status: 'FAILURE', details: { code: 502 } })
  })
})

describe('prompt answers retention', () => {
  it('deletes answers older than RETENTION_DAYS and keeps recent ones', async () => {
    const database = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'motion-prompts-')) })
    const short = await buildTestApp({ RETENTION_DAYS: '30', MAINTENANCE_INTERVAL_MS: '200' }, { database })
    try {
      const session = await login(short)
      const ask = async (): Promise<string> =>
        (await short.inject({ method: 'POST', url: '/prompt/v1/optimize', headers: { cookie: session }, payload: { params: ['prompt=wave'] } })).json().rid
      const old = await ask()
      const recent = await ask()
      await database.query("UPDATE motion_prompt_requests SET ctime = now() - interval '31 days' WHERE rid = $1", [old])
      const status = async (rid: string) => (await short.inject({ url: `/prompt/v1/status/${rid}`, headers: { cookie: session } })).statusCode
      for (let i = 0; i < 50 && await status(old) === 200; i++) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await status(old)).toBe(404)
      expect(await status(recent)).toBe(200)
    } finally {
      await short.close()
      await database.close()
    }
  })
})
