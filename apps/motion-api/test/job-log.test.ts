// The worker that ran a job says so in its log, one line per finished job: with several workers, that line is how
// an operator (and the docker smoke) tells which process ran which job.
import { Writable } from 'node:stream'
import { createLogger } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { useSignedInApp, waitForJob } from './helper.js'
import type { AppInstance } from '@openmotion/common'

const lines: Array<Record<string, unknown>> = []
const destination = new Writable({
  write (chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>)
    done()
  }
})

describe('job log lines', () => {
  let app: AppInstance
  let cookie: string
  useSignedInApp((built, session) => { app = built; cookie = session }, {}, { logger: createLogger({ name: 'motion-api', level: 'info', destination }) })

  const submit = async (prompt: string): Promise<string> => (await app.inject({
    method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params: [`prompt=${prompt}`, 'model=openmotion_mannequin', 'skipFBX=1'] }
  })).json<{ rid: string }>().rid

  it('logs "job succeeded" with the rid, processor, attempt and duration', async () => {
    const rid = await submit('walk forward')
    expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'SUCCESS' })
    const line = lines.find((l) => l.msg === 'job succeeded' && l.rid === rid)
    expect(line).toMatchObject({ level: 30, processor: 'text2motion', attempt: 1 })
    expect(line?.durationMs).toBeGreaterThan(0)
  })

  it('logs a job refused for its input as "job failed" at info, with its code', async () => {
    const rid = await submit('qwerty zxcv')
    expect(await waitForJob(app, cookie, rid)).toMatchObject({ status: 'FAILURE' })
    expect(lines.find((l) => l.rid === rid && l.msg === 'job failed')).toMatchObject({ level: 30, processor: 'text2motion', code: 494 })
  })
})
