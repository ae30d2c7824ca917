// Runs prepareCharacter in a worker thread, so an upload that would keep a parser busy too long can be stopped.
import { parentPort, workerData } from 'node:worker_threads'
import { CHARACTER_ERROR, CharacterError } from './errors.js'
import type { CharacterFormat, Limits } from './gltf-json.js'
import { prepareCharacter } from './prepare-character.js'

const input = workerData as { bytes: Uint8Array, format: CharacterFormat, limits?: Limits }
prepareCharacter(input.bytes, input.format, input.limits).then(
  (result) => { parentPort!.postMessage({ ok: true, result }) },
  (error: unknown) => {
    const code = error instanceof CharacterError ? error.code : CHARACTER_ERROR.meshLoad
    parentPort!.postMessage({ ok: false, code, message: error instanceof Error ? error.message : String(error) })
  }
)
