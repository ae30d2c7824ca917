// DOM helpers of the browser pages (motion-playground, relay-portal): find an element the page must have, build
// elements, show an error next to a form, announce to screen readers. Shipped as source: each page's esbuild
// bundle compiles it, so there is no build step of its own.

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

/** A polite announcement for screen readers, in the page's `#announce` live region. */
export function announce (message: string): void {
  byId('announce').textContent = message
}

export function control<T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement = HTMLInputElement> (form: HTMLFormElement, name: string): T {
  const element = form.elements.namedItem(name)
  if (element === null) throw new Error(`form #${form.id} has no control "${name}"`)
  return element as T
}

/** Starts a task from an event handler; a failure is announced instead of vanishing as an unhandled rejection. */
export function run (task: Promise<unknown>, failurePrefix = 'Something went wrong'): void {
  task.catch((error: Error) => { announce(`${failurePrefix}: ${error.message}`) })
}
