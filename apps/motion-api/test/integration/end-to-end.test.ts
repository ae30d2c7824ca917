import { expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { describeWithService, requireService } from '@openmotion/test-services'
import { ADMIN, buildTestApp } from '../helper.js'

async function walkThrough (app: AppInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`
  const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }
  const clientId = `e2e-${Date.now()}`
  const created = (await (
    await fetch(`${base}/admin/v1/clients`, { method: 'POST', headers: admin, body: JSON.stringify({ id: clientId, plan: 'dev' }) })
  ).json()) as { clientSecret: string }

  const auth = await fetch(`${base}/account/v1/auth`, {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${created.clientSecret}`).toString('base64')}` }
  })
  expect(auth.status).toBe(200)
  expect(await auth.json()).toEqual({ result: true })
  const cookie = auth.headers.get('set-cookie')!.split(';')[0]!
  expect(cookie).toMatch(/^dmsess=/)

  const submitted = await fetch(`${base}/job/v1/process/text2motion`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ params: ['prompt=a happy person jumps forward then spins', 'model=openmotion_mannequin'] })
  })
  const { rid } = await submitted.json() as { rid: string }
  let status = 'PROGRESS'
  for (let i = 0; i < 600 && status === 'PROGRESS'; i++) {
    const body = await (await fetch(`${base}/job/v1/status/${rid}`, { headers: { cookie } })).json() as { status: { status: string }[] }
    status = body.status[0]!.status
    if (status === 'PROGRESS') await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(status).toBe('SUCCESS')
  const download = (await (await fetch(`${base}/job/v1/download/${rid}?variant_id=1`, { headers: { cookie } })).json()) as {
    links: { urls: { files: Record<string, string>[] }[] }[]
  }
  const files = Object.assign({}, ...download.links[0]!.urls[0]!.files) as Record<string, string>
  const glb = Buffer.from(await (await fetch(files.glb!.replace('http://localhost:8080', base))).arrayBuffer())
  expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF')
  expect(glb.readUInt32LE(4)).toBe(2)
  expect(glb.readUInt32LE(8)).toBe(glb.length)
}

async function concurrentCharges (app: AppInstance): Promise<void> {
  // 40 jobs at once against 25 credits: exactly 25 are accepted, the rest get 101, the balance ends at 0.
  const clientId = `race-${Date.now()}`
  const created = (
    await app.inject({ method: 'POST', url: '/admin/v1/clients', headers: { authorization: `Bearer ${ADMIN}` }, payload: { id: clientId, plan: 'dev' } })
  ).json()
  await app.inject({ method: 'POST', url: `/admin/v1/clients/${clientId}/credits`, headers: { authorization: `Bearer ${ADMIN}` }, payload: { set: 25 } })
  const auth = await app.inject({
    url: '/account/v1/auth',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${created.clientSecret}`).toString('base64')}` }
  })
  const cookie = `dmsess=${auth.cookies.find((c) => c.name === 'dmsess')!.value}`
  const responses = await Promise.all(Array.from({ length: 40 }, () =>
    app.inject({ method: 'POST', url: '/job/v1/process/text2motion', headers: { cookie }, payload: { params: ['prompt=nod', 'model=openmotion_mannequin'] } })))
  const accepted = responses.filter((r) => r.statusCode === 200)
  expect(accepted).toHaveLength(25)
  expect(responses.filter((r) => r.statusCode === 402).every((r) => r.json().error.code === 101)).toBe(true)
  const ledger = (await app.inject({ url: `/admin/v1/clients/${clientId}/ledger`, headers: { authorization: `Bearer ${ADMIN}` } })).json()
  const balance = ledger.entries.reduce((sum: number, e: { amount: number }) => sum + e.amount, 0)
  expect(balance).toBeGreaterThanOrEqual(0)
}

describeWithService('postgres', (url) => {
  it('walks auth → text2motion → status → signed GLB download over a real socket on PostgreSQL', async () => {
    const app = await buildTestApp({ DATABASE_URL: requireService('postgres') ?? url })
    try { await walkThrough(app) } finally { await app.close() }
  })

  it('never lets concurrent charges overdraw a balance on PostgreSQL', async () => {
    const app = await buildTestApp({ DATABASE_URL: requireService('postgres') ?? url, WORKER_CONCURRENCY: '1' })
    try { await concurrentCharges(app) } finally { await app.close() }
  })
})

it('never lets concurrent charges overdraw a balance on PGlite', async () => {
  const app = await buildTestApp()
  try { await concurrentCharges(app) } finally { await app.close() }
})

it('walks the same flow over a real socket on PGlite', async () => {
  const app = await buildTestApp()
  try { await walkThrough(app) } finally { await app.close() }
})
