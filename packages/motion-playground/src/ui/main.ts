// The playground page: sign in, balance, character, prompt → job → progress → viewer, past jobs.
import { ApiError, MotionApi, type CreditBalance } from './api.js'
import { CharactersView } from './characters-view.js'
import { announce, byId, control, formError, run } from '@openmotion/browser-dom'
import { describeProgress, failureText, pollUntilDone } from './job-poller.js'
import { JobsView } from './jobs-view.js'
import { FormError, text2motionParams, type MotionForm, type MotionMode, type Source } from './params.js'
import { ReadingView } from './reading-view.js'
import { ResultView } from './result-view.js'

const api = new MotionApi()
const signinForm = byId<HTMLFormElement>('signin-form')
const promptForm = byId<HTMLFormElement>('prompt-form')
const characters = new CharactersView(api)
const result = new ResultView(api)
const reading = new ReadingView(api)
const jobs = new JobsView(api, (job) => { run(watch(job.rid)) })
let watching: AbortController | undefined
let watchedRid: string | undefined

function showBalance (balance: CreditBalance): void {
  const line = byId('balance')
  line.hidden = false
  line.textContent = `${balance.credits} credits · ${balance.subscription.name} plan (${balance.subscription.credits} per period)`
  const variants = control(promptForm, 'numVariants')
  variants.max = String(balance.subscription.featureLimits.maxVariantsGeneration)
}

async function refreshBalance (): Promise<void> {
  showBalance(await api.balance())
}

async function enter (): Promise<void> {
  byId('signin').hidden = true
  byId('workspace').hidden = false
  await Promise.all([refreshBalance(), characters.refresh(), jobs.refresh()])
}

function source (prefix: 'source' | 'merge'): Source {
  const value = (name: string) => control(promptForm, name).value
  const trim = prefix === 'source' ? ['trimLeft', 'trimRight'] : ['mergeTrimLeft', 'mergeTrimRight']
  return { rid: value(`${prefix}Rid`), variant: value(`${prefix}Variant`), trimLeft: Number(value(trim[0] ?? '')), trimRight: Number(value(trim[1] ?? '')) }
}

function readMotionForm (): MotionForm {
  const value = (name: string) => control<HTMLInputElement | HTMLSelectElement>(promptForm, name).value
  const checked = (name: string) => control(promptForm, name).checked
  return {
    mode: value('mode') as MotionMode,
    model: characters.selected,
    prompt: control<HTMLTextAreaElement>(promptForm, 'prompt').value,
    numVariants: Number(value('numVariants')),
    footLockingMode: value('footLockingMode') as MotionForm['footLockingMode'],
    poseFilteringStrength: Number(value('poseFilteringStrength')),
    simulationOff: checked('simulationOff'),
    rootAtOrigin: checked('rootAtOrigin'),
    skipFBX: checked('skipFBX'),
    source: source('source'),
    inpaint: { prompt: value('inpaintPrompt'), intervals: value('intervals') },
    merge: { prompt: value('mergePrompt'), source: source('merge'), blendDuration: Number(value('blendDuration')) }
  }
}

/** Shows only the fields of the chosen mode; hidden required fields would block the submit. */
function applyMode (): void {
  const mode = control<HTMLSelectElement>(promptForm, 'mode').value
  for (const part of promptForm.querySelectorAll<HTMLElement>('[data-mode]')) {
    part.hidden = !(part.dataset.mode ?? '').split(' ').includes(mode)
  }
  control<HTMLTextAreaElement>(promptForm, 'prompt').required = mode === 'generate'
}

async function watch (rid: string): Promise<void> {
  watching?.abort()
  const controller = new AbortController()
  watching = controller
  watchedRid = rid
  const box = byId('progress')
  const bar = byId<HTMLProgressElement>('job-progress')
  const text = byId('job-progress-text')
  box.hidden = false
  bar.removeAttribute('value')
  text.textContent = 'Submitted'
  try {
    const done = await pollUntilDone(api, rid, (progress) => {
      if (progress.total > 0) { bar.max = progress.total; bar.value = progress.step } else bar.removeAttribute('value')
      text.textContent = describeProgress(progress)
    }, controller.signal)
    if (done.status !== 'SUCCESS') throw new Error(failureText(done))
    text.textContent = 'Done'
    announce('The motion is ready')
    const list = await jobs.refresh()
    const job = list.find((j) => j.rid === rid)
    await result.show(rid, Object.keys(job?.variants ?? { 1: { download: true } }))
    box.hidden = true
  } catch (error) {
    if (controller.signal.aborted) return
    text.textContent = `Failed: ${(error as Error).message}`
    announce(text.textContent)
    await jobs.refresh()
  } finally {
    await refreshBalance().catch(() => undefined)
  }
}

async function submit (): Promise<void> {
  formError(promptForm, '')
  try {
    const form = readMotionForm()
    const rid = await api.process('text2motion', text2motionParams(form))
    if (form.mode === 'generate') run(reading.show(form.prompt))
    run(jobs.refresh())
    await watch(rid)
  } catch (error) {
    if (error instanceof FormError) {
      formError(promptForm, error.message)
      promptForm.querySelector<HTMLElement>(`[name=${error.field}]`)?.focus()
    } else {
      const code = error instanceof ApiError && error.code !== undefined ? ` (${error.code})` : ''
      formError(promptForm, `The job was refused${code}: ${(error as Error).message}`)
    }
  }
}

function cancelCurrent (): void {
  if (watchedRid !== undefined) run(api.cancel(watchedRid))
}

signinForm.addEventListener('submit', (event) => {
  event.preventDefault()
  formError(signinForm, '')
  api
    .signIn(control(signinForm, 'clientId').value, control(signinForm, 'clientSecret').value)
    .then(enter)
    .catch((error: Error) => {
      formError(signinForm, error instanceof ApiError && error.status === 401 ? 'Unknown client id or wrong secret.' : error.message)
    })
})
promptForm.addEventListener('submit', (event) => { event.preventDefault(); run(submit()) })
control<HTMLSelectElement>(promptForm, 'mode').addEventListener('change', applyMode)
const strength = control(promptForm, 'poseFilteringStrength')
strength.addEventListener('input', () => {
  ;(promptForm.elements.namedItem('poseFilteringValue') as HTMLOutputElement).value = Number(strength.value).toFixed(2)
})
byId('cancel-job').addEventListener('click', cancelCurrent)
byId('read-prompt').addEventListener('click', () => { run(reading.show(control<HTMLTextAreaElement>(promptForm, 'prompt').value)) })
applyMode()

// A session cookie from an earlier visit signs the page in without asking again.
api.balance().then(async () => { await enter() }, () => { control(signinForm, 'clientId').focus() })
