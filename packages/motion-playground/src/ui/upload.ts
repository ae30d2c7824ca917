// Resumable upload to a signed URL, as the spec and the motion-api README describe it: POST with
// `x-storage-resumable: start` → `location`, then PUT the bytes there in chunks with Content-Range. A chunk that
// fails (dropped connection, 5xx) is retried after asking the server how much arrived (`bytes */total`), so a
// flaky network costs one chunk, not the whole file. XHR, not fetch: only XHR reports upload progress.

export const CHUNK_BYTES = 4 * 1024 * 1024
const RETRIES = 3

interface XhrResult { status: number, headers: (name: string) => string | null }

function request (method: string, url: string, headers: Record<string, string>, body: Blob | null, onProgress?: (sent: number) => void): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    if (onProgress !== undefined) xhr.upload.onprogress = (event) => { onProgress(event.loaded) }
    xhr.onload = () => { resolve({ status: xhr.status, headers: (name) => xhr.getResponseHeader(name) }) }
    xhr.onerror = () => { reject(new Error(`${method} failed: network error`)) }
    xhr.send(body)
  })
}

/** Bytes the server holds, from a 308's `Range: bytes=0-n` (none: 0). */
function received (result: XhrResult): number {
  const match = /bytes=0-(\d+)/.exec(result.headers('range') ?? '')
  return match === null ? 0 : Number(match[1]) + 1
}

async function start (url: string): Promise<string> {
  const started = await request('POST', url, { 'x-storage-resumable': 'start' }, null)
  const location = started.headers('location')
  if (started.status >= 300 || location === null) throw new Error(`starting the upload failed (HTTP ${started.status})`)
  return new URL(location, url).toString()
}

/** Uploads `file` to a signed URL from getModelUploadUrl (resumable=1); `onProgress` gets 0…1. */
export async function resumableUpload (url: string, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  const total = file.size
  if (total === 0) throw new Error('the file is empty')
  const location = await start(url)
  let offset = 0
  let failures = 0
  onProgress(0)
  while (offset < total) {
    const end = Math.min(total, offset + CHUNK_BYTES)
    const range = `bytes ${offset}-${end - 1}/${total}`
    try {
      const result = await request('PUT', location, { 'content-range': range }, file.slice(offset, end), (sent) => { onProgress((offset + sent) / total) })
      if (result.status === 200 || result.status === 201) { onProgress(1); return }
      if (result.status === 308) { offset = received(result); failures = 0; continue }
      if (result.status < 500) throw new Error(`the server refused the upload (HTTP ${result.status})`)
      throw new Error(`HTTP ${result.status}`)
    } catch (error) {
      if (++failures > RETRIES || (error as Error).message.startsWith('the server refused')) throw error
      const status = await request('PUT', location, { 'content-range': `bytes */${total}` }, null)
      if (status.status === 200 || status.status === 201) { onProgress(1); return }
      offset = received(status)
    }
  }
}
