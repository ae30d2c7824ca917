import { describe, expect, it } from 'vitest'
import { ENGINE_ERROR, EngineError, packageErrorCodes } from '../src/errors.js'

describe('packageErrorCodes', () => {
  it('names each code <PREFIX>_ERR_<NAME> and keeps the keys', () => {
    const codes = packageErrorCodes('RENDER', { encoder: 'ENCODER', backdrop: 'BACKDROP' })
    // The type carries the whole code, so a caller comparing with a code of another package fails to compile.
    const encoder: 'RENDER_ERR_ENCODER' = codes.encoder
    expect(encoder).toBe('RENDER_ERR_ENCODER')
    expect(codes).toEqual({ encoder: 'RENDER_ERR_ENCODER', backdrop: 'RENDER_ERR_BACKDROP' })
  })

  it("gives the engine's codes their ENGINE_ERR_ names and each its spec title", () => {
    expect(Object.values(ENGINE_ERROR)).toEqual(['ENGINE_ERR_INVALID_INPUT', 'ENGINE_ERR_GENERATION', 'ENGINE_ERR_BAD_PARAMETERS', 'ENGINE_ERR_TIMEOUT'])
    expect(new EngineError(ENGINE_ERROR.TIMEOUT, 'too slow').title).toBe('Motion generation timeout')
  })
})
