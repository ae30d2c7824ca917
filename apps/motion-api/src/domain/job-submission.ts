// Turns a validated process request into a stored, charged, queued job. Referenced models and source jobs must
// belong to the caller (or be stock models): an unknown model is 1102 naming `model`, an unknown source rid 404.
import { randomUUID } from 'node:crypto'
import type { Database } from '@openmotion/common'
import { errors } from '../errors.js'
import type { AccountStore } from '../stores/account-store.js'
import type { CreditLedger } from '../stores/credit-ledger.js'
import type { JobStore } from '../stores/job-store.js'
import type { ModelStore } from '../stores/model-store.js'
import { parseRender, parseText2Motion, type JobRequest, type SourceRef } from './job-params.js'
import { text2motionHold, type Pricing } from './pricing.js'

export const PROCESSORS = ['text2motion', 'render'] as const
export type Processor = typeof PROCESSORS[number]

export interface SubmissionDeps {
  db: Database
  accounts: AccountStore
  ledger: CreditLedger
  jobs: JobStore
  models: ModelStore
  pricing: Pricing
  enabledProcessors: Set<Processor>
}

async function checkSource (deps: SubmissionDeps, clientId: string, source: SourceRef, parameter: string): Promise<void> {
  const job = (await deps.jobs.getMany(clientId, [source.rid])).get(source.rid)
  // Unknown and other accounts' rids are one answer, 404, so a guessed rid reveals nothing.
  if (job === undefined || job.processor !== 'text2motion') throw errors.JOB_NOT_FOUND(`${parameter}: unknown text2motion request id ${source.rid}`, { parameter })
  if (job.status !== 'SUCCESS') throw errors.INVALID_PARAMETER(`${parameter}: request ${source.rid} has not succeeded`, { parameter })
  if (job.outputs[source.variantId] === undefined) throw errors.INVALID_PARAMETER(`variant_id: ${source.rid} has no variant ${source.variantId}`, { parameter: 'variant_id' })
}

export async function submitJob (deps: SubmissionDeps, clientId: string, processor: Processor, params: string[]): Promise<{ rid: string }> {
  const client = await deps.accounts.getClient(clientId)
  const plan = client === undefined ? undefined : await deps.accounts.getPlan(client.plan)
  if (client === undefined || plan === undefined) throw errors.UNAUTHENTICATED()
  const request: JobRequest = processor === 'text2motion' ? parseText2Motion(params, plan.maxVariants) : parseRender(params)
  if (!deps.enabledProcessors.has(processor)) throw errors.INVALID_PIPELINE_INPUT(`The ${processor} processor is not enabled on this server`)
  if (request.processor === 'text2motion') {
    if (await deps.models.visible(clientId, request.settings.model) === undefined) {
      throw errors.INVALID_PARAMETER(`model: unknown model id ${request.settings.model}`, { parameter: 'model' })
    }
    if (request.mode !== 'generate') await checkSource(deps, clientId, request.source, 't2m_rid')
    if (request.mode === 'merge') await checkSource(deps, clientId, request.merge.source, 'mergingRequest')
  } else {
    await checkSource(deps, clientId, request.source, 't2m_rid')
  }
  const rid = randomUUID()
  const hold = request.processor === 'text2motion' ? text2motionHold(deps.pricing, request.settings.numVariants) : deps.pricing.render
  await deps.db.transaction(async (tx) => {
    await deps.ledger.charge(tx, clientId, hold, rid, `${processor} submitted`)
    await deps.jobs.insert(tx, { rid, clientId, processor, parameters: params, request, chargedAmount: hold, details: { step: 0, total: 1 }, processingInfo: { queuedAt: Date.now() } })
  })
  return { rid }
}
