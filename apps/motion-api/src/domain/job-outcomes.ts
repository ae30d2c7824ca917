// How a job ends. A processor returns what it made (JobOutput); the worker turns that, or a failure, into one
// write under the job's row lock: the charge or refund, the final status, details and processing info. The event
// clients receive is built from that same write, so it says exactly what the row says.
import type { JobFailure } from './job-failures.js'
import type { JobEvent } from './ports.js'
import type { Job, JobChanges, VariantOutput } from './records.js'

/** What a processor made of a job. */
export interface JobOutput {
  outputs: Record<string, VariantOutput>
  /** Per variant of a text2motion job: whether its download was paid (none yet). */
  variants?: Record<string, { download: boolean }>
  details: Record<string, unknown>
  /** Added to the job's processing info with `finishedAt`. */
  processingInfo: Record<string, unknown>
  /** The job's final price when it depends on the result; what it exceeds the hold by is charged, never less. */
  price?: { amount: number, note: string }
}

export type JobOutcome = { status: 'SUCCESS', output: JobOutput } | { status: 'FAILURE', failure: JobFailure }

/** The ledger movement that goes with an outcome, in the same transaction as the row's change. */
export type LedgerMove = { kind: 'charge' | 'refund', amount: number, note: string } | undefined

export interface Settlement { changes: JobChanges, ledger: LedgerMove, event: JobEvent }

/** The row change, ledger move and event that end `job` (locked, still PROGRESS) with `outcome`. */
export function settlementOf (job: Job, outcome: JobOutcome, finishedAt: number): Settlement {
  if (outcome.status === 'FAILURE') return failureSettlement(job, outcome.failure, finishedAt)
  const { output } = outcome
  const chargedAmount = output.price === undefined ? job.chargedAmount : Math.max(output.price.amount, job.chargedAmount)
  const changes: JobChanges = {
    status: 'SUCCESS',
    chargedAmount,
    ...(output.variants === undefined ? {} : { variants: output.variants }),
    outputs: output.outputs,
    details: output.details,
    processingInfo: { ...job.processingInfo, finishedAt, ...output.processingInfo }
  }
  return {
    changes,
    ledger: output.price === undefined ? undefined : { kind: 'charge', amount: Math.max(0, output.price.amount - job.chargedAmount), note: output.price.note },
    event: {
      type: 'job.succeeded',
      idempotencyKey: `${job.rid}:succeeded`,
      data: { rid: job.rid, processor: job.processor, status: 'SUCCESS', chargedAmount, details: output.details }
    }
  }
}

function failureSettlement (job: Job, failure: JobFailure, finishedAt: number): Settlement {
  // SayMotion clients look for the numeric code inside exc_message to show its meaning, so it leads the text.
  const excMessage = failure.code > 0 && !failure.message.startsWith(`${failure.code}`) ? `${failure.code}: ${failure.message}` : failure.message
  const details = { exc_type: failure.type, exc_message: excMessage, code: failure.code }
  return {
    changes: { status: 'FAILURE', chargedAmount: 0, details, processingInfo: { ...job.processingInfo, finishedAt } },
    ledger: { kind: 'refund', amount: job.chargedAmount, note: `refund: ${failure.type}` },
    event: { type: 'job.failed', idempotencyKey: `${job.rid}:failed`, data: { rid: job.rid, processor: job.processor, status: 'FAILURE', details } }
  }
}
