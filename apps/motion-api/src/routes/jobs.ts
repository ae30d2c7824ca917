import { Type, type AppInstance } from '@openmotion/common'
import { PROCESS_PARAMS_DESCRIPTION } from '../domain/param-docs.js'
import { downloadLinks, type DownloadDeps } from '../domain/job-downloads.js'
import { cachedJobList, cachedJobStatuses, cancelJob, jobList, jobStatuses, parseStatuses, type JobReadDeps } from '../domain/job-reads.js'
import { PROCESSORS, submitJob, type Processor, type SubmissionDeps } from '../domain/job-submission.js'
import { errors } from '../errors.js'
import { currentClient, type SessionGuard } from '../session.js'
import { serializedOnce } from './serialized-once.js'
import { CancelResponse, DownloadResponse, ListResponse, StatusResponse, SubmitResponse, sessionErrors } from './schemas.js'

const RID_LIST = Type.String({ pattern: '^[\\w-]+(,[\\w-]+)*$', maxLength: 4000 })
const Statuses = Type.String({ maxLength: 200 })
const ProcessorName = Type.String({ maxLength: 64 })

export interface JobRouteDeps extends SubmissionDeps, DownloadDeps, JobReadDeps {
  requireSession: SessionGuard
}

function processorOf (name: string): Processor {
  if (!(PROCESSORS as readonly string[]).includes(name)) throw errors.NOT_FOUND(`Unknown processor ${name}; use ${PROCESSORS.join(' or ')}`)
  return name as Processor
}

export function jobRoutes (deps: JobRouteDeps) {
  return async (app: AppInstance) => {
    app.addHook('preHandler', deps.requireSession)

    app.post('/job/v1/process/:processor', {
      schema: {
        tags: ['jobs'],
        params: Type.Object({ processor: ProcessorName }),
        body: Type.Object({ params: Type.Array(Type.String({ maxLength: 20_000 }), { maxItems: 64, description: PROCESS_PARAMS_DESCRIPTION }) }),
        response: { 200: SubmitResponse, ...sessionErrors(402, 404, 413) }
      }
    }, async (request) => await submitJob(deps, currentClient(request).id, processorOf(request.params.processor), request.body.params))

    // The polled routes answer from memory synchronously when they can (not async handlers: no promise per poll).
    app.get('/job/v1/status/:rids', {
      schema: { tags: ['jobs'], params: Type.Object({ rids: RID_LIST }), response: { 200: StatusResponse, ...sessionErrors(404) } }
    }, (request, reply) => {
      const clientId = currentClient(request).id
      const rids = request.params.rids.split(',')
      const cached = cachedJobStatuses(deps, clientId, rids)
      if (cached !== undefined) { reply.send(cached); return }
      return jobStatuses(deps, clientId, rids).then((body) => { reply.send(body) })
    })

    app.get('/job/v1/download/:rids', {
      schema: {
        tags: ['jobs'],
        params: Type.Object({ rids: RID_LIST }),
        querystring: Type.Object({ variant_id: Type.Optional(Type.String({ maxLength: 4000 })) }),
        response: { 200: DownloadResponse, ...sessionErrors(404) }
      }
    }, async (request) => await downloadLinks(deps, currentClient(request).id, request.params.rids.split(','), request.query.variant_id?.split(',') ?? []))

    // The three list routes answer in one schema, so they share one memo of serialised lists.
    const sendList = serializedOnce()
    app.get('/job/v1/list', {
      schema: { tags: ['jobs'], response: { 200: ListResponse, ...sessionErrors() } }
    }, (request, reply) => {
      const clientId = currentClient(request).id
      const cached = cachedJobList(deps.jobs, clientId)
      if (cached !== undefined) { sendList(reply, cached); return }
      return jobList(deps.jobs, clientId).then((body) => { sendList(reply, body) })
    })

    // The public API also lists by status alone (`/job/v1/list/SUCCESS,FAILURE`), across processors.
    app.get('/job/v1/list/:statuses', {
      schema: {
        tags: ['jobs'],
        summary: 'Jobs with one of the comma-separated statuses, any processor',
        params: Type.Object({ statuses: Statuses }),
        response: { 200: ListResponse, ...sessionErrors() }
      }
    }, async (request, reply) => sendList(reply, await jobList(deps.jobs, currentClient(request).id, { statuses: parseStatuses(request.params.statuses) })))

    app.get('/job/v1/list/:statuses/:processor', {
      schema: { tags: ['jobs'], params: Type.Object({ statuses: Statuses, processor: ProcessorName }), response: { 200: ListResponse, ...sessionErrors(404) } }
    }, async (request, reply) => {
      const statuses = parseStatuses(request.params.statuses)
      return sendList(reply, await jobList(deps.jobs, currentClient(request).id, { statuses, processor: processorOf(request.params.processor) }))
    })

    app.get(
      '/job/v1/cancel/:rid',
      {
        schema: {
          tags: ['jobs'],
          params: Type.Object({ rid: Type.String({ pattern: '^[\\w-]+$', maxLength: 200 }) }),
          response: { 200: CancelResponse, ...sessionErrors(404) }
        }
      },
      async (request) => await cancelJob(deps, currentClient(request).id, request.params.rid)
    )
  }
}
