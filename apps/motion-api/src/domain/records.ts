// What the domain stores and reads back: plain records, independent of how an adapter keeps them.
export const JOB_STATUSES = ['PROGRESS', 'SUCCESS', 'FAILURE'] as const
export type JobStatus = typeof JOB_STATUSES[number]

export interface OutputFile { type: string, key: string }
export interface VariantOutput { name: string, files: OutputFile[] }

export interface Job {
  rid: string
  clientId: string
  processor: 'text2motion' | 'render'
  parameters: string[]
  /** The parsed request as stored (a job-params JobRequest, possibly of an older version): read it through stored-requests.ts. */
  request: unknown
  status: JobStatus
  details: Record<string, unknown>
  chargedAmount: number
  variants: Record<string, { download: boolean }>
  outputs: Record<string, VariantOutput>
  processingInfo: Record<string, unknown>
  /** W3C traceparent of the submitting request's span; absent or null when it was not traced. */
  traceparent?: string | null
  ctime: Date
  mtime: Date
}

export type NewJob = Pick<Job, 'rid' | 'clientId' | 'processor' | 'parameters' | 'request' | 'chargedAmount' | 'details' | 'processingInfo' | 'traceparent'>
export type JobChanges = Partial<Pick<Job, 'status' | 'details' | 'chargedAmount' | 'variants' | 'outputs' | 'processingInfo'>>

export interface Plan { name: string, credits: number, maxVariants: number, periodDays: number }

export interface Client {
  id: string
  plan: string
  disabled: boolean
  corsOrigins: string[]
  periodStart: Date
  periodEnd: Date
  createdAt: Date
}

export type LedgerKind = 'grant' | 'renewal' | 'charge' | 'refund' | 'adjust'

export interface LedgerEntry { id: number, amount: number, kind: LedgerKind, rid: string | null, note: string | null, createdAt: Date }

export interface Model {
  id: string
  /** null for the stock characters every client sees. */
  clientId: string | null
  name: string
  platform: string
  modelKey: string | null
  glbKey: string | null
  thumbKey: string | null
  rigId: string
  faceDataType: number
  handDataType: number
  ctime: Date
  mtime: Date
}

export interface UploadSlot { id: string, blobKey: string, kind: 'model' | 'thumb', ext: string }

export interface PromptRequest {
  rid: string
  status: JobStatus
  details: Record<string, unknown>
}
