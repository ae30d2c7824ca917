// Runs a render job: the chosen text2motion variant's GLB (the character the motion was made for, with its
// animation) is drawn with the job's scene parameters into an MP4 plus a poster PNG and stored; its price is the
// one held at submission.
import { inSpan } from '@openmotion/common'
import { RenderError, RENDER_ERROR } from '@openmotion/motion-render/errors'
import { storedRender } from '../domain/stored-requests.js'
import type { JobProcessor } from './job-worker.js'
import type { BlobStore, JobRepository, VideoRenderer } from '../domain/ports.js'
import type { VariantOutput } from '../domain/records.js'

/** Progress is written per frame but at most this often, to keep the database out of the frame loop. */
const PROGRESS_INTERVAL_MS = 250

export function createRenderProcessor (deps: { jobs: JobRepository, blobs: BlobStore, renderer: VideoRenderer }): JobProcessor {
  return async (job, { signal, progress }) => {
    const request = storedRender(job)
    const source = await deps.jobs.get(request.source.rid)
    const variant = source?.outputs[request.source.variantId]
    const glb = variant?.files.find((f) => f.type === 'glb')
    if (variant === undefined || glb === undefined) { throw new RenderError(RENDER_ERROR.characterLoad, `variant ${request.source.variantId} of ${request.source.rid} has no GLB to render`) }
    const bytes = await deps.blobs.readAll(glb.key)

    let lastWrite = 0
    const rendered = await inSpan('engine.render', {}, async () => await deps.renderer.render(bytes, {
      bgColor: request.bgColor,
      backdrop: request.backdrop,
      shadow: request.shadow,
      camMode: request.camMode,
      camHorizontalAngle: request.camHorizontalAngle
    }, {
      signal,
      onProgress: (frame, total) => {
        if (frame < total && Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return
        lastWrite = Date.now()
        progress(frame, total).catch(() => undefined)
      }
    }))
    signal.throwIfAborted()

    const name = `${variant.name}_render`
    const output: VariantOutput = {
      name,
      files: [{ type: 'mp4', key: `jobs/${job.rid}/${name}.mp4` }, { type: 'png', key: `jobs/${job.rid}/${name}.png` }]
    }
    await deps.blobs.put(output.files[0]!.key, rendered.video)
    await deps.blobs.put(output.files[1]!.key, rendered.poster)
    return {
      outputs: { 1: output },
      details: { In: `${request.source.rid}/${request.source.variantId}`, out: name },
      processingInfo: { frames: rendered.frameCount, videoSeconds: rendered.durationSeconds }
    }
  }
}
