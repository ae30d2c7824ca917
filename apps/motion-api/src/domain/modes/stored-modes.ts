// The kinds of text2motion job a worker runs, one module each. Code that works on any of them asks the job's
// mode (`modeOf`) instead of switching on it.
import { generateMode, type GenerateRequest } from './generate.js'
import { inpaintMode, type InpaintRequest } from './inpaint.js'
import { loopMode, type LoopRequest } from './loop.js'
import { mergeMode, type MergeRequest } from './merge.js'
import type { MotionMode, SourceRef } from './motion-mode.js'
import { refineMode, type RefineRequest } from './refine.js'

/** A text2motion request as stored and run (a rerun is resolved to the request it repeats before it is stored). */
export type StoredText2Motion = GenerateRequest | InpaintRequest | MergeRequest | LoopRequest | RefineRequest

type ModeName = StoredText2Motion['mode']

const MODES: { [M in ModeName]: MotionMode<Extract<StoredText2Motion, { mode: M }>> } = {
  generate: generateMode,
  inpaint: inpaintMode,
  merge: mergeMode,
  loop: loopMode,
  refine: refineMode
}

export const STORED_MODES = Object.keys(MODES) as ModeName[]

/** What parsing needs of a mode; every mode is one, whatever request type it parses. */
export type ModeParser = Pick<MotionMode<StoredText2Motion>, 'parameter' | 'fromSource' | 'parse'>
const PARSERS: ModeParser[] = [generateMode, inpaintMode, mergeMode, loopMode, refineMode]

/** The mode asked for by JSON parameter `parameter` (inPaintingRequest…), or plain generation when none is given. */
export function parserOf (parameter: string | undefined): ModeParser {
  return PARSERS.find((mode) => mode.parameter === parameter)!
}

/** The module of `request`'s mode, typed for that request. */
export function modeOf<R extends StoredText2Motion> (request: R): MotionMode<R> {
  // TypeScript cannot correlate the key with the member of the union it selects; the table's type guarantees it.
  return MODES[request.mode] as unknown as MotionMode<R>
}

/** The job a derived request was made from, when it has one. */
export function primarySource (request: StoredText2Motion): SourceRef | undefined {
  return modeOf(request).sources(request)[0]?.ref
}
