// The playground walked end to end in headless Chromium against a real motion-api on a real socket: keyboard
// sign-in, how a prompt is read, a two-variant text2motion job, the figure on the canvas (pixel check), scrubbing,
// the variant switcher, downloads, a character upload and delete, and (with ffmpeg) an MP4 render. Screenshots go to
// test-output/ (git-ignored).
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AppInstance } from '@openmotion/common'
import { browserWalk, describeWithService, freePort, requireService } from '@openmotion/test-services'
import { buildTestApp } from '../helper.js'
import { canvasStats, changedCells, type CanvasStats } from './canvas-pixels.js'

const OUTPUT = new URL('../../test-output/', import.meta.url).pathname
const FFMPEG = requireService('ffmpeg')
// The machine may be busy (CI runs several suites at once): waits are generous, the whole file still ends in a minute.
const POLL = { timeout: 15_000 }
// Bounds: each step has its own limit, and once the file has run 150 s the remaining steps fail at once
// instead of each waiting out its own limit, so a broken page cannot hold the suite for minutes.
const STEP_MS = 40_000
// Evaluated in the page as expressions: the tests' tsconfig has Node's types, not the DOM's.
const LOAD_TIME = 'performance.getEntriesByType("navigation")[0].loadEventEnd'
const PAGE_WIDTH = 'document.documentElement.scrollWidth'
const FOCUSED_NAME = 'document.activeElement === null ? null : document.activeElement.getAttribute("name")'
interface Img { naturalWidth: number }
interface Video { readyState: number, duration: number }

describeWithService('chromium', (chromiumPath) => {
  let app: AppInstance
  const walk = browserWalk(chromiumPath, { viewport: { width: 1280, height: 720 }, stepTimeoutMs: 30_000, screenshots: OUTPUT, budgetMs: 150_000 })
  let base: string

  beforeAll(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    // Signed URLs must point at this server, as PUBLIC_BASE_URL does in production.
    app = await buildTestApp({ PUBLIC_BASE_URL: base, ...(FFMPEG === undefined ? {} : { RENDER_ENABLED: 'true', FFMPEG_PATH: FFMPEG }) })
    await app.listen({ port, host: '127.0.0.1' })
  })

  afterAll(async () => {
    await app?.close()
  })

  const stats = async (): Promise<CanvasStats> => walk.page.evaluate(canvasStats, '#viewer')

  it('signs in from the keyboard and shows the balance and the stock characters with thumbnails', async () => {
    const response = await walk.page.goto(`${base}/playground`)
    expect(response?.url()).toBe(`${base}/playground/`)
    const loadMs = Number(await walk.page.evaluate(LOAD_TIME))
    console.log(`playground load time: ${Math.round(loadMs)} ms`)
    // The page focuses the client id once its session check has answered 401; a user types when the caret shows
    // there, and keys typed before it (a busy machine) would land on the page body.
    await expect.poll(() => walk.page.evaluate(FOCUSED_NAME), POLL).toBe('clientId')
    await walk.page.keyboard.type('dev-client')
    await walk.page.keyboard.press('Tab')
    await walk.page.keyboard.type('dev-secret')
    await walk.page.keyboard.press('Enter')
    await expect.poll(() => walk.page.locator('#balance').textContent(), POLL).toMatch(/\d+ credits · dev plan/)
    const cards = walk.page.locator('#characters label.character')
    await expect.poll(() => cards.count(), POLL).toBeGreaterThanOrEqual(3)
    await expect.poll(() => walk.page.locator('#characters img').first().evaluate((img) => (img as unknown as Img).naturalWidth), POLL).toBe(256)
  }, STEP_MS)

  it('generates a two-variant motion, shows progress and draws the figure on the canvas', async () => {
    await walk.page.fill('textarea[name=prompt]', 'a person walks forward then jumps')
    await walk.page.fill('input[name=numVariants]', '2')
    await walk.page.selectOption('select[name=footLockingMode]', 'always')
    // The progress line shows the polled step/total (or the queue position) before the result arrives.
    const seen = walk.page.waitForFunction('/step \\d+ of \\d+|queue: position/.test(document.getElementById("job-progress-text").textContent)', undefined, {
      polling: 'raf'
    })
    await walk.page.click('#prompt-form button[type=submit]')
    await seen
    await walk.page.waitForSelector('#viewer-empty', { state: 'hidden', timeout: 35_000 })
    await expect.poll(() => walk.page.locator('#variant option').count(), POLL).toBe(2)
    expect(await walk.page.locator('#jobs tr').first().locator('.status-SUCCESS').count()).toBe(1)
    // Beside the job, how the engine read the words: walk, then jump, with their times.
    await expect.poll(() => walk.page.locator('#reading-actions li').allTextContents(), POLL).toEqual([
      expect.stringMatching(/^0\.0 s – \d+\.\d s: walk forward/),
      expect.stringMatching(/^\d+\.\d s – \d+\.\d s: jump/)
    ])

    // Paused at the first frame the character stands on the floor: a figure and the contact markers show.
    await walk.page.click('#play')
    await walk.page.locator('#scrub').fill('0')
    // The time line is written right after a frame is drawn: "0.00 / …" means the first frame is on the canvas.
    await expect.poll(() => walk.page.locator('#time').textContent(), POLL).toMatch(/^0\.00 \//)
    const first = await stats()
    expect(first.figure).toBeGreaterThan(500)
    expect(first.contact).toBeGreaterThan(20)
    await walk.page.screenshot({ path: `${OUTPUT}playground-1280x720.png` })

    // Scrubbing moves the figure: a later frame differs from the first.
    const duration = Number(await walk.page.locator('#scrub').getAttribute('max'))
    await walk.page.locator('#scrub').fill(String(duration * 0.6))
    await expect.poll(async () => changedCells(first, await stats()), POLL).toBeGreaterThan(10)
  }, STEP_MS)

  it('plays and pauses from the keyboard and offers GLB, FBX and BVH downloads per variant', async () => {
    await walk.page.focus('#viewer')
    const pressed = await walk.page.locator('#play').getAttribute('aria-pressed')
    await walk.page.keyboard.press('Space')
    await expect.poll(() => walk.page.locator('#play').getAttribute('aria-pressed'), POLL).not.toBe(pressed)
    const links = walk.page.locator('#downloads a')
    expect((await links.allTextContents()).sort()).toEqual(['Download BVH', 'Download FBX', 'Download GLB'])
    const glb = Buffer.from(await (await fetch(await links.first().getAttribute('href') ?? '')).arrayBuffer())
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF')

    await walk.page.selectOption('#variant', '2')
    await expect.poll(() => links.first().getAttribute('download'), POLL).toMatch(/_v2\.glb$/)
    await expect.poll(async () => (await stats()).figure, POLL).toBeGreaterThan(500)
  }, STEP_MS)

  it('uploads a character with a progress bar, lists it with a rendered thumbnail and deletes it', async () => {
    const stockGlb = await walk.page.evaluate(async () => {
      const models = await (await fetch('/character/v1/listModels?stockModel=1')).json() as { glb: string }[]
      return Array.from(new Uint8Array(await (await fetch(models[0]!.glb)).arrayBuffer()))
    })
    await walk.page.click('details.upload summary')
    await walk.page.setInputFiles('#upload-form input[name=model]', { name: 'browser-hero.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(stockGlb) })
    await walk.page.fill('#upload-form input[name=name]', 'Browser hero')
    await walk.page.click('#upload-form button[type=submit]')
    const card = walk.page.locator('#characters label.character', { hasText: 'Browser hero' })
    await card.waitFor({ timeout: 30_000 })
    expect(await card.locator('input').isChecked()).toBe(true)
    await expect.poll(() => card.locator('img').evaluate((img) => (img as unknown as Img).naturalWidth), POLL).toBe(256)
    expect(await walk.page.locator('#upload-progress').evaluate((bar) => (bar as unknown as { value: number }).value)).toBe(1)

    walk.page.once('dialog', async (dialog) => { await dialog.accept() })
    await card.getByRole('button', { name: /Delete character/ }).click()
    await card.waitFor({ state: 'detached' })
  }, STEP_MS)

  it.skipIf(FFMPEG === undefined)('renders an MP4 with the chosen options and plays it in a <video>', async () => {
    await walk.page.selectOption('#render-form select[name=backdrop]', 'studio')
    await walk.page.selectOption('#render-form select[name=camMode]', '1')
    await walk.page.click('#render-form button[type=submit]')
    const video = walk.page.locator('#video')
    await video.waitFor({ state: 'visible', timeout: 35_000 })
    expect(await video.getAttribute('src')).toMatch(/\.mp4\?/)
    await expect.poll(() => video.evaluate((v) => (v as unknown as Video).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
    expect(await video.evaluate((v) => (v as unknown as Video).duration)).toBeGreaterThan(0.5)
    expect(await walk.page.locator('#downloads a', { hasText: 'Download MP4' }).count()).toBe(1)
  }, STEP_MS)

  it('shows how a prompt will be read before it is submitted, with the words it ignored', async () => {
    await walk.page.fill('textarea[name=prompt]', 'he does not run, he waves happily')
    await walk.page.click('#read-prompt')
    await expect.poll(() => walk.page.locator('#reading-actions li').allTextContents(), POLL).toEqual([expect.stringMatching(/wave/)])
    expect((await walk.page.locator('#reading-notes').textContent()) ?? '').toMatch(/run/)
    await walk.page.fill('textarea[name=prompt]', 'the weather is nice today')
    await walk.page.click('#read-prompt')
    await expect.poll(() => walk.page.locator('#reading-summary').textContent(), POLL).toMatch(/^Not readable \(\d+\): .*no recognisable action/)
  }, STEP_MS)

  it('lays out in one column at phone width', async () => {
    await walk.page.setViewportSize({ width: 390, height: 844 })
    await walk.page.waitForTimeout(300)
    const controls = await walk.page.locator('.controls').boundingBox()
    const stage = await walk.page.locator('.stage').boundingBox()
    expect(stage!.y).toBeGreaterThan(controls!.y + controls!.height - 1)
    expect(Number(await walk.page.evaluate(PAGE_WIDTH))).toBeLessThanOrEqual(390)
    if (await walk.page.locator('#play').getAttribute('aria-pressed') === 'true') await walk.page.click('#play')
    await walk.page.locator('#scrub').fill('0')
    await walk.page.locator('#result-title').scrollIntoViewIfNeeded()
    await expect.poll(async () => (await stats()).figure, POLL).toBeGreaterThan(100)
    await walk.page.screenshot({ path: `${OUTPUT}playground-phone.png` })
  }, STEP_MS)
})
