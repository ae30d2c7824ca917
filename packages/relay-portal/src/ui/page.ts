// DOM plumbing of the portal: element lookup and creation, form errors, announcements for screen readers.

export function find<T extends HTMLElement = HTMLElement> (id: string): T {
  const found = document.getElementById(id)
  if (found === null) throw new Error(`missing #${id}`)
  return found as T
}

export function h<K extends keyof HTMLElementTagNameMap> (
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props)
  node.append(...children)
  return node
}

export function say (message: string): void {
  find('announce').textContent = message
}

export function showError (form: HTMLFormElement, message: string): void {
  const slot = form.querySelector<HTMLElement>('[data-error]')
  if (slot !== null) slot.textContent = message
}

export function field (form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement
}

/** Runs an event handler's task; a failure is announced, never lost as an unhandled rejection. */
export function spawn (task: Promise<unknown>): void {
  task.catch((error: Error) => { say(`Failed: ${error.message}`) })
}

/** Event filter text → eventTypes: "job.*, invoice.paid" → ["job.*", "invoice.paid"]; empty → null (all events). */
export function parseEventTypes (text: string): string[] | null {
  const list = text.split(',').map((s) => s.trim()).filter((s) => s !== '')
  return list.length === 0 ? null : list
}

export function when (iso: string): string {
  return new Date(iso).toLocaleString()
}
