// Endpoints: create, edit the event filter inline, rotate the signing secret, disable/enable, and
// "replay all failed" (every endpoint's dead deliveries go again).
import type { Endpoint, RelayApi } from './relay-api.js'
import { field, find, h, parseEventTypes, say, showError, spawn } from './page.js'

export class EndpointsView {
  private readonly api: RelayApi
  private readonly body = find<HTMLTableSectionElement>('endpoints')
  private readonly form = find<HTMLFormElement>('endpoint-form')
  private readonly secret = find('new-secret')
  private readonly changed: () => void
  list: Endpoint[] = []

  constructor (api: RelayApi, changed: () => void) {
    this.api = api
    this.changed = changed
    this.form.addEventListener('submit', (event) => { event.preventDefault(); spawn(this.create()) })
    find('replay-failed').addEventListener('click', () => { spawn(this.replayFailed()) })
  }

  async refresh (): Promise<void> {
    this.list = await this.api.endpoints()
    this.body.replaceChildren(...this.list.map((endpoint) => this.row(endpoint)))
    if (this.list.length === 0) { this.body.append(h('tr', {}, h('td', { colSpan: 4, className: 'hint', textContent: 'No endpoints yet: create one to receive deliveries.' }))) }
  }

  private showSecret (url: string, secret: string): void {
    this.secret.hidden = false
    this.secret.textContent = `Signing secret of ${url} (shown once here; verify deliveries with it): ${secret}`
  }

  private async create (): Promise<void> {
    showError(this.form, '')
    const rate = field(this.form, 'rateLimitPerSecond').value
    try {
      const created = await this.api.createEndpoint({
        url: field(this.form, 'url').value.trim(),
        description: field(this.form, 'description').value,
        eventTypes: parseEventTypes(field(this.form, 'eventTypes').value),
        rateLimitPerSecond: rate === '' ? null : Number(rate)
      })
      this.form.reset()
      find<HTMLDetailsElement>('new-endpoint').open = false
      this.showSecret(created.url, created.secret)
      say('Endpoint created')
      await this.refresh()
      this.changed()
    } catch (error) {
      showError(this.form, (error as Error).message)
    }
  }

  private row (endpoint: Endpoint): HTMLTableRowElement {
    const filter = h('input', { value: (endpoint.eventTypes ?? []).join(', '), placeholder: 'all events', name: 'eventTypes' })
    filter.setAttribute('aria-label', `Event filter of ${endpoint.url}`)
    const save = h('button', { type: 'submit', className: 'secondary', textContent: 'Save' })
    save.setAttribute('aria-label', `Save the event filter of ${endpoint.url}`)
    const filterForm = h('form', {}, filter, save)
    filterForm.addEventListener('submit', (event) => {
      event.preventDefault()
      spawn(this.api.updateEndpoint(endpoint.id, { eventTypes: parseEventTypes(filter.value) }).then(async () => { say('Filter saved'); await this.refresh() }))
    })
    const toggle = this.button(endpoint.disabled ? 'Enable' : 'Disable', endpoint, async () => {
      await this.api.updateEndpoint(endpoint.id, { disabled: !endpoint.disabled })
      say(endpoint.disabled ? 'Endpoint enabled' : 'Endpoint disabled')
    })
    const rotate = this.button('Rotate secret', endpoint, async () => {
      const secret = await this.api.rotateSecret(endpoint.id)
      this.showSecret(endpoint.url, secret.secret)
      say('Secret rotated; the previous one still signs for 24 hours')
    })
    const replay = this.button('Replay failed', endpoint, async () => {
      say(`${await this.api.replayEndpoint(endpoint.id)} failed deliveries queued again`)
      this.changed()
    })
    const state = endpoint.disabled ? `disabled${endpoint.disabledReason === null ? '' : `: ${endpoint.disabledReason}`}` : 'enabled'
    const row = h('tr', {},
      h('td', { className: 'url' }, h('strong', { textContent: endpoint.url }), h('br'), h('small', { className: 'hint', textContent: endpoint.description })),
      h('td', {}, filterForm),
      h('td', { className: endpoint.disabled ? 'state-disabled' : '', textContent: state }),
      h('td', {}, h('div', { className: 'row-actions' }, toggle, rotate, replay)))
    row.dataset.endpoint = endpoint.id
    return row
  }

  private button (label: string, endpoint: Endpoint, action: () => Promise<void>): HTMLButtonElement {
    const button = h('button', { type: 'button', className: 'secondary', textContent: label })
    button.setAttribute('aria-label', `${label}: ${endpoint.url}`)
    button.addEventListener('click', () => {
      button.disabled = true
      spawn(action().finally(async () => { await this.refresh() }))
    })
    return button
  }

  private async replayFailed (): Promise<void> {
    const counts = await Promise.all(this.list.map(async (endpoint) => this.api.replayEndpoint(endpoint.id)))
    say(`${counts.reduce((a, b) => a + b, 0)} failed deliveries queued again`)
    this.changed()
  }
}
