// Uploaded characters through @openmotion/motion-characters (analysis in a worker thread with a wall-clock limit)
// and @openmotion/motion-render (thumbnails); their package errors become the API's public codes here.
import { prepareCharacterWithTimeLimit } from '@openmotion/motion-characters'
import { RenderError, renderThumbnail } from '@openmotion/motion-render'
import { toPublicError } from '../domain/job-failures.js'
import type { CharacterImporter } from '../domain/ports.js'
import { errors } from '../errors.js'

export function createCharacterImporter (limits: { maxBytes: number, timeoutMs: number }): CharacterImporter {
  return {
    async prepare (bytes, format) {
      try {
        return await prepareCharacterWithTimeLimit(bytes, format, limits)
      } catch (error) {
        throw toPublicError(error)
      }
    },
    async thumbnail (glb) {
      try {
        return await renderThumbnail(glb, { width: 256, height: 256 })
      } catch (error) {
        if (error instanceof RenderError) throw errors.MODEL_LOAD_FAILED(`createThumb: ${error.message}`)
        throw error
      }
    }
  }
}
