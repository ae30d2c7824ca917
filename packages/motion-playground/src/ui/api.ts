// motion-api's public HTTP routes as the browser calls them (same origin, so the HttpOnly dmsess cookie rides
// along on every request; the page never sees it).

export interface CreditBalance {
  credits: number
  subscription: { name: string, credits: number, featureLimits: { maxVariantsGeneration: number }, currentPeriod: { start: number, end: number } }
}

export interface StatusRecord {
  rid: string
  status: 'PROGRESS' | 'SUCCESS' | 'FAILURE' | 'RETRY'
  details: { step?: number, total?: number, exc_message?: string, exc_type?: string, code?: number }
  positionInQueue?: number
}

export interface JobRecord {
  rid: string
  processor: 'text2motion' | 'render'
  parameters: Record<string, unknown> | string[]
  variants?: Record<string, { download: boolean }>
  chargedAmount: number
  status: StatusRecord['status']
  ctime: number
  mtime: number
}

/** What /prompt/v1/optimize answers on SUCCESS: the actions the engine reads in a prompt, in order. */
export interface PromptReading {
  optimizedPrompt: string
  totalSeconds: number
  actions: { kind: string, prompt: string, startSeconds: number, durationSeconds: number, understood?: string }[]
  /** Words read by meaning or ignored (negated, not a movement), and why. */
  understood?: string[]
}

export interface DownloadLink {
  rid: string
  variantDownloadStatus?: boolean
  renderJobList?: unknown
  urls?: { name: string, files: Record<string, string>[] }[]
}

export interface ModelRecord {
  Id: string
  name: string
  thumb?: string
  glb: string
  rigId: string
  platform: string
  ctime: number
  mtime: number
}

/** An error answered by the API: `{ error: { code, message } }`, the shape every OpenMotion service shares. */
export class ApiError extends Error {
  readonly status: number
  readonly code: number | string | undefined

  constructor (status: number, code: number | string | undefined, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }
}

async function answer<T> (response: Response): Promise<T> {
  const text = await response.text()
  let body: unknown
  try { body = text === '' ? undefined : JSON.parse(text) } catch { body = undefined }
  if (!response.ok) {
    const error = (body as { error?: { code?: number | string, message?: string } } | undefined)?.error
    throw new ApiError(response.status, error?.code, error?.message ?? `${response.status} ${response.statusText}`)
  }
  return body as T
}

export class MotionApi {
  private readonly base: string

  constructor (base = '') {
    this.base = base
  }

  private async get<T> (path: string): Promise<T> {
    return answer<T>(await fetch(`${this.base}${path}`, { credentials: 'same-origin' }))
  }

  private async send<T> (method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, credentials: 'same-origin' }
    if (body !== undefined) { init.headers = { 'content-type': 'application/json' }; init.body = JSON.stringify(body) }
    return answer<T>(await fetch(`${this.base}${path}`, init))
  }

  /** GET /account/v1/auth with Basic credentials; the answer's Set-Cookie signs the browser in. */
  async signIn (clientId: string, clientSecret: string): Promise<void> {
    const basic = btoa(String.fromCodePoint(...new TextEncoder().encode(`${clientId}:${clientSecret}`)))
    await answer(await fetch(`${this.base}/account/v1/auth`, { headers: { authorization: `Basic ${basic}` }, credentials: 'same-origin' }))
  }

  async balance (): Promise<CreditBalance> { return this.get('/account/v1/creditBalance') }

  async process (processor: 'text2motion' | 'render', params: string[]): Promise<string> {
    return (await this.send<{ rid: string }>('POST', `/job/v1/process/${processor}`, { params })).rid
  }

  async status (rid: string): Promise<StatusRecord> {
    const body = await this.get<{ status: StatusRecord[] }>(`/job/v1/status/${encodeURIComponent(rid)}`)
    const record = body.status[0]
    if (record === undefined) throw new ApiError(404, undefined, `no status for ${rid}`)
    return record
  }

  /** The engine's reading of a prompt (free: no credits); a prompt without a movement is an ApiError with its code. */
  async readPrompt (prompt: string): Promise<PromptReading> {
    const { rid } = await this.send<{ rid: string }>('POST', '/prompt/v1/optimize', { params: [`prompt=${prompt}`] })
    type Answer = { status: 'SUCCESS' | 'FAILURE', details: PromptReading & { exc_message?: string, code?: number } }
    const record = (await this.get<{ status: Answer[] }>(`/prompt/v1/status/${encodeURIComponent(rid)}`)).status[0]
    if (record === undefined) throw new ApiError(404, undefined, `no reading for ${rid}`)
    if (record.status !== 'SUCCESS') throw new ApiError(400, record.details.code, record.details.exc_message ?? 'the prompt could not be read')
    return record.details
  }

  async download (rid: string, variantId: string): Promise<DownloadLink> {
    const body = await this.get<{ links: DownloadLink[] }>(`/job/v1/download/${encodeURIComponent(rid)}?variant_id=${encodeURIComponent(variantId)}`)
    const link = body.links[0]
    if (link === undefined) throw new ApiError(404, undefined, `no download for ${rid}`)
    return link
  }

  async list (): Promise<JobRecord[]> { return (await this.get<{ list: JobRecord[] }>('/job/v1/list')).list }

  async cancel (rid: string): Promise<void> { await this.get(`/job/v1/cancel/${encodeURIComponent(rid)}`) }

  async models (): Promise<ModelRecord[]> { return this.get('/character/v1/listModels?stockModel=1') }

  async uploadUrls (name: string, modelExt: string, thumbExt: string | undefined): Promise<{ modelUrl: string, thumbUrl: string }> {
    const query = new URLSearchParams({ name, modelExt, resumable: '1' })
    if (thumbExt !== undefined) query.set('thumbExt', thumbExt)
    return this.get(`/character/v1/getModelUploadUrl?${query.toString()}`)
  }

  async storeModel (body: { modelUrl: string, modelName: string, thumbUrl?: string, createThumb: 0 | 1 }): Promise<{ modelId: string }> {
    return this.send('POST', '/character/v1/storeModel', body)
  }

  async deleteModel (id: string): Promise<number> {
    return (await this.send<{ count: number }>('DELETE', `/character/v1/deleteModel/${encodeURIComponent(id)}`)).count
  }
}

/** The files of a download link's first item as `{ glb: url, fbx: url, … }`. */
export function filesOf (link: DownloadLink): Record<string, string> {
  return Object.assign({}, ...(link.urls?.[0]?.files ?? [])) as Record<string, string>
}
