import { describe, expect, it } from 'vitest'
import { newId } from '../../src/domain/ids.js'
import { pooledRandomBytes, pooledRandomHex } from '../../src/domain/random-pool.js'

describe('pooled random bytes', () => {
  it('hands out every byte once, across refills, and keeps earlier views intact', () => {
    const first = pooledRandomBytes(12)
    const copy = Buffer.from(first)
    const seen = new Set<string>([copy.toString('hex')])
    // 5,000 nonces of 12 bytes span many 4 KiB refills.
    for (let i = 0; i < 5000; i++) seen.add(pooledRandomBytes(12).toString('hex'))
    expect(seen.size).toBe(5001)
    expect(first.equals(copy)).toBe(true)
  })

  it('gives the requested length, in hex too, and serves large requests directly', () => {
    expect(pooledRandomBytes(12)).toHaveLength(12)
    expect(pooledRandomHex(10)).toMatch(/^[0-9a-f]{20}$/)
    expect(pooledRandomBytes(5000)).toHaveLength(5000)
    expect(pooledRandomHex(2000)).toHaveLength(4000)
  })

  it('keeps ids unique and time-ordered', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => newId('msg', 1_700_000_000_000 + i))
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
    expect(ids[0]).toMatch(/^msg_[0-9a-f]{32}$/)
  })
})
