// prepareCharacter under a wall-clock limit: in a worker thread that is terminated when the limit passes (901),
// so no file can hang the service. From TypeScript sources (tests of this package) the compiled worker does not
// exist and the work runs in-thread without the limit.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CharacterError, CHARACTER_ERROR, type CharacterErrorCode } from './errors.js'
import type { CharacterFormat, Limits } from './gltf-json.js'
import { prepareCharacter, type CharacterInfo } from './prepare-character.js'

type Reply = { ok: true, result: { info: CharacterInfo, glb: Uint8Array } } | { ok: false, code: CharacterErrorCode, message: string }

export async function prepareCharacterWithTimeLimit (
  bytes: Uint8Array,
  format: CharacterFormat,
  options: Limits & { timeoutMs: number }
): Promise<{ info: CharacterInfo, glb: Uint8Array }> {
  const script = new URL('./prepare-worker.js', import.meta.url)
  const limits: Limits = { maxBytes: options.maxBytes, maxNodes: options.maxNodes }
  if (!existsSync(fileURLToPath(script))) return await prepareCharacter(bytes, format, limits)
  const worker = new Worker(script, { workerData: { bytes, format, limits } })
  try {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new CharacterError(CHARACTER_ERROR.meshLoad, `reading the character took longer than ${options.timeoutMs} ms`))
      }, options.timeoutMs)
      worker.once('message', (message: Reply) => {
        clearTimeout(timer)
        resolve(message)
      })
      worker.once('error', (error) => {
        clearTimeout(timer)
        reject(new CharacterError(CHARACTER_ERROR.meshLoad, `the character could not be read: ${error.message}`, { cause: error }))
      })
      worker.once('exit', (code) => {
        clearTimeout(timer)
        reject(new CharacterError(CHARACTER_ERROR.meshLoad, `the character reader stopped (exit ${code})`))
      })
    })
    if (!reply.ok) throw new CharacterError(reply.code, reply.message)
    return { info: reply.result.info, glb: new Uint8Array(reply.result.glb) }
  } finally {
    await worker.terminate()
  }
}
