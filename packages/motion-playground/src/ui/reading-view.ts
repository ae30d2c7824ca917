// "How the engine reads it": the prompt's actions in order with their times, and the words read by meaning or
// ignored, so a user sees before spending credits (and beside every generated job) what the words were taken to mean.
import { ApiError, type MotionApi } from './api.js'
import { byId, el } from '@openmotion/browser-dom'

function seconds (n: number): string {
  return `${n.toFixed(1)} s`
}

export class ReadingView {
  private readonly api: MotionApi
  private readonly box = byId('reading')
  private readonly list = byId<HTMLOListElement>('reading-actions')
  private readonly notes = byId<HTMLUListElement>('reading-notes')
  private readonly summary = byId('reading-summary')
  private shown = ''

  constructor (api: MotionApi) {
    this.api = api
  }

  /** Reads `prompt` and shows the reading; a prompt read already is not asked for again. */
  async show (prompt: string): Promise<void> {
    const text = prompt.trim()
    if (text === '' || text === this.shown) return
    this.shown = text
    this.box.hidden = false
    this.list.replaceChildren()
    this.notes.replaceChildren()
    this.summary.textContent = 'Reading…'
    try {
      const reading = await this.api.readPrompt(text)
      if (this.shown !== text) return
      this.summary.textContent = `${reading.actions.length} ${reading.actions.length === 1 ? 'action' : 'actions'}, ${seconds(reading.totalSeconds)}:`
      this.list.replaceChildren(...reading.actions.map((a) => el('li', { textContent: `${seconds(a.startSeconds)} – ${seconds(a.startSeconds + a.durationSeconds)}: ${a.prompt}` })))
      this.notes.replaceChildren(...(reading.understood ?? []).map((note) => el('li', { textContent: note })))
    } catch (error) {
      if (this.shown !== text) return
      // Shown again next time: the failure may be the network's, not the prompt's.
      this.shown = ''
      const code = error instanceof ApiError && error.code !== undefined ? ` (${error.code})` : ''
      this.summary.textContent = `Not readable${code}: ${(error as Error).message}`
    }
  }
}
