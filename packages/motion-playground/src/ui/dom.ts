// Tiny DOM helpers: find an element that the page must have, build elements, show an error next to a form.

export function byId<T extends HTMLElement = HTMLElement> (id: string): T {
  const element = document.getElementById(id)
  if (element === null) throw new Error(`the page has no #${id}`)
  return element as T
}

export function el<K extends keyof HTMLElementTagNameMap> (
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props)
  element.append(...children)
  return element
}

/** Shows `message` in the form's `[data-error]` paragraph (role=alert reads it out); empty clears it. */
export function formError (form: HTMLFormElement, message: string): void {
  const slot = form.querySelector<HTMLElement>('[data-error]')
  if (slot !== null) slot.textContent = message
}

/** A polite announcement for screen readers (progress, finished jobs). */
export function announce (message: string): void {
  byId('announce').textContent = message
}

export function control<T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement = HTMLInputElement> (form: HTMLFormElement, name: string): T {
  const element = form.elements.namedItem(name)
  if (element === null) throw new Error(`form #${form.id} has no control "${name}"`)
  return element as T
}

export function sleep (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Starts a task from an event handler; a failure is announced instead of vanishing as an unhandled rejection. */
export function run (task: Promise<unknown>): void {
  task.catch((error: Error) => { announce(`Something went wrong: ${error.message}`) })
}
