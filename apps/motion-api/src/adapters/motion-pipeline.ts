// The worker's port onto the animation engine and the file exporters. The shipped implementation is
// @openmotion/motion-engine (builtin or http model server) + @openmotion/motion-formats; tests may pass another.
import { createEngine, fitDuration, inpaint, makeLoop, merge, refine, trim, type LoopOptions, type MotionClip, type MotionEngine, type MotionOptions, type Progress } from '@openmotion/motion-engine'
import { animateCharacter } from '@openmotion/motion-characters'
import { writeBvh, writeFbx, writeGlb, type StockCharacterId } from '@openmotion/motion-formats'

export interface ExportedFile { type: 'glb' | 'fbx' | 'bvh', fileName: string, bytes: Uint8Array }

export interface StepContext { signal: AbortSignal, onProgress: (progress: Progress) => void }

export interface MotionPipeline {
  generate (prompt: string, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  inpaint (clip: MotionClip, request: { prompt: string, intervals: { start: number, end: number }[] }, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  merge (clipA: MotionClip, editA: { numTrimLeft: number, numTrimRight: number }, request: { prompt: string, blendFrames: number, clipB: MotionClip, editB: { numTrimLeft: number, numTrimRight: number } }, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  trim (clip: MotionClip, edit: { numTrimLeft: number, numTrimRight: number }): MotionClip
  /** The clip made to last `seconds` (requestedAnimationDuration). */
  fitDuration (clip: MotionClip, seconds: number, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  /** A seamless loop of the clip, repeated (loopRequest). */
  loop (clip: MotionClip, options: LoopOptions): MotionClip
  /** A variation near `source` (refineRequest); creativity 0 stays close, 1 departs like a fresh variant. */
  refine (source: MotionClip, request: { prompt: string, creativity: number }, seed: number, variantIndex: number, options: MotionOptions, context: StepContext): Promise<MotionClip>
  export (clip: MotionClip, options: { name: string, skipFBX: boolean, rootAtOrigin: boolean, character: StockCharacterId }): Promise<ExportedFile[]>
  /** The clip retargeted onto an uploaded character (its GLB form): their mesh in the GLB, their skeleton in BVH/FBX. */
  exportOnCharacter (clip: MotionClip, characterGlb: Uint8Array, options: { name: string, skipFBX: boolean, rootAtOrigin: boolean }): Promise<ExportedFile[]>
}

export function createMotionPipeline (engine: MotionEngine = createEngine({ kind: 'builtin' })): MotionPipeline {
  return {
    generate: (prompt, seed, variantIndex, options, context) => engine.generate({ prompt, seed, variantIndex, options }, context),
    inpaint: (clip, request, seed, variantIndex, options, context) => inpaint(clip, request, engine, { seed, variantIndex, options, ...context }),
    merge: (clipA, editA, request, seed, variantIndex, options, context) =>
      merge(clipA, editA, { prompt: request.prompt, blendDuration: request.blendFrames, clipB: request.clipB, editB: request.editB }, engine, { seed, variantIndex, options, ...context }),
    trim: (clip, edit) => trim(clip, edit),
    fitDuration: (clip, seconds, seed, variantIndex, options, context) => fitDuration(clip, seconds, engine, { seed, variantIndex, options, signal: context.signal }),
    loop: (clip, options) => makeLoop(clip, options),
    refine: (source, request, seed, variantIndex, options, context) => refine(source, request, engine, { seed, variantIndex, options, signal: context.signal }),
    async export (clip, options) {
      const files: ExportedFile[] = [
        { type: 'glb', fileName: `${options.name}.glb`, bytes: await writeGlb(clip, { name: options.name, rootAtOrigin: options.rootAtOrigin, character: options.character }) },
        { type: 'bvh', fileName: `${options.name}.bvh`, bytes: Buffer.from(writeBvh(clip, { rootAtOrigin: options.rootAtOrigin })) }
      ]
      if (!options.skipFBX) files.push({ type: 'fbx', fileName: `${options.name}.fbx`, bytes: writeFbx(clip, { name: options.name, rootAtOrigin: options.rootAtOrigin, character: options.character }) })
      return files
    },
    exportOnCharacter: async (clip, characterGlb, options) => await animateCharacter(characterGlb, 'glb', clip, options)
  }
}

/** Clips are kept as JSON next to the exported files so later jobs (inpainting, merging, render) can reuse them. */
export function serializeClip (clip: MotionClip): Buffer {
  return Buffer.from(JSON.stringify({ skeleton: clip.skeleton, fps: clip.fps, frameCount: clip.frameCount, rootTranslation: Array.from(clip.rootTranslation), rotations: Array.from(clip.rotations) }))
}

export function deserializeClip (bytes: Buffer): MotionClip {
  const raw = JSON.parse(bytes.toString('utf8')) as { skeleton: MotionClip['skeleton'], fps: number, frameCount: number, rootTranslation: number[], rotations: number[] }
  return { skeleton: raw.skeleton, fps: raw.fps, frameCount: raw.frameCount, rootTranslation: Float32Array.from(raw.rootTranslation), rotations: Float32Array.from(raw.rotations) }
}
