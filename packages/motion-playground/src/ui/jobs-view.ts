// Past jobs (GET /job/v1/list): a table with each job's prompt or source, status and cost; finished text2motion
// jobs open in the viewer, running ones can be watched again.
import type { JobRecord, MotionApi } from './api.js'
import { byId, el, run } from '@openmotion/browser-dom'

/** The value of `name=` in a job's parameter strings. */
export function paramOf (parameters: JobRecord['parameters'], name: string): string | undefined {
  if (!Array.isArray(parameters)) {
    const value = parameters[name]
    return value === undefined ? undefined : String(value)
  }
  const entry = parameters.find((p) => p.startsWith(`${name}=`))
  return entry?.slice(name.length + 1)
}

export function describeJob (job: JobRecord): string {
  const prompt = paramOf(job.parameters, 'prompt')
  if (prompt !== undefined) return prompt
  const source = `${paramOf(job.parameters, 't2m_rid') ?? '?'} v${paramOf(job.parameters, 'variant_id') ?? '1'}`
  if (job.processor === 'render') return `render of ${source}`
  if (paramOf(job.parameters, 'inPaintingRequest') !== undefined) return `inpainting of ${source}`
  return `merge with ${source}`
}

export class JobsView {
  private readonly api: MotionApi
  private readonly body = byId<HTMLTableSectionElement>('jobs')
  private readonly sources = byId<HTMLDataListElement>('source-jobs')
  private readonly open: (job: JobRecord) => void

  constructor (api: MotionApi, open: (job: JobRecord) => void) {
    this.api = api
    this.open = open
    byId('refresh-jobs').addEventListener('click', () => { run(this.refresh()) })
  }

  async refresh (): Promise<JobRecord[]> {
    const jobs = await this.api.list()
    this.body.replaceChildren(...jobs.map((job) => this.row(job)))
    if (jobs.length === 0) this.body.append(el('tr', {}, el('td', { colSpan: 6, className: 'hint', textContent: 'No jobs yet.' })))
    const finished = jobs.filter((j) => j.processor === 'text2motion' && j.status === 'SUCCESS')
    this.sources.replaceChildren(...finished.map((j) => el('option', { value: j.rid, label: describeJob(j).slice(0, 60) })))
    return jobs
  }

  private row (job: JobRecord): HTMLTableRowElement {
    const action = el('td')
    if (job.processor === 'text2motion' && job.status !== 'FAILURE') {
      const button = el('button', { type: 'button', className: 'secondary', textContent: job.status === 'SUCCESS' ? 'Open' : 'Watch' })
      button.setAttribute('aria-label', `${button.textContent} job ${describeJob(job).slice(0, 40)}`)
      button.addEventListener('click', () => { this.open(job) })
      action.append(button)
    }
    const row = el('tr', {},
      el('td', {}, el('time', { dateTime: new Date(job.ctime).toISOString(), textContent: new Date(job.ctime).toLocaleString() })),
      el('td', { textContent: job.processor }),
      el('td', { className: `status-${job.status}`, textContent: job.status }),
      el('td', { className: 'prompt', textContent: describeJob(job) }),
      el('td', { textContent: String(job.chargedAmount) }),
      action)
    row.dataset.rid = job.rid
    return row
  }
}
