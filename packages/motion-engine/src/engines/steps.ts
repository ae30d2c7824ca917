// Progress and cancellation between pipeline steps: report, yield to the event loop so an abort can land, check.
import type { GenerateContext } from '../engine.js'
import { throwIfAborted } from '../errors.js'

export function stepper (total: number, context: GenerateContext | undefined): () => Promise<void> {
  let step = 0
  throwIfAborted(context?.signal)
  return async () => {
    step = Math.min(total, step + 1)
    context?.onProgress?.({ step, total })
    await new Promise<void>(resolve => setImmediate(resolve))
    throwIfAborted(context?.signal)
  }
}
