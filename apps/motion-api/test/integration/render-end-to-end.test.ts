// Over a real socket with the real renderer and ffmpeg: text2motion, then render that variant, then download
// the MP4 through its signed URL and check it with ffprobe.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { readGlbAnimation } from '@openmotion/motion-formats'
import { describeWithService } from '@openmotion/test-services'
import { expect, it } from 'vitest'
import { buildTestApp } from '../helper.js'

describeWithService('ffmpeg', (ffmpeg) => {
  it('renders a text2motion variant to an H.264 MP4 downloadable through the signed URL', async () => {
    const app = await buildTestApp({ RENDER_ENABLED: 'true', FFMPEG_PATH: ffmpeg, RENDER_WIDTH: '320', RENDER_HEIGHT: '180' })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      const local = (url: string): string => url.replace('http://localhost:8080', base)
      const auth = await fetch(`${base}/account/v1/auth`, { headers: { authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` } })
      const cookie = auth.headers.get('set-cookie')!.split(';')[0]!
      const process = async (processor: string, params: string[]): Promise<string> => {
        const response = await fetch(`${base}/job/v1/process/${processor}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ params })
        })
        expect(response.status).toBe(200)
        return ((await response.json()) as { rid: string }).rid
      }
      const finish = async (rid: string): Promise<{ status: string }> => {
        for (let i = 0; i < 1200; i++) {
          const record = ((await (await fetch(`${base}/job/v1/status/${rid}`, { headers: { cookie } })).json()) as { status: Array<{ status: string }> })
            .status[0]!
          if (record.status !== 'PROGRESS') return record
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        throw new Error(`job ${rid} did not finish`)
      }
      const files = async (rid: string): Promise<Record<string, string>> => {
        const link = (
          (await (await fetch(`${base}/job/v1/download/${rid}?variant_id=1`, { headers: { cookie } })).json()) as {
            links: Array<{ urls: Array<{ files: Array<Record<string, string>> }> }>
          }
        ).links[0]!
        return Object.assign({}, ...link.urls[0]!.files) as Record<string, string>
      }

      const t2m = await process('text2motion', ['prompt=walk forward then wave', 'model=openmotion_mannequin'])
      expect((await finish(t2m)).status).toBe('SUCCESS')
      const glb = new Uint8Array(await (await fetch(local((await files(t2m)).glb!))).arrayBuffer())
      const clipFrames = (await readGlbAnimation(glb)).channels[0]!.times.length

      const render = await process('render', [`t2m_rid=${t2m}`, 'variant_id=1', 'backdrop=studio', 'shadow=1', 'camMode=0', 'camHorizontalAngle=30'])
      expect(await finish(render)).toMatchObject({ status: 'SUCCESS' })
      const urls = await files(render)
      const response = await fetch(local(urls.mp4!))
      expect(response.headers.get('content-type')).toBe('video/mp4')
      const path = join(mkdtempSync(join(tmpdir(), 'motion-render-e2e-')), 'render.mp4')
      writeFileSync(path, Buffer.from(await response.arrayBuffer()))
      const probe = JSON.parse(
        execFileSync(
          join(dirname(ffmpeg), 'ffprobe'),
          ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', path],
          { encoding: 'utf8' }
        )
      ) as { streams: Array<Record<string, unknown>> }
      expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 320, height: 180, nb_read_frames: String(clipFrames) })
      const poster = Buffer.from(await (await fetch(local(urls.png!))).arrayBuffer())
      expect(poster.subarray(1, 4).toString()).toBe('PNG')
    } finally {
      await app.close()
    }
  })
})
