import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { describeWithService } from '../../src/describe-with-service.ts'

const run = promisify(execFile)

describeWithService('chromium', (chromium) => {
  it('reports its version', async () => {
    const { stdout } = await run(chromium, ['--version'])
    expect(stdout).toMatch(/Chromium \d+\./)
  })

  it('runs a page script headless and prints the resulting DOM', async () => {
    const page = 'data:text/html,<p id=out></p><script>document.getElementById("out").textContent = 6 * 7</script>'
    const { stdout } = await run(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', page], { timeout: 30_000 })
    expect(stdout).toContain('<p id="out">42</p>')
  })
})
