// /prompt/v1/optimize: the prompt as the engine understands it — its actions in order, each written as a short
// canonical phrase with the length generation gives it — with no external language model. With
// breakIntoActionablePrompts=1 the answer also lists one sub-prompt per action, each generable on its own.
import { randomUUID } from 'node:crypto'
import { analyzePrompt, EngineError, UNDERSTOOD_PHRASES, type PromptAnalysis } from '@openmotion/motion-engine'
import { codeOf, errors } from '../errors.js'
import { jobFailureOf } from './job-failures.js'
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
  const rid = randomUUID()
  const record = await analysisRecord(rid, prompt, split)
  await store.insert(clientId, params, record)
  return { rid }
}

/** The answer to an optimize request: the analysis generation would make of the prompt, or why it cannot be made. */
async function analysisRecord (rid: string, prompt: string, split: boolean): Promise<PromptRequest> {
  let analysis: PromptAnalysis
  try {
    analysis = await analyzePrompt(prompt)
  } catch (err) {
    // Generation would refuse this prompt the same way (e.g. more motion than a clip holds): the same code, not a 500.
    if (!(err instanceof EngineError)) throw err
    const failure = jobFailureOf(err)
    return { rid, status: 'FAILURE', details: { exc_type: 'PromptError', exc_message: `${failure.code}: ${failure.message}`, code: failure.code } }
  }
  if (analysis.actions.length === 0) {
    const ignored = analysis.understood.length === 0 ? '' : ` (${analysis.understood.join('; ')})`
    return {
      rid,
      status: 'FAILURE',
      details: {
        exc_type: 'PromptError',
        exc_message: `${NO_ACTION}: no recognisable action in the prompt${ignored}; understood actions: ${UNDERSTOOD_PHRASES.join(', ')}`,
        code: NO_ACTION
      }
    }
  }
  return {
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
}

export async function promptStatus (store: PromptRepository, clientId: string, rids: string[]): Promise<{ count: number, status: PromptRequest[] }> {
  const found = await store.getMany(clientId, rids)
  // As /job/v1/status: the known rids' records, unknown ones left out; only an all-unknown request is 404.
  const status = rids.flatMap((rid) => found.get(rid) ?? [])
  if (status.length === 0) throw errors.JOB_NOT_FOUND(`Unknown request id ${rids.join(',')}`)
  return { count: status.length, status }
}
