// Adapter for an external model server (MoMask, T2M-GPT, MDM and the like) speaking the JSON protocol in
// http-protocol.ts. The adapter applies the same post-processing as the builtin engine, so options behave alike.
import type { MotionClip } from '../clip.js'
import { resampleClip } from '../clip-ops.js'
import { normalizeRequest } from '../engine.js'
import type { GenerateContext, GenerateRequest, MotionEngine } from '../engine.js'
import { abortError, ENGINE_ERROR, EngineError, type EngineErrorCode } from '../errors.js'
import { POSTPROCESS_STEPS, postprocess } from '../post/pipeline.js'
import { createHumanoidSkeleton } from '../skeleton.js'
import type { HumanoidOptions } from '../skeleton.js'
import { replyToClip } from './http-protocol.js'
import type { HttpGenerateBody } from './http-protocol.js'
import { stepper } from './steps.js'

export interface HttpEngineOptions {
  /** Base URL of the model server; the adapter POSTs to `${url}/generate`. */
  url: string
  /** Per-request time limit in milliseconds; exceeding it fails with 599. */
  timeoutMs: number
  skeleton?: HumanoidOptions
}

// The wire protocol speaks the motion API's numeric codes (a model server written for that API needs no table of
// ours); these a server may pass through, anything else it reports is a generation error.
const WIRE_CODES = new Map<unknown, EngineErrorCode>([[494, ENGINE_ERROR.INVALID_INPUT], [502, ENGINE_ERROR.BAD_PARAMETERS], [599, ENGINE_ERROR.TIMEOUT]])

async function serverError (res: Response): Promise<EngineError> {
  let code: EngineErrorCode = ENGINE_ERROR.GENERATION
  let message = `model server answered HTTP ${res.status}`
  try {
    const body = await res.json() as { error?: { code?: unknown, message?: unknown } }
    code = WIRE_CODES.get(body.error?.code) ?? code
    if (typeof body.error?.message === 'string') message += `: ${body.error.message}`
  } catch {
    // A non-JSON error body keeps the status-only message.
  }
  return new EngineError(code, message)
}

export function createHttpEngine (config: HttpEngineOptions): MotionEngine {
  let base: URL
  try {
    base = new URL(config.url)
  } catch (err) {
    throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, `invalid model server url: ${config.url}`, { cause: err })
  }
  if (!(config.timeoutMs > 0)) throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'timeoutMs must be positive')
  const endpoint = new URL('generate', base.href.endsWith('/') ? base : new URL(base.href + '/'))
  const skeleton = createHumanoidSkeleton(config.skeleton)
  return {
    kind: 'http',
    async generate (request: GenerateRequest, context?: GenerateContext): Promise<MotionClip> {
      const req = normalizeRequest(request)
      const step = stepper(3 + POSTPROCESS_STEPS + 1, context)
      const body: HttpGenerateBody = { prompt: req.prompt, seed: req.seed, variantIndex: req.variantIndex, fps: req.fps, options: { ...req.options } }
      if (req.durationSeconds !== undefined) body.durationSeconds = req.durationSeconds
      const timeout = AbortSignal.timeout(config.timeoutMs)
      const signal = context?.signal ? AbortSignal.any([context.signal, timeout]) : timeout
      let reply: unknown
      try {
        const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal })
        await step()
        if (!res.ok) throw await serverError(res)
        reply = await res.json()
      } catch (err) {
        if (err instanceof EngineError) throw err
        if (context?.signal?.aborted === true) throw abortError(context.signal)
        if (timeout.aborted) throw new EngineError(ENGINE_ERROR.TIMEOUT, `model server did not answer within ${config.timeoutMs} ms`, { cause: err })
        if (err instanceof Error && err.name === 'AbortError') throw err
        throw new EngineError(ENGINE_ERROR.GENERATION, `model server request failed: ${(err as Error).message}`, { cause: err })
      }
      await step()
      let clip = replyToClip(reply, skeleton)
      if (clip.fps !== req.fps) clip = { ...resampleClip(clip, Math.max(2, Math.round((clip.frameCount - 1) * req.fps / clip.fps) + 1)), fps: req.fps }
      await step()
      clip = await postprocess(clip, req.options, step)
      await step()
      return clip
    }
  }
}
