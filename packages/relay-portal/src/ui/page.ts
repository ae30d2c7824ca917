// The portal's own page helpers (the DOM ones are @openmotion/browser-dom's): event filters and dates.

/** Event filter text → eventTypes: "job.*, invoice.paid" → ["job.*", "invoice.paid"]; empty → null (all events). */
export function parseEventTypes (text: string): string[] | null {
  const list = text.split(',').map((s) => s.trim()).filter((s) => s !== '')
  return list.length === 0 ? null : list
}

export function when (iso: string): string {
  return new Date(iso).toLocaleString()
}
