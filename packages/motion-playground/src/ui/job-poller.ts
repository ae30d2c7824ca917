// Polls a job's status until it leaves PROGRESS, reporting step/total and the queue position on the way.
import type { MotionApi, StatusRecord } from './api.js'

export const POLL_MS = 400

function sleep (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export interface Progress { step: number, total: number, positionInQueue: number | undefined }

/** "Queued (position 2)", "Generating: step 3 of 20", … for the progress line. */
export function describeProgress (progress: Progress): string {
  if (progress.positionInQueue !== undefined && progress.positionInQueue > 0) return `Waiting in the queue: position ${progress.positionInQueue}`
  if (progress.total > 0) return `Working: step ${progress.step} of ${progress.total}`
  return 'Starting…'
}

export async function pollUntilDone (api: MotionApi, rid: string, onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<StatusRecord> {
  for (;;) {
    if (signal?.aborted === true) throw new Error('stopped watching the job')
    const record = await api.status(rid)
    if (record.status !== 'PROGRESS' && record.status !== 'RETRY') return record
    onProgress({ step: record.details.step ?? 0, total: record.details.total ?? 0, positionInQueue: record.positionInQueue })
    await sleep(POLL_MS)
  }
}

export function failureText (record: StatusRecord): string {
  const { exc_message: message, exc_type: type, code } = record.details
  return `${type ?? 'Failed'}${code === undefined ? '' : ` (${code})`}: ${message ?? 'no message'}`
}
