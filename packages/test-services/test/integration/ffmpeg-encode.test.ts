import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithService } from '../../src/describe-with-service.ts'

const run = promisify(execFile)

describeWithService('ffmpeg', (ffmpeg) => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'test-services-ffmpeg-'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reports its version', async () => {
    const { stdout } = await run(ffmpeg, ['-hide_banner', '-version'])
    expect(stdout).toMatch(/^ffmpeg version \S+/)
  })

  it('encodes ten generated frames into an MP4 file', async () => {
    const output = join(dir, 'testsrc.mp4')
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10',
      '-frames:v', '10', '-pix_fmt', 'yuv420p', '-y', output])
    const bytes = await readFile(output)
    // ISO base media files open with a box whose type, at offset 4, is `ftyp`.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(bytes.includes(Buffer.from('mdat'))).toBe(true)
  })
})
