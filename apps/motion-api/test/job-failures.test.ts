// Package errors reach clients with the spec's numeric codes; anything unexpected is 498 without internals.
import { describe, expect, it } from 'vitest'
import { CHARACTER_ERROR, CharacterError } from '@openmotion/motion-characters'
import { ENGINE_ERROR, EngineError } from '@openmotion/motion-engine'
import { RENDER_ERROR, RenderError } from '@openmotion/motion-render'
import { jobFailureOf, toPublicError } from '../src/domain/job-failures.js'

describe('job failures', () => {
  it.each([
    [new EngineError(ENGINE_ERROR.INVALID_INPUT, 'no movement'), 494],
    [new EngineError(ENGINE_ERROR.GENERATION, 'boom'), 501],
    [new EngineError(ENGINE_ERROR.BAD_PARAMETERS, 'fps'), 502],
    [new EngineError(ENGINE_ERROR.TIMEOUT, 'slow'), 599],
    [new RenderError(RENDER_ERROR.characterLoad, 'glb'), 1105],
    [new RenderError(RENDER_ERROR.animationAttach, 'anim'), 1106],
    [new RenderError(RENDER_ERROR.backdrop, 'bg'), 1107],
    [new CharacterError(CHARACTER_ERROR.meshLoad, 'mesh'), 901],
    [new CharacterError(CHARACTER_ERROR.rig, 'rig'), 902],
    [new CharacterError(CHARACTER_ERROR.retarget, 'retarget'), 903],
    [new CharacterError(CHARACTER_ERROR.export, 'export'), 904],
    [new CharacterError(CHARACTER_ERROR.noSkin, 'skin'), 905],
    [new CharacterError(CHARACTER_ERROR.face, 'face'), 906],
    [new CharacterError(CHARACTER_ERROR.metadata, 'meta'), 909]
  ])('reports %s with code %i and its message', (error, code) => {
    expect(jobFailureOf(error)).toEqual({ code, type: error.name, message: error.message })
  })

  it('hides the message of an unexpected error and of an encoder failure behind 498', () => {
    expect(jobFailureOf(new TypeError('secret path /srv/x'))).toEqual({ code: 498, type: 'TypeError', message: 'Unknown pipeline error' })
    expect(jobFailureOf(new RenderError(RENDER_ERROR.encoder, 'ffmpeg died'))).toMatchObject({ code: 498, message: 'Unknown pipeline error' })
  })

  it('turns a character error into the API error storeModel answers with, and leaves other errors alone', () => {
    expect(toPublicError(new CharacterError(CHARACTER_ERROR.noSkin, 'no skin'))).toMatchObject({ code: 905, statusCode: 400, message: 'no skin' })
    const other = new Error('x')
    expect(toPublicError(other)).toBe(other)
  })
})
