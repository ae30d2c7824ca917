// The one reading of a prompt that generation (builtin engine) and the API's prompt optimizer share, so the two
// cannot disagree: the plan, made physically sequential, refused as the engine refuses it.
import { ENGINE_ERROR, EngineError } from '../errors.js'
import { expandTimeline } from '../synth/posture-flow.js'
import { planPrompt } from './parser.js'
import type { TimelineEntry } from './parser.js'
import { UNDERSTOOD_PHRASES } from './vocabulary.js'

export interface PromptReading {
  /** The actions to synthesize, in order, with the posture changes between them. */
  timeline: TimelineEntry[]
  /** How words outside the vocabulary were read, and which words were ignored and why. */
  understood: string[]
}

/** Longest clip, in seconds, unless the engine is configured otherwise. */
export const DEFAULT_MAX_SECONDS = 120

/**
 * Reads a prompt for generation. Throws the engine's INVALID_INPUT (the API's 494) when it describes no movement,
 * and BAD_PARAMETERS for requests no clip could hold ("walk for 10 hours", "jump 5000 times"); never anything else.
 */
export function readPrompt (prompt: string, maxSeconds = DEFAULT_MAX_SECONDS): PromptReading {
  const { timeline, understood } = planPrompt(prompt)
  return checkPlan(timeline, understood, maxSeconds)
}

/** Refuses a plan as readPrompt does (no movement, or more than a clip can hold) and adds its posture changes. */
export function checkPlan (timeline: TimelineEntry[], understood: string[], maxSeconds = DEFAULT_MAX_SECONDS): PromptReading {
  if (timeline.length === 0) {
    const why = understood.length === 0 ? '' : ` (${understood.join('; ')})`
    throw new EngineError(ENGINE_ERROR.INVALID_INPUT, `the prompt describes no movement${why}; describe one, for example: ${UNDERSTOOD_PHRASES.join(', ')}`)
  }
  for (const { action, overlay } of timeline) {
    for (const a of overlay === undefined ? [action] : [action, overlay]) {
      if ((a.durationSeconds ?? 0) > maxSeconds || (a.count ?? 0) > 500 || (a.distance ?? 0) > maxSeconds * 6 || Math.abs(a.degrees ?? 0) > 3600) {
        throw new EngineError(ENGINE_ERROR.BAD_PARAMETERS, `"${a.kind}" asks for more than the ${maxSeconds} s limit`)
      }
    }
  }
  return { timeline: expandTimeline(timeline), understood }
}
