import { afterAll, describe, expect, it } from 'vitest'
import { describeWithService, serviceSuiteTitle } from '../src/describe-with-service.ts'

describe('serviceSuiteTitle', () => {
  it('names the service and its address when it is announced', () => {
    expect(serviceSuiteTitle('redis', 'redis://127.0.0.1:16379')).toBe('redis at redis://127.0.0.1:16379')
  })

  it('says why the suite is skipped and how to start the services when it is not', () => {
    const title = serviceSuiteTitle('postgres', undefined)
    expect(title).toMatch(/^postgres \(skipped: TEST_DATABASE_URL is not set; /)
    expect(title).toContain('bash scripts/services.sh up')
  })
})

// This file's worker announces a broker before the suite below is declared, as `services.sh env` would.
const previous = process.env.FFMPEG_PATH
process.env.FFMPEG_PATH = '/opt/ffmpeg/bin/ffmpeg'
afterAll(() => {
  if (previous === undefined) delete process.env.FFMPEG_PATH
  else process.env.FFMPEG_PATH = previous
})

describeWithService('ffmpeg', (path) => {
  it('passes the announced value to the suite and runs its tests', () => {
    expect(path).toBe('/opt/ffmpeg/bin/ffmpeg')
  })
})
