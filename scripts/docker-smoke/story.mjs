// The operator story of scripts/docker-smoke.sh, one step per call (`node story.mjs <step> [args]`), over the ports
// docker-compose.yml publishes on this machine. What a later step needs (token, cookie, job ids, keys) is kept in
// the JSON file named by SMOKE_STATE. Every check throws with what it saw, so the script stops at the step that broke.
import { createHmac } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const MOTION = 'http://127.0.0.1:8080'
const AUTH = 'http://127.0.0.1:3000'
const RELAY = 'http://127.0.0.1:8000'
const RECEIVER = 'http://127.0.0.1:18099'
const stateFile = process.env.SMOKE_STATE ?? '.smoke-state.json'
const state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : {}
const save = () => writeFileSync(stateFile, JSON.stringify(state, null, 2))

function check (ok, message) {
  if (!ok) throw new Error(message)
}

async function call (url, { method = 'GET', body, headers = {}, status = 200, raw = false } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  check(response.status === status, `${method} ${url}: expected ${status}, got ${response.status}: ${bytes.toString('utf8').slice(0, 400)}`)
  return raw ? { bytes, headers: response.headers } : JSON.parse(bytes.toString('utf8'))
}

async function until (what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000
  let last
  for (;;) {
    try {
      const value = await probe()
      if (value !== undefined && value !== false) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds}s${last === undefined ? '' : ` (last: ${last.message})`}`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

const bearer = () => ({ authorization: `Bearer ${state.jwt}` })
const session = () => ({ cookie: state.cookie })
const tenantKey = () => ({ authorization: `Bearer ${state.relayKey}` })

async function signIn (password) {
  const answer = await call(`${AUTH}/graphql`, {
    method: 'POST',
    body: {
      query: 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { accessToken user { role } } }',
      variables: { e: 'operator@openmotion.local', p: password }
    }
  })
  check(answer.data?.signIn?.user?.role === 'admin', `operator sign-in: ${JSON.stringify(answer).slice(0, 400)}`)
  return answer.data.signIn.accessToken
}

async function jwksKids () {
  const jwks = await call(`${AUTH}/.well-known/jwks.json`)
  check(Array.isArray(jwks.keys) && jwks.keys.length > 0, `JWKS without keys: ${JSON.stringify(jwks)}`)
  return jwks.keys.map((k) => k.kid).sort()
}

async function waitForJob (rid, seconds) {
  return until(`job ${rid} SUCCESS`, seconds, async () => {
    const { status } = await call(`${MOTION}/job/v1/status/${rid}`, { headers: session() })
    const record = status[0]
    check(record?.status !== 'FAILURE', `job ${rid} failed: ${JSON.stringify(record)}`)
    return record?.status === 'SUCCESS' ? record : undefined
  })
}

async function submit (processor, params) {
  const { rid } = await call(`${MOTION}/job/v1/process/${processor}`, { method: 'POST', body: { params }, headers: session() })
  return rid
}

/** Each signed download link fetched, with the first bytes its format starts with. */
async function download (rid, expected) {
  const { links } = await call(`${MOTION}/job/v1/download/${rid}`, { headers: session() })
  const files = Object.assign({}, ...links[0].urls.flatMap((u) => u.files))
  const sizes = {}
  for (const [kind, magic] of Object.entries(expected)) {
    check(typeof files[kind] === 'string', `job ${rid} has no ${kind} link: ${JSON.stringify(files)}`)
    const path = new URL(files[kind])
    const { bytes } = await call(`${MOTION}${path.pathname}${path.search}`, { raw: true })
    check(bytes.subarray(0, 64).includes(Buffer.from(magic, 'latin1')), `${kind} of ${rid} does not start like one: ${bytes.subarray(0, 24).toString('hex')}`)
    sizes[kind] = bytes.length
  }
  return sizes
}

/** Standard Webhooks: v1,base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)), secret = base64 after whsec_. */
function signed (secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64')
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`)
}

async function received (messageId, seconds) {
  const delivery = await until(`delivery of ${messageId} at the receiver`, seconds, async () => {
    const all = await call(`${RECEIVER}/received`)
    return all.find((d) => d.headers['webhook-id'] === messageId)
  })
  check(signed(state.endpointSecret, delivery.headers, delivery.body), `delivery of ${messageId} is not signed with the endpoint's secret`)
  check(!signed(`whsec_${Buffer.from('not the secret').toString('base64')}`, delivery.headers, delivery.body), 'a wrong secret verifies')
  return delivery
}

async function accept (event) {
  const { id } = await call(`${RELAY}/webhook`, { method: 'POST', body: { event, data: { at: new Date().toISOString() } }, headers: tenantKey(), status: 202 })
  return id
}

const steps = {
  async operator (password) {
    state.password = password
    state.jwt = await signIn(password)
    state.kids = await jwksKids()
    save()
    return `signed in as the operator (admin); JWKS kid ${state.kids.join(', ')}`
  },

  async motion () {
    await call(`${MOTION}/admin/v1/plans/studio`, { method: 'PUT', body: { credits: 500, maxVariants: 2, periodDays: 30 }, headers: bearer() })
    const client = await call(`${MOTION}/admin/v1/clients`, { method: 'POST', body: { plan: 'studio' }, headers: bearer(), status: 201 })
    const response = await fetch(`${MOTION}/account/v1/auth`, {
      headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.clientSecret}`).toString('base64')}` }
    })
    check(response.status === 200, `client sign-in: ${response.status}`)
    const setCookie = response.headers.get('set-cookie') ?? ''
    // Served over plain HTTP: the cookie must not be Secure, or a browser would drop it (COOKIE_SECURE).
    check(!/;\s*secure/i.test(setCookie), `dmsess is Secure over plain HTTP: ${setCookie}`)
    state.cookie = /dmsess=[^;]+/.exec(setCookie)?.[0]
    state.rid = await submit('text2motion', ['prompt=a person walks forward then waves', 'model=openmotion_mannequin', 'requestedAnimationDuration=2'])
    save()
    await waitForJob(state.rid, 300)
    const files = await download(state.rid, { bvh: 'HIERARCHY', glb: 'glTF', fbx: 'Kaydara FBX Binary' })
    state.renderRid = await submit('render', [`t2m_rid=${state.rid}`, 'variant_id=1'])
    save()
    await waitForJob(state.renderRid, 480)
    const video = await download(state.renderRid, { mp4: 'ftyp', png: '\x89PNG' })
    return `text2motion ${state.rid}: ${JSON.stringify(files)} bytes; render ${state.renderRid}: ${JSON.stringify(video)} bytes`
  },

  async relay () {
    const tenant = await call(`${RELAY}/v1/tenants`, { method: 'POST', body: { name: 'openmotion' }, headers: bearer(), status: 201 })
    state.relayKey = (await call(`${RELAY}/v1/tenants/${tenant.id}/keys`, { method: 'POST', body: {}, headers: bearer(), status: 201 })).key
    const endpoint = await call(`${RELAY}/v1/endpoints`, { method: 'POST', body: { url: 'http://receiver:9000/hooks' }, headers: tenantKey(), status: 201 })
    state.endpointSecret = endpoint.secret
    save()
    const id = await accept('smoke.first')
    await received(id, 120)
    return `tenant ${tenant.id}, endpoint ${endpoint.id}: ${id} delivered to the receiver container, signed`
  },

  // The relay worker is stopped: the webhook is accepted and waits in the queue.
  async accept () {
    state.pendingMessage = await accept('smoke.while-worker-stopped')
    save()
    const message = await call(`${RELAY}/v1/messages/${state.pendingMessage}`, { headers: tenantKey() })
    check(message.deliveries.every((d) => d.status === 'pending'), `expected a pending delivery: ${JSON.stringify(message.deliveries)}`)
    return `${state.pendingMessage} accepted, pending`
  },

  async delivered () {
    await received(state.pendingMessage, 150)
    return `${state.pendingMessage} delivered after the restart, signed`
  },

  // After `restart` or `down`/`up`: the same keys, operator, session, job and files.
  async persisted () {
    const kids = await jwksKids()
    check(JSON.stringify(kids) === JSON.stringify(state.kids), `JWKS changed: ${state.kids} → ${kids}`)
    state.jwt = await signIn(state.password)
    await call(`${MOTION}/account/v1/creditBalance`, { headers: session() })
    const { list } = await call(`${MOTION}/job/v1/list`, { headers: session() })
    check(list.some((j) => j.rid === state.rid && j.status === 'SUCCESS'), `job ${state.rid} missing from the list`)
    await download(state.rid, { bvh: 'HIERARCHY' })
    await download(state.renderRid, { mp4: 'ftyp' })
    save()
    return 'same JWKS and operator password, session cookie valid, jobs and files kept'
  },

  async scaled () {
    const rids = [
      await submit('text2motion', ['prompt=a person jumps', 'model=openmotion_mannequin', 'requestedAnimationDuration=1']),
      await submit('text2motion', ['prompt=a person sits down', 'model=openmotion_mannequin', 'requestedAnimationDuration=1'])
    ]
    await Promise.all(rids.map((rid) => waitForJob(rid, 300)))
    return `two jobs on two workers: ${rids.join(', ')} SUCCESS`
  }
}

const [step, ...args] = process.argv.slice(2)
const run = steps[step]
if (run === undefined) {
  console.error(`usage: node story.mjs ${Object.keys(steps).join('|')}`)
  process.exit(2)
}
try {
  console.log(`  ✓ ${await run(...args)}`)
} catch (error) {
  console.error(`  ✗ ${step}: ${error.message}`)
  process.exit(1)
}
