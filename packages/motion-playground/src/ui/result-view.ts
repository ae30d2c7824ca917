// The result of a text2motion job: the viewer with play/pause/scrub, the variant switcher, download buttons for
// each file the job produced, and the render form whose MP4 plays in a <video>.
import { filesOf, type MotionApi } from './api.js'
import { announce, byId, control, el, formError, run } from '@openmotion/browser-dom'
import { describeProgress, failureText, pollUntilDone } from './job-poller.js'
import { BACKDROPS_2D, FormError, renderParams } from './params.js'
import { MotionViewer } from './viewer.js'

const FILE_LABELS: Record<string, string> = { glb: 'GLB', fbx: 'FBX', bvh: 'BVH', mp4: 'MP4', png: 'Poster PNG' }

export class ResultView {
  private readonly api: MotionApi
  private readonly viewer: MotionViewer
  private readonly play = byId<HTMLButtonElement>('play')
  private readonly scrub = byId<HTMLInputElement>('scrub')
  private readonly time = byId<HTMLOutputElement>('time')
  private readonly variant = byId<HTMLSelectElement>('variant')
  private readonly downloads = byId('downloads')
  private readonly renderForm = byId<HTMLFormElement>('render-form')
  private readonly video = byId<HTMLVideoElement>('video')
  private rid: string | undefined
  private scrubbing = false

  constructor (api: MotionApi) {
    this.api = api
    this.viewer = new MotionViewer(byId<HTMLCanvasElement>('viewer'), {
      onTime: (time, duration) => { this.showTime(time, duration) },
      onPlayingChange: (playing) => {
        this.play.textContent = playing ? 'Pause' : 'Play'
        this.play.setAttribute('aria-pressed', String(playing))
      }
    })
    this.play.addEventListener('click', () => { this.viewer.setPlaying(!this.viewer.playing) })
    this.scrub.addEventListener('input', () => {
      this.scrubbing = true
      this.viewer.setPlaying(false)
      this.viewer.seek(Number(this.scrub.value))
    })
    this.scrub.addEventListener('change', () => { this.scrubbing = false })
    this.variant.addEventListener('change', () => { run(this.showVariant(this.variant.value)) })
    const backdrop = control<HTMLSelectElement>(this.renderForm, 'backdrop')
    backdrop.append(...BACKDROPS_2D.map((name) => el('option', { value: name, textContent: name.replaceAll('_', ' ') })))
    const angle = control(this.renderForm, 'camHorizontalAngle')
    angle.addEventListener('input', () => { (this.renderForm.elements.namedItem('angleValue') as HTMLOutputElement).value = `${angle.value}°` })
    this.renderForm.addEventListener('submit', (event) => { event.preventDefault(); run(this.render()) })
  }

  /** Shows a finished text2motion job: its variants in the switcher and the first one in the viewer. */
  async show (rid: string, variantIds: string[]): Promise<void> {
    this.rid = rid
    const ids = variantIds.length > 0 ? variantIds : ['1']
    this.variant.replaceChildren(...ids.map((id) => el('option', { value: id, textContent: `Variant ${id}` })))
    this.variant.disabled = ids.length < 2
    this.video.hidden = true
    this.video.removeAttribute('src')
    await this.showVariant(ids[0] ?? '1')
  }

  private async showVariant (variantId: string): Promise<void> {
    if (this.rid === undefined) return
    this.variant.value = variantId
    const link = await this.api.download(this.rid, variantId)
    const files = filesOf(link)
    this.downloads.replaceChildren(...Object.entries(files).map(([type, url]) =>
      el('a', { href: url, download: `${this.rid ?? 'motion'}_v${variantId}.${type}`, textContent: `Download ${FILE_LABELS[type] ?? type}` })))
    if (files.glb === undefined) {
      announce(link.variantDownloadStatus === false ? 'This variant cannot be downloaded: not enough credit' : 'No GLB for this variant')
      return
    }
    await this.viewer.load(files.glb)
    byId('viewer-empty').hidden = true
    this.play.disabled = false
    this.scrub.disabled = false
    this.scrub.max = String(this.viewer.duration)
    const submit = this.renderForm.querySelector<HTMLButtonElement>('button[type=submit]')
    if (submit !== null) submit.disabled = false
    announce(`Playing variant ${variantId}`)
  }

  private showTime (time: number, duration: number): void {
    if (!this.scrubbing && document.activeElement !== this.scrub) this.scrub.value = String(time)
    this.time.value = `${time.toFixed(2)} / ${duration.toFixed(2)} s`
  }

  private async render (): Promise<void> {
    if (this.rid === undefined) return
    const form = this.renderForm
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')
    formError(form, '')
    try {
      const params = renderParams({
        rid: this.rid,
        variant: this.variant.value || '1',
        backdrop: control<HTMLSelectElement>(form, 'backdrop').value,
        bgColor: control(form, 'bgColor').value,
        shadow: control(form, 'shadow').checked,
        camMode: Number(control<HTMLSelectElement>(form, 'camMode').value) as 0 | 1 | 2,
        camHorizontalAngle: Number(control(form, 'camHorizontalAngle').value)
      })
      if (submit !== null) { submit.disabled = true; submit.textContent = 'Rendering…' }
      const rid = await this.api.process('render', params)
      const done = await pollUntilDone(this.api, rid, (progress) => { if (submit !== null) submit.textContent = `Rendering: ${describeProgress(progress)}` })
      if (done.status !== 'SUCCESS') throw new Error(failureText(done))
      const files = filesOf(await this.api.download(rid, '1'))
      if (files.mp4 === undefined) throw new Error('the render has no MP4')
      this.video.hidden = false
      if (files.png !== undefined) this.video.poster = files.png
      this.video.src = files.mp4
      this.downloads.append(el('a', { href: files.mp4, download: `${rid}.mp4`, textContent: 'Download MP4' }))
      announce('The video is ready')
    } catch (error) {
      formError(form, error instanceof FormError ? error.message : `Render failed: ${(error as Error).message}`)
    } finally {
      if (submit !== null) { submit.disabled = false; submit.textContent = 'Render MP4' }
    }
  }
}
