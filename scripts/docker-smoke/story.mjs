// The operator story of scripts/docker-smoke.sh, one step per call (`node story.mjs <step> [args]`), over the ports
// docker-compose.yml publishes on this machine. What a later step needs (token, cookie, job ids, keys) is kept in
// the JSON file named by SMOKE_STATE. Every check throws with what it saw, so the script stops at the step that broke.
import { spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MOTION = 'http://127.0.0.1:8080'
const AUTH = 'http://127.0.0.1:3000'
const RELAY = 'http://127.0.0.1:8000'
const RECEIVER = 'http://127.0.0.1:18099'
// Where the pre-signed download links point: compose's S3_PUBLIC_ENDPOINT (the published seaweedfs port).
const OBJECT_STORE = process.env.SMOKE_S3_PUBLIC_ENDPOINT ?? 'http://localhost:8333'
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

/** ffprobe's view of an MP4: its video stream, or undefined where ffprobe is not installed. */
function probeVideo (bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'docker-smoke-'))
  try {
    const file = join(dir, 'video.mp4')
    writeFileSync(file, bytes)
    const probe = spawnSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,nb_frames', '-of', 'json', file], { encoding: 'utf8' })
    if (probe.error?.code === 'ENOENT') return undefined
    check(probe.status === 0, `ffprobe refused the MP4: ${probe.stderr}`)
    const stream = JSON.parse(probe.stdout).streams?.[0]
    check(stream?.codec_name === 'h264' && stream.width > 0 && Number(stream.nb_frames) > 0, `the MP4 has no H.264 video: ${probe.stdout}`)
    return stream
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** What a real file of each kind looks like; a kind without a check here fails the smoke, so a new one is noticed. */
const FILE_CHECKS = {
  bvh: (b) => b.subarray(0, 9).toString('latin1') === 'HIERARCHY' && b.includes(Buffer.from('MOTION')),
  // GLB header: magic, version 2, and the total length the header states.
  glb: (b) => b.subarray(0, 4).toString('latin1') === 'glTF' && b.readUInt32LE(4) === 2 && b.readUInt32LE(8) === b.length,
  fbx: (b) => b.subarray(0, 18).toString('latin1') === 'Kaydara FBX Binary',
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  mp4: (b) => {
    if (b.subarray(4, 8).toString('latin1') !== 'ftyp') return false
    const stream = probeVideo(b)
    if (stream !== undefined) probed.push(`${stream.width}x${stream.height} h264, ${stream.nb_frames} frames`)
    return true
  }
}
const probed = []

/**
 * Every file of the jobs' variants (`variants`: the variant ids of each rid, by position), through the links the API
 * answers, fetched as they are: pre-signed URLs of the object store, never through motion-api. Each must be a real
 * file of its kind. Returns the byte sizes, `rid/variant/kind`.
 */
async function downloadAll (rids, variants = rids.map(() => '1')) {
  const sizes = {}
  for (const [index, rid] of rids.entries()) {
    const { links } = await call(`${MOTION}/job/v1/download/${rid}?variant_id=${variants[index]}`, { headers: session() })
    const files = links[0]?.urls?.flatMap((u) => u.files) ?? []
    check(files.length > 0, `job ${rid} variant ${variants[index]} has no files: ${JSON.stringify(links).slice(0, 400)}`)
    for (const [kind, url] of files.flatMap((f) => Object.entries(f))) {
      check(url.startsWith(`${OBJECT_STORE}/`), `${kind} of ${rid} is not a link of the object store ${OBJECT_STORE}: ${url}`)
      check(FILE_CHECKS[kind] !== undefined, `job ${rid} has a ${kind} file the smoke has no check for`)
      const { bytes } = await call(url, { raw: true })
      check(FILE_CHECKS[kind](bytes), `${kind} of ${rid} is not a real ${kind} (${bytes.length} bytes): ${bytes.subarray(0, 24).toString('hex')}`)
      sizes[`${rid}/${variants[index]}/${kind}`] = bytes.length
    }
  }
  return sizes
}

const kinds = (sizes) => Object.keys(sizes).map((key) => key.split('/').slice(1).join('/')).join(' ')

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
    const files = await downloadAll([state.rid])
    check(['bvh', 'glb', 'fbx'].every((kind) => `${state.rid}/1/${kind}` in files), `text2motion files: ${JSON.stringify(files)}`)
    state.renderRid = await submit('render', [`t2m_rid=${state.rid}`, 'variant_id=1'])
    save()
    await waitForJob(state.renderRid, 480)
    const video = await downloadAll([state.renderRid])
    check(`${state.renderRid}/1/mp4` in video, `render files: ${JSON.stringify(video)}`)
    return `text2motion ${state.rid}: ${kinds(files)}; render ${state.renderRid}: ${kinds(video)}; ` +
      `${Object.keys({ ...files, ...video }).length} files from ${OBJECT_STORE} (${probed.join('; ') || 'no ffprobe here'})`
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
    await downloadAll([state.rid, state.renderRid])
    save()
    return 'same JWKS and operator password, session cookie valid, jobs and files kept'
  },

  // Three workers: three text2motion jobs (one of two variants) and a render at once; every file of each through its
  // pre-signed link.
  async scaled () {
    const t2m = await Promise.all([
      submit('text2motion', ['prompt=a person jumps', 'model=openmotion_mannequin', 'requestedAnimationDuration=1', 'numVariant=2']),
      submit('text2motion', ['prompt=a person sits down', 'model=openmotion_mannequin', 'requestedAnimationDuration=1']),
      submit('text2motion', ['prompt=a person turns around', 'model=openmotion_mannequin', 'requestedAnimationDuration=1'])
    ])
    const render = await submit('render', [`t2m_rid=${state.rid}`, 'variant_id=1'])
    await Promise.all([...t2m, render].map((rid) => waitForJob(rid, 480)))
    const files = await downloadAll([t2m[0], t2m[0], t2m[1], t2m[2], render], ['1', '2', '1', '1', '1'])
    const expected = [`${t2m[0]}/1/glb`, `${t2m[0]}/2/glb`, `${t2m[1]}/1/glb`, `${t2m[2]}/1/glb`, `${render}/1/mp4`]
    check(expected.every((key) => key in files), `missing files: ${expected.filter((key) => !(key in files))} of ${JSON.stringify(files)}`)
    state.scaledRids = [...t2m, render]
    save()
    return `${t2m.join(', ')} (text2motion) and ${render} (render) SUCCESS; ${Object.keys(files).length} files downloaded and checked`
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
