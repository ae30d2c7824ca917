// The write that ends a job and the event sent from it: what a processor returned (or the failure) becomes one
// row change and one ledger move, and the event carries exactly what the row now says.
import { describe, expect, it } from 'vitest'
import { settlementOf } from '../src/domain/job-outcomes.js'
import type { Job } from '../src/domain/records.js'

const running: Job = {
  rid: 'r1',
  clientId: 'c1',
  processor: 'text2motion',
  parameters: ['prompt=walk'],
  request: {},
  status: 'PROGRESS',
  details: { step: 9, total: 10 },
  chargedAmount: 40,
  variants: {},
  outputs: {},
  processingInfo: { queuedAt: 1, startedAt: 2 },
  ctime: new Date(0),
  mtime: new Date(0)
}
const outputs = { 1: { name: 'r1_v1', files: [{ type: 'glb', key: 'jobs/r1/v1/r1_v1.glb' }] } }

describe('settlementOf', () => {
  it('charges what the final price exceeds the hold by, and sends the amount and details it wrote', () => {
    const { changes, ledger, event } = settlementOf(running, {
      status: 'SUCCESS',
      output: { outputs, variants: { 1: { download: false } }, details: { In: 'walk', out: 'r1_v1' }, processingInfo: { motionSeconds: [3] }, price: { amount: 60, note: 'text2motion 3.0 s' } }
    }, 99)
    expect(ledger).toEqual({ kind: 'charge', amount: 20, note: 'text2motion 3.0 s' })
    expect(changes).toEqual({
      status: 'SUCCESS',
      chargedAmount: 60,
      variants: { 1: { download: false } },
      outputs,
      details: { In: 'walk', out: 'r1_v1' },
      processingInfo: { queuedAt: 1, startedAt: 2, finishedAt: 99, motionSeconds: [3] }
    })
    expect(event).toEqual({
      type: 'job.succeeded',
      idempotencyKey: 'r1:succeeded',
      data: { rid: 'r1', processor: 'text2motion', status: 'SUCCESS', chargedAmount: 60, details: changes.details }
    })
  })

  it('keeps the hold when the final price is lower (nothing is given back on success)', () => {
    const { changes, ledger, event } = settlementOf(running, {
      status: 'SUCCESS',
      output: { outputs, details: {}, processingInfo: {}, price: { amount: 25, note: 'short' } }
    }, 99)
    expect(ledger).toEqual({ kind: 'charge', amount: 0, note: 'short' })
    expect(changes.chargedAmount).toBe(40)
    expect(event.data.chargedAmount).toBe(40)
  })

  it('leaves the ledger and the charged amount alone for a job priced at submission (render)', () => {
    const { changes, ledger, event } = settlementOf({ ...running, processor: 'render' }, {
      status: 'SUCCESS',
      output: { outputs, details: { out: 'x' }, processingInfo: { frames: 90 } }
    }, 99)
    expect(ledger).toBeUndefined()
    expect(changes.chargedAmount).toBe(40)
    expect(changes.variants).toBeUndefined()
    expect(event.data).toMatchObject({ processor: 'render', chargedAmount: 40 })
  })

  it('refunds the whole hold on failure, leads the message with the code, and sends the details it wrote', () => {
    const { changes, ledger, event } = settlementOf(running, { status: 'FAILURE', failure: { code: 599, type: 'TimeoutError', message: 'The job exceeded 10 ms' } }, 99)
    expect(ledger).toEqual({ kind: 'refund', amount: 40, note: 'refund: TimeoutError' })
    expect(changes).toEqual({
      status: 'FAILURE',
      chargedAmount: 0,
      details: { exc_type: 'TimeoutError', exc_message: '599: The job exceeded 10 ms', code: 599 },
      processingInfo: { queuedAt: 1, startedAt: 2, finishedAt: 99 }
    })
    expect(event).toEqual({ type: 'job.failed', idempotencyKey: 'r1:failed', data: { rid: 'r1', processor: 'text2motion', status: 'FAILURE', details: changes.details } })
  })

  it('does not repeat a code the message already starts with', () => {
    const { changes } = settlementOf(running, { status: 'FAILURE', failure: { code: 494, type: 'PipelineError', message: '494 no action recognised' } }, 99)
    expect(changes.details).toMatchObject({ exc_message: '494 no action recognised' })
  })
})
