// Custom-character failures carry the spec's codes (901, 902, 905, 909…); at storeModel they become API errors.
import { CharacterError, CHARACTER_ERROR } from '@openmotion/motion-characters'
import { errors } from '../errors.js'

export function characterApiError (error: unknown): Error {
  if (!(error instanceof CharacterError)) return error as Error
  switch (error.code) {
    case CHARACTER_ERROR.noSkin: return errors.NO_SKINNED_MESH(error.message)
    case CHARACTER_ERROR.rig: return errors.RIG_NOT_RECOGNISED(error.message)
    case CHARACTER_ERROR.metadata: return errors.METADATA_UNREADABLE(error.message)
    default: return errors.MODEL_LOAD_FAILED(error.message)
  }
}
