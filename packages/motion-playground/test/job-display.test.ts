import { describe, expect, it } from 'vitest'
import { describeProgress } from '../src/ui/job-poller.ts'
import { describeJob, paramOf } from '../src/ui/jobs-view.ts'
import type { JobRecord } from '../src/ui/api.ts'

const job = (processor: JobRecord['processor'], parameters: string[]): JobRecord => ({
  rid: 'r',
  processor,
  parameters,
  chargedAmount: 1,
  status: 'SUCCESS',
  ctime: 0,
  mtime: 0
})

describe('progress line', () => {
  it('shows the queue position while waiting, then step and total', () => {
    expect(describeProgress({ step: 0, total: 20, positionInQueue: 3 })).toBe('Waiting in the queue: position 3')
    expect(describeProgress({ step: 4, total: 20, positionInQueue: 0 })).toBe('Working: step 4 of 20')
    expect(describeProgress({ step: 0, total: 0, positionInQueue: undefined })).toBe('Starting…')
  })
})

describe('past jobs', () => {
  it('reads a parameter whose value contains "="', () => {
    expect(paramOf(['prompt=a=b', 'model=m'], 'prompt')).toBe('a=b')
    expect(paramOf(['model=m'], 'prompt')).toBeUndefined()
  })

  it('describes a job by its prompt, or by what it derives from', () => {
    expect(describeJob(job('text2motion', ['prompt=waves', 'model=m']))).toBe('waves')
    expect(describeJob(job('render', ['t2m_rid=abc', 'variant_id=2']))).toBe('render of abc v2')
    expect(describeJob(job('text2motion', ['t2m_rid=abc', 'inPaintingRequest={}']))).toBe('inpainting of abc v1')
    expect(describeJob(job('text2motion', ['t2m_rid=abc', 'mergingRequest={}']))).toBe('merge with abc v1')
  })
})
