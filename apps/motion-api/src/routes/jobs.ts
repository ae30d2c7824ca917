import { Type, type AppInstance } from '@openmotion/common'
import { PROCESS_PARAMS_DESCRIPTION } from '../domain/param-docs.js'
import { PROCESSORS, submitJob, type Processor, type SubmissionDeps } from '../domain/job-submission.js'
import { errors } from '../errors.js'
import { currentClient, type SessionGuard } from '../session.js'
import type { CreditLedger } from '../stores/credit-ledger.js'
import type { Job } from '../stores/job-store.js'
import type { JobWorker } from '../worker/job-worker.js'
import type { UrlSigner } from '../adapters/blob-store.js'
import { CancelResponse, DownloadResponse, ListResponse, StatusResponse, SubmitResponse, sessionErrors } from './schemas.js'

const RID_LIST = Type.String({ pattern: '^[\\w-]+(,[\\w-]+)*$', maxLength: 4000 })
const STATUSES = ['PROGRESS', 'SUCCESS', 'FAILURE']

function parseStatuses (raw: string): string[] {
  const statuses = raw.split(',')
  const bad = statuses.find((s) => !STATUSES.includes(s))
  if (bad !== undefined) throw errors.INVALID_PARAMETER(`status: unknown status ${bad}; use ${STATUSES.join(', ')}`, { parameter: 'status' })
  return statuses
}

export interface JobRouteDeps extends SubmissionDeps {
  ledger: CreditLedger
  worker: JobWorker
  signer: UrlSigner
  downloadTtl: number
  requireSession: SessionGuard
}

/** `positionInQueue` is the 1-based place among jobs waiting for a worker; 0 once running. */
function statusRecord (job: Job, positions: Map<string, number>) {
  if (job.status === 'PROGRESS') {
    const { step, total } = job.details as { step?: number, total?: number }
    return { rid: job.rid, status: job.status, details: { step: step ?? 0, total: total ?? 1 }, positionInQueue: positions.get(job.rid) ?? 0 }
  }
  return { rid: job.rid, status: job.status, details: job.details }
}

function listRecord (job: Job) {
  return {
    rid: job.rid,
    processingInfo: job.processingInfo,
    processor: job.processor,
    parameters: job.parameters,
    ...(job.processor === 'text2motion' ? { variants: job.variants } : {}),
    chargedAmount: job.chargedAmount,
    status: job.status,
    ctime: job.ctime.getTime(),
    mtime: job.mtime.getTime()
  }
}

export function jobRoutes (deps: JobRouteDeps) {
  return async (app: AppInstance) => {
    app.addHook('preHandler', deps.requireSession)

    app.post('/job/v1/process/:processor', {
      schema: {
        tags: ['jobs'],
        params: Type.Object({ processor: Type.String({ maxLength: 64 }) }),
        body: Type.Object({ params: Type.Array(Type.String({ maxLength: 20_000 }), { maxItems: 64, description: PROCESS_PARAMS_DESCRIPTION }) }),
        response: { 200: SubmitResponse, ...sessionErrors(402, 404, 413) }
      }
    }, async (request) => {
      const processor = request.params.processor
      if (!(PROCESSORS as readonly string[]).includes(processor)) throw errors.NOT_FOUND(`Unknown processor ${processor}; use ${PROCESSORS.join(' or ')}`)
      const result = await submitJob(deps, currentClient(request).id, processor as Processor, request.body.params)
      await deps.worker.enqueue(result.rid)
      return result
    })

    app.get('/job/v1/status/:rids', { schema: { tags: ['jobs'], params: Type.Object({ rids: RID_LIST }), response: { 200: StatusResponse, ...sessionErrors(404) } } }, async (request) => {
      const { jobs, known } = await knownJobs(deps, currentClient(request).id, request.params.rids.split(','))
      const positions = await deps.worker.positions(known.filter((rid) => jobs.get(rid)?.status === 'PROGRESS'))
      const status = known.map((rid) => statusRecord(jobs.get(rid)!, positions))
      return { count: status.length, status }
    })

    app.get('/job/v1/download/:rids', {
      schema: { tags: ['jobs'], params: Type.Object({ rids: RID_LIST }), querystring: Type.Object({ variant_id: Type.Optional(Type.String({ maxLength: 4000 })) }), response: { 200: DownloadResponse, ...sessionErrors(404) } }
    }, async (request) => {
      const client = currentClient(request)
      const rids = request.params.rids.split(',')
      const variantIds = request.query.variant_id?.split(',') ?? []
      const { jobs } = await knownJobs(deps, client.id, rids)
      const links = []
      // Variant ids pair with the requested rids by position, so an unknown rid still consumes its variant id.
      for (const [index, rid] of rids.entries()) {
        const job = jobs.get(rid)
        if (job !== undefined) links.push(await downloadLink(deps, client.id, job, variantIds[index] ?? '1'))
      }
      return { count: links.length, links }
    })

    const list = async (clientId: string, statuses?: string[], processor?: string) => {
      const jobs = await deps.jobs.list(clientId, { statuses, processor })
      return { count: jobs.length, list: jobs.map(listRecord) }
    }
    app.get('/job/v1/list', { schema: { tags: ['jobs'], response: { 200: ListResponse, ...sessionErrors() } } }, async (request) => list(currentClient(request).id))
    // The public API also lists by status alone (`/job/v1/list/SUCCESS,FAILURE`), across processors.
    app.get('/job/v1/list/:statuses', {
      schema: {
        tags: ['jobs'],
        summary: 'Jobs with one of the comma-separated statuses, any processor',
        params: Type.Object({ statuses: Type.String({ maxLength: 200 }) }),
        response: { 200: ListResponse, ...sessionErrors() }
      }
    }, async (request) => list(currentClient(request).id, parseStatuses(request.params.statuses)))
    app.get('/job/v1/list/:statuses/:processor', {
      schema: { tags: ['jobs'], params: Type.Object({ statuses: Type.String({ maxLength: 200 }), processor: Type.String({ maxLength: 64 }) }), response: { 200: ListResponse, ...sessionErrors(404) } }
    }, async (request) => {
      const statuses = parseStatuses(request.params.statuses)
      if (!(PROCESSORS as readonly string[]).includes(request.params.processor)) throw errors.NOT_FOUND(`Unknown processor ${request.params.processor}`)
      return list(currentClient(request).id, statuses, request.params.processor)
    })

    app.get('/job/v1/cancel/:rid', { schema: { tags: ['jobs'], params: Type.Object({ rid: Type.String({ pattern: '^[\\w-]+$', maxLength: 200 }) }), response: { 200: CancelResponse, ...sessionErrors(404) } } }, async (request) => {
      const job = (await deps.jobs.getMany(currentClient(request).id, [request.params.rid])).get(request.params.rid)
      if (job === undefined) throw errors.JOB_NOT_FOUND()
      return { result: await deps.worker.cancelJob(job.rid) }
    })
  }
}

/**
 * The caller's jobs among `rids`, in request order. Unknown rids (and other accounts' — indistinguishable) are
 * left out so one stale id does not hide the others; only a request where none is known is 404.
 */
async function knownJobs (deps: JobRouteDeps, clientId: string, rids: string[]): Promise<{ jobs: Map<string, Job>, known: string[] }> {
  const jobs = await deps.jobs.getMany(clientId, rids)
  const known = rids.filter((rid) => jobs.has(rid))
  if (known.length === 0) throw errors.JOB_NOT_FOUND(`Unknown request id ${rids.join(',').slice(0, 200)}`)
  return { jobs, known }
}

/** The first variant a job's owner downloads is included; each further variant costs once, then stays paid. */
async function downloadLink (deps: JobRouteDeps, clientId: string, job: Job, variantId: string) {
  if (job.status !== 'SUCCESS') return { rid: job.rid }
  const renderJobList = job.processor === 'text2motion' ? await deps.jobs.renderJobsOf(clientId, job.rid) : undefined
  const base = { rid: job.rid, parameters: job.parameters, ...(renderJobList === undefined ? {} : { renderJobList }) }
  const output = job.outputs[variantId]
  if (output === undefined) return { ...base, variantDownloadStatus: false, urls: [] }
  if (job.processor === 'text2motion' && job.variants[variantId]?.download !== true) {
    const paid = await deps.db.transaction(async (tx) => {
      const current = await deps.jobs.lockForUpdate(tx, job.rid)
      if (current === undefined) return false
      if (current.variants[variantId]?.download === true) return true
      const alreadyDownloaded = Object.values(current.variants).some((v) => v.download)
      const price = alreadyDownloaded ? deps.pricing.extraVariantDownload : 0
      try {
        await deps.ledger.charge(tx, clientId, price, job.rid, `download variant ${variantId}`)
      } catch {
        return false
      }
      await deps.jobs.update(tx, job.rid, { variants: { ...current.variants, [variantId]: { download: true } }, chargedAmount: current.chargedAmount + price })
      return true
    })
    if (!paid) return { ...base, variantDownloadStatus: false, urls: [] }
  }
  const files = output.files.map((file) => ({ [file.type]: deps.signer.sign(`/files/${file.key}`, deps.downloadTtl) }))
  return { ...base, variantDownloadStatus: true, urls: [{ name: output.name, files }] }
}
