// Uploaded characters through @openmotion/motion-characters (analysis in a worker thread with a wall-clock limit)
// and @openmotion/motion-render (thumbnails); their package errors become the API's public codes here. Both packages
// load at the first upload, not at start: most processes never import a character.
import { RenderError } from '@openmotion/motion-render/errors'
import { toPublicError } from '../domain/job-failures.js'
import type { CharacterImporter } from '../domain/ports.js'
import { errors } from '../errors.js'

export function createCharacterImporter (limits: { maxBytes: number, timeoutMs: number }): CharacterImporter {
  return {
    async prepare (bytes, format) {
      try {
        const { prepareCharacterWithTimeLimit } = await import('@openmotion/motion-characters')
        return await prepareCharacterWithTimeLimit(bytes, format, limits)
      } catch (error) {
        throw toPublicError(error)
      }
    },
    async thumbnail (glb) {
      try {
        const { renderThumbnail } = await import('@openmotion/motion-render')
        return await renderThumbnail(glb, { width: 256, height: 256 })
      } catch (error) {
        if (error instanceof RenderError) throw errors.MODEL_LOAD_FAILED(`createThumb: ${error.message}`)
        throw error
      }
    }
  }
}
