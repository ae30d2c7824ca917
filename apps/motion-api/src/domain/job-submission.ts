// Turns a validated process request into a stored, charged, queued job. The job, its credit hold and its hand-over
// to the queue commit in one transaction; the queue gets it right after (or, when it is away, once it is back), so
// an accepted job always runs and a job that never runs is never charged. Referenced models and source jobs must
// belong to the caller (or be stock models): an unknown model is 1102 naming `model`, an unknown source rid 404.
// A rerun's lineage (t2m_rid, variant_id) is kept in processingInfo, which the list record carries.
import { randomUUID } from 'node:crypto'
import { currentTraceparent, type Database } from '@openmotion/common'
import { errors } from '../errors.js'
import { requireSource, resolveDerived } from './derived-jobs.js'
import { parseRender, parseText2Motion, type JobRequest } from './job-params.js'
import { text2motionHold, type Pricing } from './pricing.js'
import type { AccountRepository, JobHandOver, JobRepository, Ledger, ModelRepository } from './ports.js'

export const PROCESSORS = ['text2motion', 'render'] as const
export type Processor = typeof PROCESSORS[number]

export interface SubmissionDeps {
  db: Database
  accounts: AccountRepository
  ledger: Ledger
  jobs: JobRepository
  models: ModelRepository
  handOver: JobHandOver
  pricing: Pricing
  enabledProcessors: Set<Processor>
}

export async function submitJob (deps: SubmissionDeps, clientId: string, processor: Processor, params: string[]): Promise<{ rid: string }> {
  const client = await deps.accounts.getClient(clientId)
  const plan = client === undefined ? undefined : await deps.accounts.getPlan(client.plan)
  if (client === undefined || plan === undefined) throw errors.UNAUTHENTICATED()
  const parsed: JobRequest = processor === 'text2motion' ? parseText2Motion(params, plan.maxVariants) : parseRender(params)
  if (!deps.enabledProcessors.has(processor)) throw errors.INVALID_PIPELINE_INPUT(`The ${processor} processor is not enabled on this server`)
  let request: JobRequest
  if (parsed.processor === 'text2motion') {
    request = await resolveDerived(deps.jobs, clientId, parsed)
    if (request.settings.numVariants > plan.maxVariants) {
      throw errors.INVALID_PARAMETER(`numVariant: ${request.settings.numVariants} is more than your plan's maxVariantsGeneration (${plan.maxVariants})`, {
        parameter: 'numVariant'
      })
    }
    if (await deps.models.visible(clientId, request.settings.model) === undefined) {
      throw errors.INVALID_PARAMETER(`model: unknown model id ${request.settings.model}`, { parameter: 'model' })
    }
  } else {
    request = parsed
    await requireSource(deps.jobs, clientId, request.source, 't2m_rid')
  }
  const rid = randomUUID()
  const lineage =
    request.processor === 'text2motion' && request.lineage !== undefined
      ? { lineage: { t2m_rid: request.lineage.rid, variant_id: request.lineage.variantId } }
      : {}
  const hold = request.processor === 'text2motion' ? text2motionHold(deps.pricing, request.settings.numVariants) : deps.pricing.render
  await deps.db.transaction(async (tx) => {
    await deps.ledger.charge(tx, clientId, hold, rid, `${processor} submitted`)
    await deps.jobs.insert(tx, {
      rid,
      clientId,
      processor,
      parameters: params,
      request,
      chargedAmount: hold,
      details: { step: 0, total: 1 },
      processingInfo: { queuedAt: Date.now(), ...lineage },
      // The worker's span continues the submission's trace from this row (worker/job-worker.ts).
      traceparent: currentTraceparent() ?? null
    })
    await deps.handOver.record(tx, rid)
  })
  await deps.handOver.publish(rid)
  return { rid }
}
