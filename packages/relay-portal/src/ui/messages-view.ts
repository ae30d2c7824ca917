// Messages with their deliveries; one message's attempts (status code, latency, response) and its replay.
import type { Message, RelayApi } from './relay-api.js'
import { announce, byId, control, el, run } from '@openmotion/browser-dom'
import { when } from './page.js'

export class MessagesView {
  private readonly api: RelayApi
  private readonly body = byId<HTMLTableSectionElement>('messages')
  private readonly filter = byId<HTMLFormElement>('message-filter')
  private readonly more = byId<HTMLButtonElement>('more-messages')
  private readonly detail = byId('message-detail')
  private readonly endpointUrl: (id: string) => string
  private cursor: string | null = null
  private open: string | undefined

  constructor (api: RelayApi, endpointUrl: (id: string) => string) {
    this.api = api
    this.endpointUrl = endpointUrl
    this.filter.addEventListener('submit', (event) => { event.preventDefault(); run(this.refresh()) })
    this.more.addEventListener('click', () => { run(this.load(true)) })
  }

  async refresh (): Promise<void> {
    await this.load(false)
    if (this.open !== undefined) await this.show(this.open, false)
  }

  private async load (append: boolean): Promise<void> {
    const page = await this.api.messages({
      event: control(this.filter, 'event').value.trim(),
      status: (this.filter.elements.namedItem('status') as HTMLSelectElement).value,
      limit: 20,
      cursor: append ? this.cursor : null
    })
    const rows = await Promise.all(page.data.map(async (message) => this.row(message)))
    if (append) this.body.append(...rows)
    else this.body.replaceChildren(...rows)
    if (!append && rows.length === 0) this.body.append(el('tr', {}, el('td', { colSpan: 4, className: 'hint', textContent: 'No messages.' })))
    this.cursor = page.nextCursor
    this.more.hidden = page.nextCursor === null
  }

  private async row (message: Message): Promise<HTMLTableRowElement> {
    const { deliveries } = await this.api.message(message.id)
    const pills = deliveries.map((d) => el('span', {
      className: `pill ${d.status}`,
      title: this.endpointUrl(d.endpointId),
      textContent: `${d.status}${d.lastStatusCode === null ? '' : ` · ${d.lastStatusCode}`} · ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`
    }))
    const view = el('button', { type: 'button', className: 'secondary', textContent: 'Attempts' })
    view.setAttribute('aria-label', `Attempts of ${message.event} ${message.id}`)
    view.addEventListener('click', () => { run(this.show(message.id, true)) })
    const replay = el('button', { type: 'button', className: 'secondary', textContent: 'Replay' })
    replay.setAttribute('aria-label', `Replay ${message.event} ${message.id}`)
    replay.disabled = !deliveries.some((d) => d.status === 'succeeded' || d.status === 'dead')
    replay.addEventListener('click', () => {
      replay.disabled = true
      run(this.api.replayMessage(message.id).then(async (n) => { announce(`${n} deliveries queued again`); await this.refresh() }))
    })
    const row = el('tr', {},
      el('td', {}, el('time', { dateTime: message.createdAt, textContent: when(message.createdAt) })),
      el('td', {}, el('code', { textContent: message.event })),
      el('td', {}, ...(pills.length > 0 ? pills : ['no endpoint matched'])),
      el('td', {}, el('div', { className: 'row-actions' }, view, replay)))
    row.dataset.message = message.id
    return row
  }

  private async show (id: string, focus: boolean): Promise<void> {
    this.open = id
    const [message, attempts] = await Promise.all([this.api.message(id), this.api.attempts(id)])
    byId('detail-title').textContent = `Message ${message.event} · ${message.id}`
    byId('detail-data').textContent = JSON.stringify(message.data, null, 2)
    byId('attempts').replaceChildren(
      ...attempts.map((a) =>
        el(
          'tr',
          {},
          el('td', { textContent: String(a.attempt) }),
          el('td', {}, el('time', { dateTime: a.at, textContent: when(a.at) })),
          el('td', { className: 'url', textContent: this.endpointUrl(a.endpointId) }),
          el('td', {
            textContent:
              a.statusCode === null
                ? (a.error ?? 'no response')
                : `${a.statusCode}${a.responseBody === null || a.responseBody === '' ? '' : ` · ${a.responseBody.slice(0, 80)}`}`
          }),
          el('td', { textContent: `${a.latencyMs} ms` }),
          el('td', { className: `outcome-${a.outcome}`, textContent: a.outcome })
        )
      )
    )
    if (attempts.length === 0) byId('attempts').append(el('tr', {}, el('td', { colSpan: 6, className: 'hint', textContent: 'No attempts yet.' })))
    this.detail.hidden = false
    if (focus) this.detail.focus()
  }
}
