import { describe, expect, it } from 'vitest'
import { AppError, defineErrors, frameworkCodes } from '../src/index.js'

describe('defineErrors', () => {
  it('builds factories carrying the code, status and default message', () => {
    const errors = defineErrors({
      NOT_FOUND: { status: 404, message: 'Not found' },
      INVALID_PARAMETER: { status: 400, message: 'Invalid input parameter', code: 1102 }
    })
    const error = errors.INVALID_PARAMETER('camMode must be 0, 1 or 2', { field: 'camMode' })
    expect(error).toBeInstanceOf(AppError)
    expect(error.code).toBe(1102)
    expect(error.statusCode).toBe(400)
    expect(error.message).toBe('camMode must be 0, 1 or 2')
    expect(error.details).toEqual({ field: 'camMode' })
    expect(errors.NOT_FOUND().message).toBe('Not found')
    expect(errors.NOT_FOUND.code).toBe('NOT_FOUND')
  })

  it('refuses a code declared twice', () => {
    expect(() => defineErrors({ A: { status: 400, message: 'a', code: 1 }, B: { status: 400, message: 'b', code: 1 } }))
      .toThrow('error code 1 is declared twice')
  })
})

describe('frameworkCodes', () => {
  it('answers each framework failure with the code whose row declares it', () => {
    const errors = defineErrors({
      BAD_INPUT: { status: 400, message: 'bad', code: 4000, answers: ['validation', 'badRequest'] },
      GONE: { status: 404, message: 'gone', answers: ['notFound'] },
      OTHER: { status: 409, message: 'other' }
    })
    expect(frameworkCodes(errors)).toEqual({ validation: 4000, badRequest: 4000, notFound: 'GONE' })
  })

  it('refuses a failure answered by two codes', () => {
    const errors = defineErrors({
      A: { status: 400, message: 'a', answers: ['validation'] },
      B: { status: 400, message: 'b', answers: ['validation'] }
    })
    expect(() => frameworkCodes(errors)).toThrow('the framework failure validation is answered by two codes')
  })
})
