import { describe, expect, it } from 'vitest'
import { readClipJson, writeClipJson } from '../src/clip-json.js'
import { exportClip } from '../src/export-clip.js'
import { randomClip } from './support/clips.js'

describe('clip JSON', () => {
  it('round-trips skeleton, frame rate and every value to 1e-6', () => {
    const clip = randomClip(6, 3, 24)
    const back = readClipJson(writeClipJson(clip))
    back.skeleton.joints.forEach((j, i) => {
      const src = clip.skeleton.joints[i]!
      expect([j.name, j.parent]).toEqual([src.name, src.parent])
      j.offset.forEach((v, k) => expect(v).toBeCloseTo(src.offset[k]!, 12))
    })
    expect(back.fps).toBe(24)
    expect(back.frameCount).toBe(6)
    back.rotations.forEach((v, i) => expect(Math.abs(v - clip.rotations[i]!)).toBeLessThan(1e-6))
    back.rootTranslation.forEach((v, i) => expect(Math.abs(v - clip.rootTranslation[i]!)).toBeLessThan(1e-6))
  })

  it('rejects another document, another version and inconsistent arrays', () => {
    const good = JSON.parse(writeClipJson(randomClip(2))) as Record<string, unknown>
    expect(() => readClipJson('{"format":"x"}')).toThrow(/not an OpenMotion clip/)
    expect(() => readClipJson(JSON.stringify({ ...good, version: 99 }))).toThrow(/version 99/)
    expect(() => readClipJson(JSON.stringify({ ...good, frameCount: 3 }))).toThrow(/rootTranslation/)
    expect(() => readClipJson(JSON.stringify({ ...good, rotations: ['a'] }))).toThrow(/finite numbers/)
  })

  it('is one of the exportClip formats', async () => {
    const [file] = await exportClip(randomClip(2), ['json'], { fileBaseName: 'v1' })
    expect(file).toMatchObject({ format: 'json', fileName: 'v1.json', contentType: 'application/json' })
    expect(readClipJson(new TextDecoder().decode(file!.bytes)).frameCount).toBe(2)
  })
})
