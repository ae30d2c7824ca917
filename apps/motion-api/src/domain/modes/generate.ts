// A clip generated from the prompt alone.
import { invalid, text } from '../param-values.js'
import { fitted, type Derived, type MotionMode, type MotionSettings } from './motion-mode.js'

export type GenerateRequest = Derived & { processor: 'text2motion', mode: 'generate', prompt: string, settings: MotionSettings }

export const generateMode: MotionMode<GenerateRequest> = {
  fromSource: () => false,
  parse ({ values, settings }) {
    if (values.has('t2m_rid') || values.has('editRequest')) { throw invalid('t2m_rid', 'only used with inPaintingRequest, mergingRequest, rerunRequest, loopRequest or refineRequest') }
    return { processor: 'text2motion', mode: 'generate', prompt: text('prompt', values.get('prompt')), settings }
  },
  sources: () => [],
  needsSource: false,
  prompt: (request) => request.prompt,
  withPrompt: (request, prompt) => ({ ...request, prompt }),
  clip: async (request, input) => await fitted(
    input,
    await input.pipeline.generate(request.prompt, input.seed, input.variant, input.options, input.context),
    request.settings.durationSeconds
  )
}
