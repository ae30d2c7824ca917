// Endpoints: create, edit the event filter inline, rotate the signing secret, disable/enable, and
// "replay all failed" (every endpoint's dead deliveries go again).
import type { Endpoint, RelayApi } from './relay-api.js'
import { announce, byId, control, el, formError, run } from '@openmotion/browser-dom'
import { parseEventTypes } from './page.js'

export class EndpointsView {
  private readonly api: RelayApi
  private readonly body = byId<HTMLTableSectionElement>('endpoints')
  private readonly form = byId<HTMLFormElement>('endpoint-form')
  private readonly secret = byId('new-secret')
  private readonly changed: () => void
  list: Endpoint[] = []

  constructor (api: RelayApi, changed: () => void) {
    this.api = api
    this.changed = changed
    this.form.addEventListener('submit', (event) => { event.preventDefault(); run(this.create()) })
    byId('replay-failed').addEventListener('click', () => { run(this.replayFailed()) })
  }

  async refresh (): Promise<void> {
    this.list = await this.api.endpoints()
    this.body.replaceChildren(...this.list.map((endpoint) => this.row(endpoint)))
    if (this.list.length === 0) { this.body.append(el('tr', {}, el('td', { colSpan: 4, className: 'hint', textContent: 'No endpoints yet: create one to receive deliveries.' }))) }
  }

  private showSecret (url: string, secret: string): void {
    this.secret.hidden = false
    this.secret.textContent = `Signing secret of ${url} (shown once here; verify deliveries with it): ${secret}`
  }

  private async create (): Promise<void> {
    formError(this.form, '')
    const rate = control(this.form, 'rateLimitPerSecond').value
    try {
      const created = await this.api.createEndpoint({
        url: control(this.form, 'url').value.trim(),
        description: control(this.form, 'description').value,
        eventTypes: parseEventTypes(control(this.form, 'eventTypes').value),
        rateLimitPerSecond: rate === '' ? null : Number(rate)
      })
      this.form.reset()
      byId<HTMLDetailsElement>('new-endpoint').open = false
      this.showSecret(created.url, created.secret)
      announce('Endpoint created')
      await this.refresh()
      this.changed()
    } catch (error) {
      formError(this.form, (error as Error).message)
    }
  }

  private row (endpoint: Endpoint): HTMLTableRowElement {
    const filter = el('input', { value: (endpoint.eventTypes ?? []).join(', '), placeholder: 'all events', name: 'eventTypes' })
    filter.setAttribute('aria-label', `Event filter of ${endpoint.url}`)
    const save = el('button', { type: 'submit', className: 'secondary', textContent: 'Save' })
    save.setAttribute('aria-label', `Save the event filter of ${endpoint.url}`)
    const filterForm = el('form', {}, filter, save)
    filterForm.addEventListener('submit', (event) => {
      event.preventDefault()
      run(this.api.updateEndpoint(endpoint.id, { eventTypes: parseEventTypes(filter.value) }).then(async () => { announce('Filter saved'); await this.refresh() }))
    })
    const toggle = this.button(endpoint.disabled ? 'Enable' : 'Disable', endpoint, async () => {
      await this.api.updateEndpoint(endpoint.id, { disabled: !endpoint.disabled })
      announce(endpoint.disabled ? 'Endpoint enabled' : 'Endpoint disabled')
    })
    const rotate = this.button('Rotate secret', endpoint, async () => {
      const secret = await this.api.rotateSecret(endpoint.id)
      this.showSecret(endpoint.url, secret.secret)
      announce('Secret rotated; the previous one still signs for 24 hours')
    })
    const replay = this.button('Replay failed', endpoint, async () => {
      announce(`${await this.api.replayEndpoint(endpoint.id)} failed deliveries queued again`)
      this.changed()
    })
    const state = endpoint.disabled ? `disabled${endpoint.disabledReason === null ? '' : `: ${endpoint.disabledReason}`}` : 'enabled'
    const row = el('tr', {},
      el('td', { className: 'url' }, el('strong', { textContent: endpoint.url }), el('br'), el('small', { className: 'hint', textContent: endpoint.description })),
      el('td', {}, filterForm),
      el('td', { className: endpoint.disabled ? 'state-disabled' : '', textContent: state }),
      el('td', {}, el('div', { className: 'row-actions' }, toggle, rotate, replay)))
    row.dataset.endpoint = endpoint.id
    return row
  }

  private button (label: string, endpoint: Endpoint, action: () => Promise<void>): HTMLButtonElement {
    const button = el('button', { type: 'button', className: 'secondary', textContent: label })
    button.setAttribute('aria-label', `${label}: ${endpoint.url}`)
    button.addEventListener('click', () => {
      button.disabled = true
      run(action().finally(async () => { await this.refresh() }))
    })
    return button
  }

  private async replayFailed (): Promise<void> {
    const counts = await Promise.all(this.list.map(async (endpoint) => this.api.replayEndpoint(endpoint.id)))
    announce(`${counts.reduce((a, b) => a + b, 0)} failed deliveries queued again`)
    this.changed()
  }
}
