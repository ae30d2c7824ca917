// Download links for finished jobs. The first variant a job's owner downloads is included in the job's price;
// each further variant is charged once (PRICE_EXTRA_VARIANT_DOWNLOAD), then stays paid. A client without the
// credits gets `variantDownloadStatus: false` and no URLs, not an error, so the other rids still come back.
import type { Database } from '@openmotion/common'
import type { Pricing } from './pricing.js'
import type { FileLinks, JobRepository, Ledger } from './ports.js'
import type { Job } from './records.js'
import { knownJobs } from './job-reads.js'

export interface DownloadDeps {
  db: Database
  jobs: JobRepository
  ledger: Ledger
  pricing: Pricing
  links: FileLinks
  downloadTtl: number
}

/** Variant ids pair with the requested rids by position, so an unknown rid still consumes its variant id. */
export async function downloadLinks (deps: DownloadDeps, clientId: string, rids: string[], variantIds: string[]) {
  const known = new Map((await knownJobs(deps.jobs, clientId, rids)).map((job) => [job.rid, job]))
  const links = []
  for (const [index, rid] of rids.entries()) {
    const job = known.get(rid)
    if (job !== undefined) links.push(await downloadLink(deps, clientId, job, variantIds[index] ?? '1'))
  }
  return { count: links.length, links }
}

async function downloadLink (deps: DownloadDeps, clientId: string, job: Job, variantId: string) {
  if (job.status !== 'SUCCESS') return { rid: job.rid }
  const renderJobList = job.processor === 'text2motion' ? await deps.jobs.renderJobsOf(clientId, job.rid) : undefined
  const base = { rid: job.rid, parameters: job.parameters, ...(renderJobList === undefined ? {} : { renderJobList }) }
  const output = job.outputs[variantId]
  if (output === undefined) return { ...base, variantDownloadStatus: false, urls: [] }
  if (job.processor === 'text2motion' && job.variants[variantId]?.download !== true && !await payForVariant(deps, clientId, job.rid, variantId)) {
    return { ...base, variantDownloadStatus: false, urls: [] }
  }
  const files = await Promise.all(output.files.map(async (file) => ({ [file.type]: await deps.links.download(file.key, deps.downloadTtl) })))
  return { ...base, variantDownloadStatus: true, urls: [{ name: output.name, files }] }
}

/** One transaction on the locked job row, so two concurrent downloads of one variant charge it once. */
async function payForVariant (deps: DownloadDeps, clientId: string, rid: string, variantId: string): Promise<boolean> {
  return await deps.db.transaction(async (tx) => {
    const current = await deps.jobs.lockForUpdate(tx, rid)
    if (current === undefined) return false
    if (current.variants[variantId]?.download === true) return true
    const alreadyDownloaded = Object.values(current.variants).some((v) => v.download)
    const price = alreadyDownloaded ? deps.pricing.extraVariantDownload : 0
    try {
      await deps.ledger.charge(tx, clientId, price, rid, `download variant ${variantId}`)
    } catch {
      return false
    }
    await deps.jobs.update(tx, rid, { variants: { ...current.variants, [variantId]: { download: true } }, chargedAmount: current.chargedAmount + price })
    return true
  })
}
