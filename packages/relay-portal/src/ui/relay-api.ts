// webhook-relay's tenant routes (/v1/endpoints, /v1/messages), called with the tenant API key as a bearer token. The
// bodies' types are derived from the relay's response schemas (@openmotion/relay-schemas), imported type-only: the
// bundle carries none of it, and a body the relay changes fails this package's typecheck where the portal reads it.
import type { Attempt, AttemptPage, CreatedEndpoint, Endpoint, EndpointPage, MessageDetail, MessagePage, Replay, Secret } from '@openmotion/relay-schemas'

export type { Attempt, Delivery, Endpoint, Message, Secret } from '@openmotion/relay-schemas'

/** The fields of an endpoint the portal edits, as POST and PATCH /v1/endpoints take them. */
export type EndpointInput = Partial<Pick<Endpoint, 'url' | 'description' | 'eventTypes' | 'disabled' | 'rateLimitPerSecond'>>

export class RelayError extends Error {
  readonly status: number
  readonly code: string | undefined
  constructor (status: number, code: string | undefined, message: string) {
    super(message)
    this.name = 'RelayError'
    this.status = status
    this.code = code
  }
}

export class RelayApi {
  private readonly key: string

  constructor (key: string) {
    this.key = key
  }

  private async call<T> (method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    const text = await response.text()
    const parsed: unknown = text === '' ? undefined : JSON.parse(text)
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string, message?: string } } | undefined)?.error
      throw new RelayError(response.status, error?.code, error?.message ?? `HTTP ${response.status}`)
    }
    return parsed as T
  }

  async endpoints (): Promise<Endpoint[]> {
    const all: Endpoint[] = []
    let cursor: string | null = null
    do {
      const page: EndpointPage = await this.call('GET', `/v1/endpoints?limit=250${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)
      all.push(...page.data)
      cursor = page.nextCursor
    } while (cursor !== null)
    return all
  }

  async createEndpoint (input: EndpointInput): Promise<CreatedEndpoint> { return this.call('POST', '/v1/endpoints', input) }
  async updateEndpoint (id: string, input: EndpointInput): Promise<Endpoint> { return this.call('PATCH', `/v1/endpoints/${encodeURIComponent(id)}`, input) }
  async rotateSecret (id: string): Promise<Secret> { return this.call('POST', `/v1/endpoints/${encodeURIComponent(id)}/secret/rotate`) }
  async secret (id: string): Promise<Secret> { return this.call('GET', `/v1/endpoints/${encodeURIComponent(id)}/secret`) }
  async replayEndpoint (id: string): Promise<number> {
    return (await this.call<Replay>('POST', `/v1/endpoints/${encodeURIComponent(id)}/replay`)).deliveries
  }

  async messages (query: { event?: string, status?: string, since?: string, limit?: number, cursor?: string | null }): Promise<MessagePage> {
    const params = new URLSearchParams({ limit: String(query.limit ?? 50) })
    for (const name of ['event', 'status', 'since', 'cursor'] as const) {
      const value = query[name]
      if (value !== undefined && value !== null && value !== '') params.set(name, value)
    }
    return this.call('GET', `/v1/messages?${params.toString()}`)
  }

  async message (id: string): Promise<MessageDetail> { return this.call('GET', `/v1/messages/${encodeURIComponent(id)}`) }
  async attempts (id: string): Promise<Attempt[]> {
    return (await this.call<AttemptPage>('GET', `/v1/messages/${encodeURIComponent(id)}/attempts?limit=250`)).data
  }

  async replayMessage (id: string): Promise<number> {
    return (await this.call<Replay>('POST', `/v1/messages/${encodeURIComponent(id)}/replay`)).deliveries
  }
}
