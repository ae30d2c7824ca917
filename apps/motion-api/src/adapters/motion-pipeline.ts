// The worker's port onto the animation engine and the file exporters. The shipped implementation is
// @openmotion/motion-engine (builtin or http model server) + @openmotion/motion-formats; tests may pass another.
// @openmotion/motion-characters (its glTF extensions and mesh decoders) loads at the first export onto a custom
// character.
import { createEngine, fitDuration, inpaint, makeLoop, merge, refine, trim, understandPrompt, type MotionEngine } from '@openmotion/motion-engine'
import { writeBvh, writeFbx, writeGlb } from '@openmotion/motion-formats'
import { inSpan } from '@openmotion/common'
import type { ExportedFile, MotionPipeline } from '../domain/ports.js'

export type { ExportedFile, MotionPipeline, StepContext } from '../domain/ports.js'

export function createMotionPipeline (engine: MotionEngine = createEngine({ kind: 'builtin' })): MotionPipeline {
  return {
    generate: (prompt, seed, variantIndex, options, context) => engine.generate({ prompt, seed, variantIndex, options }, context),
    // Only the builtin engine reads prompts with this vocabulary; a model server understands them its own way.
    understand: (prompt) => (engine.kind === 'builtin' ? understandPrompt(prompt) : []),
    inpaint: (clip, request, seed, variantIndex, options, context) => inpaint(clip, request, engine, { seed, variantIndex, options, ...context }),
    merge: (clipA, editA, request, seed, variantIndex, options, context) =>
      merge(clipA, editA, { prompt: request.prompt, blendFrames: request.blendFrames, clipB: request.clipB, editB: request.editB }, engine, {
        seed,
        variantIndex,
        options,
        ...context
      }),
    trim: (clip, edit) => trim(clip, edit),
    fitDuration: (clip, seconds, seed, variantIndex, options, context) =>
      fitDuration(clip, seconds, engine, { seed, variantIndex, options, signal: context.signal }),
    loop: (clip, options) => makeLoop(clip, options),
    refine: (source, request, seed, variantIndex, options, context) => refine(source, request, engine, { seed, variantIndex, options, signal: context.signal }),
    export: async (clip, options) => await inSpan('engine.export', { attributes: { 'openmotion.fbx': !options.skipFBX } }, async () => {
      const files: ExportedFile[] = [
        {
          type: 'glb',
          fileName: `${options.name}.glb`,
          bytes: await writeGlb(clip, { name: options.name, rootAtOrigin: options.rootAtOrigin, character: options.character })
        },
        { type: 'bvh', fileName: `${options.name}.bvh`, bytes: Buffer.from(writeBvh(clip, { rootAtOrigin: options.rootAtOrigin })) }
      ]
      if (!options.skipFBX) {
        files.push({
          type: 'fbx',
          fileName: `${options.name}.fbx`,
          bytes: writeFbx(clip, { name: options.name, rootAtOrigin: options.rootAtOrigin, character: options.character })
        })
      }
      return files
    }),
    exportOnCharacter: async (clip, characterGlb, options) => await inSpan('engine.export', { attributes: { 'openmotion.custom_character': true } }, async () => {
      const { animateCharacter } = await import('@openmotion/motion-characters')
      return await animateCharacter(characterGlb, 'glb', clip, options)
    })
  }
}

/** Clips are kept as JSON next to the exported files so later jobs (inpainting, merging, render) can reuse them. */
