// The character picker (stock and uploaded models, with thumbnails; a radio group, so arrow keys move the
// choice) and the upload form: signed URLs → resumable upload with a progress bar → storeModel.
import { ApiError, type MotionApi, type ModelRecord } from './api.js'
import { announce, byId, control, el, formError, run } from '@openmotion/browser-dom'
import { resumableUpload } from './upload.js'

const CUSTOM = 'custom'

function extensionOf (name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

function baseName (name: string): string {
  const dot = name.lastIndexOf('.')
  return (dot < 0 ? name : name.slice(0, dot)).replace(/[^\w.-]+/g, '_').slice(0, 100) || 'character'
}

export class CharactersView {
  private readonly api: MotionApi
  private readonly fieldset = byId<HTMLFieldSetElement>('characters')
  private readonly form = byId<HTMLFormElement>('upload-form')
  private readonly progress = byId<HTMLProgressElement>('upload-progress')
  private readonly status = byId('upload-status')
  private models: ModelRecord[] = []

  constructor (api: MotionApi) {
    this.api = api
    this.form.addEventListener('submit', (event) => { event.preventDefault(); run(this.upload()) })
  }

  /** The model id picked, or '' when none is. */
  get selected (): string {
    return this.fieldset.querySelector<HTMLInputElement>('input[name=model]:checked')?.value ?? ''
  }

  async refresh (select?: string): Promise<void> {
    const previous = select ?? this.selected
    this.models = await this.api.models()
    const legend = this.fieldset.querySelector('legend')
    this.fieldset.replaceChildren(...(legend === null ? [] : [legend]), ...this.models.map((model) => this.card(model)))
    const pick = this.models.find((m) => m.Id === previous) ?? this.models[0]
    const input = pick === undefined ? null : this.fieldset.querySelector<HTMLInputElement>(`input[value="${CSS.escape(pick.Id)}"]`)
    if (input !== null) input.checked = true
  }

  private card (model: ModelRecord): HTMLElement {
    const radio = el('input', { type: 'radio', name: 'model', value: model.Id })
    const thumb = model.thumb === undefined
      ? el('span', { className: 'no-thumb', ariaHidden: 'true' }, 'no thumbnail')
      : el('img', { src: model.thumb, alt: '', loading: 'lazy', width: 80, height: 80 })
    const label = el('label', { className: 'character' }, radio, thumb, el('span', { className: 'name' }, model.name),
      el('span', { className: 'platform' }, model.platform === CUSTOM ? 'uploaded' : 'stock'))
    if (model.platform === CUSTOM) {
      const remove = el('button', { type: 'button', className: 'danger', textContent: 'Delete' })
      remove.setAttribute('aria-label', `Delete character ${model.name}`)
      remove.addEventListener('click', (event) => { event.preventDefault(); run(this.remove(model)) })
      label.append(remove)
    }
    return label
  }

  private async remove (model: ModelRecord): Promise<void> {
    if (!window.confirm(`Delete the character "${model.name}"? Jobs already made with it keep their files.`)) return
    try {
      const count = await this.api.deleteModel(model.Id)
      announce(count === 1 ? `Deleted ${model.name}` : `${model.name} was already gone`)
    } catch (error) {
      announce(`Could not delete ${model.name}: ${(error as Error).message}`)
    }
    await this.refresh(this.selected === model.Id ? '' : undefined)
  }

  private async upload (): Promise<void> {
    const modelFile = control(this.form, 'model').files?.[0]
    const thumbFile = control(this.form, 'thumb').files?.[0]
    const name = control(this.form, 'name').value.trim()
    const createThumb = control(this.form, 'createThumb').checked
    const button = this.form.querySelector<HTMLButtonElement>('button[type=submit]')
    if (modelFile === undefined) { formError(this.form, 'Choose a model file.'); return }
    formError(this.form, '')
    if (button !== null) button.disabled = true
    this.progress.hidden = false
    try {
      const urls = await this.api.uploadUrls(
        baseName(modelFile.name),
        extensionOf(modelFile.name),
        thumbFile === undefined ? undefined : extensionOf(thumbFile.name) || 'png'
      )
      const totalBytes = modelFile.size + (thumbFile?.size ?? 0)
      const show = (done: number) => {
        this.progress.value = done / totalBytes
        this.status.textContent = `Uploading: ${Math.round((done / totalBytes) * 100)} %`
      }
      await resumableUpload(urls.modelUrl, modelFile, (f) => { show(f * modelFile.size) })
      if (thumbFile !== undefined) await resumableUpload(urls.thumbUrl, thumbFile, (f) => { show(modelFile.size + f * thumbFile.size) })
      this.status.textContent = 'Checking the rig…'
      const stored = await this.api.storeModel({
        modelUrl: urls.modelUrl,
        modelName: name === '' ? baseName(modelFile.name) : name,
        ...(thumbFile === undefined ? {} : { thumbUrl: urls.thumbUrl }),
        createThumb: createThumb && thumbFile === undefined ? 1 : 0
      })
      this.status.textContent = 'Stored.'
      announce('Character uploaded and selected')
      this.form.reset()
      await this.refresh(stored.modelId)
    } catch (error) {
      this.status.textContent = ''
      const code = error instanceof ApiError && error.code !== undefined ? ` (${error.code})` : ''
      formError(this.form, `Upload failed${code}: ${(error as Error).message}`)
    } finally {
      if (button !== null) button.disabled = false
      this.progress.hidden = true
    }
  }
}
