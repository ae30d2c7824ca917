// Resolves jobs made from earlier ones before they are stored: a rerun becomes the earlier job's own request
// (modes/rerun.ts); an inpainting, merging, loop or refine job takes the earlier job's model and settings where
// the client gave none (not its numVariant or duration: those belong to the new job); a refine without a prompt
// takes the earlier job's. Every referenced job must be the caller's, finished, and have the named variant.
import { errors } from '../errors.js'
import type { Text2MotionRequest } from './job-params.js'
import type { SourceRef } from './modes/motion-mode.js'
import { resolveRerun } from './modes/rerun.js'
import { modeOf, primarySource, type StoredText2Motion } from './modes/stored-modes.js'
import type { JobRepository } from './ports.js'

export async function requireSource (jobs: JobRepository, clientId: string, source: SourceRef, parameter: string): Promise<StoredText2Motion> {
  const job = (await jobs.getMany(clientId, [source.rid])).get(source.rid)
  // Unknown and other accounts' rids are one answer, 404, so a guessed rid reveals nothing.
  if (job === undefined || job.processor !== 'text2motion') { throw errors.JOB_NOT_FOUND(`${parameter}: unknown text2motion request id ${source.rid}`, { parameter }) }
  if (job.status !== 'SUCCESS') throw errors.INVALID_PARAMETER(`${parameter}: request ${source.rid} has not succeeded`, { parameter })
  if (job.outputs[source.variantId] === undefined) { throw errors.INVALID_PARAMETER(`variant_id: ${source.rid} has no variant ${source.variantId}`, { parameter: 'variant_id' }) }
  return job.request as StoredText2Motion
}

/** The text a job was generated from, following loops of earlier variants back to their source. */
async function promptOf (jobs: JobRepository, clientId: string, request: StoredText2Motion, depth = 0): Promise<string | undefined> {
  const own = modeOf(request).prompt(request)
  if (own !== undefined) return own
  const source = primarySource(request)
  if (source === undefined || depth > 8) return undefined
  return await promptOf(jobs, clientId, await requireSource(jobs, clientId, source, 't2m_rid'), depth + 1)
}

export async function resolveDerived (jobs: JobRepository, clientId: string, request: Text2MotionRequest): Promise<StoredText2Motion> {
  if (request.mode === 'rerun') {
    const resolved = resolveRerun(await requireSource(jobs, clientId, request.source, 't2m_rid'), request)
    await checkSources(jobs, clientId, resolved)
    return resolved
  }
  await checkSources(jobs, clientId, request)
  const source = primarySource(request)
  if (source === undefined) return request
  const earlier = await requireSource(jobs, clientId, source, 't2m_rid')
  const derived = withEarlierSettings(request, earlier)
  if (derived.mode === 'refine' && derived.refine.prompt === undefined) {
    const prompt = await promptOf(jobs, clientId, earlier)
    if (prompt === undefined) throw errors.INVALID_PARAMETER('refineRequest: give a prompt; the earlier job has none to reuse', { parameter: 'refineRequest' })
    return modeOf(derived).withPrompt(derived, prompt)
  }
  return derived
}

function withEarlierSettings (request: StoredText2Motion, earlier: StoredText2Motion): StoredText2Motion {
  const { overrides, ...rest } = request
  const { numVariants: _variants, durationSeconds: _duration, ...kept } = earlier.settings
  return { ...rest, settings: { ...rest.settings, ...kept, ...overrides } }
}

async function checkSources (jobs: JobRepository, clientId: string, request: StoredText2Motion): Promise<void> {
  for (const { ref, parameter } of modeOf(request).sources(request)) await requireSource(jobs, clientId, ref, parameter)
}
