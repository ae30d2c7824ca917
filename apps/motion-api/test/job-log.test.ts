// The worker that ran a job says so in its log, one line per finished job: with several workers, that line is how
// an operator (and the docker smoke) tells which process ran which job.
import { createLogger, type AppInstance } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { createMotionPipeline } from '../src/adapters/motion-pipeline.js'
import { useSignedInApp, waitForJob } from './helper.js'

const lines: Array<Record<string, unknown>> = []
const logger = createLogger({ name: 'motion-api', level: 'info', destination: { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>) } } })

/** Generation of a prompt saying "hold" runs until the job is aborted, and says when it has begun. */
const real = createMotionPipeline()
let holding: () => void = () => {}
const held = new Promise<void>((resolve) => { holding = resolve })
const pipeline = {
  ...real,
  generate: async (...args: Parameters<typeof real.generate>): ReturnType<typeof real.generate> => {
    if (!args[0].includes('hold')) return await real.generate(...args)
    const { signal } = args[4]
    holding()
    return await new Promise((_resolve, reject) => { signal.addEventListener('abort', () => { reject(signal.reason) }, { once: true }) })
  }
}

describe('job log lines', () => {
  let app: AppInstance
  let cookie: string
  useSignedInApp((built, session) => { app = built; cookie = session }, {}, { logger, pipeline })

  const submit = async (prompt: string): Promise<string> => (await app.inject({
    method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] }
  })).json<{ rid: string }>().rid
  const lineOf = (rid: string, msg: string) => lines.find((l) => l.rid === rid && l.msg === msg)

  it('logs "job succeeded" with the rid, processor, attempt and duration', async () => {
    const rid = await submit('walk forward')
    expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'SUCCESS' })
    const line = lineOf(rid, 'job succeeded')
    expect(line).toMatchObject({ level: 30, processor: 'text2motion', attempt: 1 })
    expect(line?.durationMs).toBeGreaterThan(0)
  })

  it('logs a job refused for its input as "job failed" at info, with its code', async () => {
    const rid = await submit('qwerty zxcv')
    expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'FAILURE' })
    expect(lineOf(rid, 'job failed')).toMatchObject({ level: 30, processor: 'text2motion', code: 494 })
  })

  it('logs a running job cancelled by its client as "job cancelled"', async () => {
    const rid = await submit('hold a pose')
    await held
    expect((await app.inject({ url: `/job/v1/cancel/${rid}`, headers: { cookie } })).json()).toEqual({ result: true })
    expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'FAILURE', details: { exc_type: 'Cancelled' } })
    for (let i = 0; i < 100 && lineOf(rid, 'job cancelled') === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(lineOf(rid, 'job cancelled')).toMatchObject({ level: 30, processor: 'text2motion' })
  })
})
