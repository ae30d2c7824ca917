// The tenant portal: sign in with the API key, then endpoints, messages, attempts and the per-minute chart.
import { bucketAttempts, chartSvg, type MinuteBucket } from './attempt-chart.js'
import { EndpointsView } from './endpoints-view.js'
import { MessagesView } from './messages-view.js'
import { byId, control, formError, run } from '@openmotion/browser-dom'
import { RelayApi, RelayError, type Attempt } from './relay-api.js'

const KEY_ITEM = 'webhook-relay-portal-key'
const CHART_MINUTES = 30
/** Messages whose attempts feed the chart: enough for a portal glance, bounded so a busy tenant stays quick. */
const CHART_MESSAGES = 200
const REFRESH_MS = 10_000

const signin = byId<HTMLFormElement>('signin-form')
let timer: ReturnType<typeof setInterval> | undefined
let lastBuckets: MinuteBucket[] | undefined
let drawnWidth = 0

async function chart (api: RelayApi): Promise<void> {
  const now = Date.now()
  const since = new Date(now - CHART_MINUTES * 60_000).toISOString()
  const messages = (await api.messages({ since, limit: CHART_MESSAGES })).data
  const attempts: Attempt[] = []
  // A few requests at a time: the relay's database serves the deliveries too.
  for (let i = 0; i < messages.length; i += 6) {
    const batch = await Promise.all(messages.slice(i, i + 6).map(async (m) => api.attempts(m.id)))
    attempts.push(...batch.flat())
  }
  lastBuckets = bucketAttempts(attempts, now, CHART_MINUTES)
  drawChart()
}

/** Drawn at the container's own width (again on every resize), so the SVG is never stretched or letterboxed. */
function drawChart (): void {
  const box = byId('chart')
  if (lastBuckets !== undefined) box.innerHTML = chartSvg(lastBuckets, Math.max(240, box.clientWidth), 160)
}

async function enter (key: string): Promise<void> {
  const api = new RelayApi(key)
  // Checked before any view exists: a refused key must leave no listeners behind on the page's forms.
  await api.endpoints()
  const endpoints = new EndpointsView(api, () => { run(refreshAll()) })
  const messages = new MessagesView(api, (id) => endpoints.list.find((e) => e.id === id)?.url ?? id)
  async function refreshAll (): Promise<void> {
    await endpoints.refresh()
    await Promise.all([messages.refresh(), chart(api)])
  }
  await endpoints.refresh()
  sessionStorage.setItem(KEY_ITEM, key)
  byId('signin').hidden = true
  byId('workspace').hidden = false
  byId('sign-out').hidden = false
  byId('refresh').addEventListener('click', () => { run(refreshAll()) })
  await Promise.all([messages.refresh(), chart(api)])
  clearInterval(timer)
  timer = setInterval(() => { if (document.visibilityState === 'visible') run(chart(api)) }, REFRESH_MS)
}

signin.addEventListener('submit', (event) => {
  event.preventDefault()
  formError(signin, '')
  enter(control(signin, 'key').value.trim()).catch((error: Error) => {
    formError(signin, error instanceof RelayError && error.status === 401 ? 'This API key is unknown or revoked.' : error.message)
  })
})
byId('sign-out').addEventListener('click', () => {
  sessionStorage.removeItem(KEY_ITEM)
  window.location.reload()
})

new ResizeObserver(() => {
  const width = byId('chart').clientWidth
  if (width !== drawnWidth) { drawnWidth = width; drawChart() }
}).observe(byId('chart'))

const saved = sessionStorage.getItem(KEY_ITEM)
if (saved !== null) {
  enter(saved).catch(() => {
    sessionStorage.removeItem(KEY_ITEM)
    byId('signin').hidden = false
  })
}
