// /prompt/v1/optimize: the prompt as the engine understands it — its actions in order, each written as a short
// canonical phrase with the length generation gives it — with no external language model. With
// breakIntoActionablePrompts=1 the answer also lists one sub-prompt per action, each generable on its own.
import { randomUUID } from 'node:crypto'
import { analyzePrompt, UNDERSTOOD_PHRASES } from '@openmotion/motion-engine'
import { codeOf, errors } from '../errors.js'
import { flag, splitParams, text } from './param-values.js'
import type { PromptRepository } from './ports.js'
import type { PromptRequest } from './records.js'

export const OPTIMIZE_PARAMS = ['prompt', 'breakIntoActionablePrompts'] as const
/** Code of a prompt without a recognisable action: the job pipeline's "invalid pipeline input". */
const NO_ACTION = codeOf(errors.INVALID_PIPELINE_INPUT)

export async function optimizePrompt (store: PromptRepository, clientId: string, params: string[]): Promise<{ rid: string }> {
  const values = splitParams(params, OPTIMIZE_PARAMS)
  const prompt = text('prompt', values.get('prompt'))
  const split = flag('breakIntoActionablePrompts', values.get('breakIntoActionablePrompts') ?? '0')
  const analysis = await analyzePrompt(prompt)
  const rid = randomUUID()
  const record: PromptRequest =
    analysis.actions.length === 0
      ? {
          rid,
          status: 'FAILURE',
          details: {
            exc_type: 'PromptError',
            exc_message: `${NO_ACTION}: no recognisable action in the prompt; understood actions: ${UNDERSTOOD_PHRASES.join(', ')}`,
            code: NO_ACTION
          }
        }
      : {
          rid,
          status: 'SUCCESS',
          details: {
            In: prompt,
            out: analysis.optimizedPrompt,
            optimizedPrompt: analysis.optimizedPrompt,
            totalSeconds: analysis.totalSeconds,
            actions: analysis.actions,
            ...(analysis.understood.length === 0 ? {} : { understood: analysis.understood }),
            ...(split ? { actionablePrompts: analysis.actions.map((a) => a.prompt) } : {})
          }
        }
  await store.insert(clientId, params, record)
  return { rid }
}

export async function promptStatus (store: PromptRepository, clientId: string, rids: string[]): Promise<{ count: number, status: PromptRequest[] }> {
  const found = await store.getMany(clientId, rids)
  // As /job/v1/status: the known rids' records, unknown ones left out; only an all-unknown request is 404.
  const status = rids.flatMap((rid) => found.get(rid) ?? [])
  if (status.length === 0) throw errors.JOB_NOT_FOUND(`Unknown request id ${rids.join(',')}`)
  return { count: status.length, status }
}
