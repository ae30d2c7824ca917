import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from '../../src/domain/cursor.js'
import { newId } from '../../src/domain/ids.js'

describe('pagination cursors and ids', () => {
  it('round-trips an id and refuses forged cursors', () => {
    const id = newId('msg')
    expect(decodeCursor(encodeCursor(id))).toBe(id)
    expect(decodeCursor('bm9wZQ')).toBeUndefined()
    expect(decodeCursor(Buffer.from("msg_' OR 1=1").toString('base64url'))).toBeUndefined()
  })

  it('sorts ids by creation time', () => {
    expect(newId('msg', 1000) < newId('msg', 1001)).toBe(true)
    expect(newId('msg', 0xfffff) < newId('msg', 0x100000)).toBe(true)
  })
})
