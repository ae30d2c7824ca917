// The `params` entries /job/v1/process/{processor} accepts, as written into its OpenAPI description. A test checks
// that every name the parsers accept is described here.
import type { RENDER_PARAMS, TEXT2MOTION_PARAMS } from './job-params.js'
import { DURATION_LIMITS, MAX_VARIANTS } from './modes/motion-mode.js'
import { LOOP_LIMITS } from './modes/loop.js'
import { DEFAULT_CREATIVITY } from './modes/refine.js'

type Text2MotionParam = typeof TEXT2MOTION_PARAMS[number]
type RenderParam = typeof RENDER_PARAMS[number]

export const TEXT2MOTION_PARAM_DOCS: Readonly<Record<Text2MotionParam, string>> = {
  prompt: 'text of the motion (required for a regular job); may be wrapped in double quotes',
  model: 'model id from /character/v1/listModels (required; a rerun may omit it to keep the earlier one)',
  dis: '`s` turns the physics simulation off',
  footLockingMode: '`auto` (default), `always`, `never`, `grounding`',
  poseFilteringStrength: 'jitter filter, 0.0 (default) to 1.0',
  rootAtOrigin: '`1` starts the root at the origin; `0` (default) centres the ground path',
  skipFBX: '`1` skips the FBX file',
  numVariant: `variants to generate, 1 to ${MAX_VARIANTS} and at most the plan's maxVariantsGeneration (default 1); \`numVariants\` is the same parameter`,
  requestedAnimationDuration: `clip length in seconds, ${DURATION_LIMITS.min} to ${DURATION_LIMITS.max} (within 0.2 s or 5 %); ` +
    'without it the engine picks the natural length; for a loop it is the length of one repetition; not used with inpainting or merging',
  t2m_rid: 'earlier text2motion job that inpainting, merging, rerun, loop and refine derive from',
  variant_id: 'variant of that job (1-based)',
  editRequest: 'JSON `{ numTrimLeft, numTrimRight }`: frames trimmed from the earlier variant before inpainting or merging',
  inPaintingRequest: 'JSON `{ prompt, intervals: [{ start, end }] }`: regenerate those frames (frame numbers; floats are rounded)',
  mergingRequest: 'JSON `{ t2m_rid, variant_id, editRequest, prompt, blendDuration }`: a new section from `prompt` joined to the earlier variant, ' +
    'then the second one, with `blendDuration` seconds of transition at each seam',
  rerunRequest: 'JSON `{ "rerun": 1 }` with t2m_rid and variant_id: generate again from that job\'s prompt and settings with new randomness; ' +
    'regular parameters given alongside override; the job records t2m_rid and variant_id as its lineage',
  loopRequest: 'JSON `{ numReps, blendDuration?, prompt?, fixRootMode?, fixRootPositionAltitude?, fixRootPositionHorizontal?, fixRootOrientation?, ' +
    'fixAcrossEntireMotion? }` with t2m_rid and variant_id (or a `prompt` instead of them): a seamless loop repeated numReps ' +
    `(1–${LOOP_LIMITS.maxReps}) times, each repetition as long as the source; ` +
    `blendDuration ${LOOP_LIMITS.minBlend}–${LOOP_LIMITS.maxBlend} s of seam blend (default ${LOOP_LIMITS.defaultBlend}); ` +
    'the fix flags (0|1) remove the root\'s drift in height, ground position and heading at the seam, spread over the cycle (`INTERPOLATION`, default) ' +
    'or held at the first frame\'s value (`LOCKED`), across the whole cycle or only near the seam; charged as a job of the resulting length',
  refineRequest: 'JSON `{ prompt?, creativity? }` with t2m_rid and variant_id: variations of that variant; creativity 0 stays close, ' +
    `1 departs like a fresh variant (default ${DEFAULT_CREATIVITY}); ` +
    'prompt steers the change (default: the earlier prompt)'
}

export const RENDER_PARAM_DOCS: Readonly<Record<RenderParam, string>> = {
  t2m_rid: 'text2motion job to render (required)',
  variant_id: 'variant of that job (required)',
  bgColor: '`R,G,B,A`, each 0 to 255; the alpha value has no effect',
  backdrop: '`studio` or a 2D backdrop name',
  shadow: '`1` draws the character\'s shadow',
  camMode: '`0` cinematic (default), `1` fixed, `2` face',
  camHorizontalAngle: 'degrees, -90 to 90'
}

function table (docs: Readonly<Record<string, string>>): string {
  return Object.entries(docs).map(([name, meaning]) => `- \`${name}\`: ${meaning}`).join('\n')
}

export const PROCESS_PARAMS_DESCRIPTION = [
  'Each entry is `name=value`; the value is everything after the first `=` (it may contain `=`), a value wrapped in double quotes is unquoted, ',
  'and numbers may be written as floats where an integer is meant (rounded to the nearest integer).',
  '',
  '**text2motion**',
  table(TEXT2MOTION_PARAM_DOCS),
  '',
  '**render**',
  table(RENDER_PARAM_DOCS)
].join('\n')
