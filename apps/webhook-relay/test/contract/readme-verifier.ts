// Loads the verification helper exactly as printed in README.md, so the test proves the documented code works.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export type VerifyWebhook = (secret: string, headers: Record<string, string | string[] | undefined>, body: string, toleranceSeconds?: number) => boolean

export async function loadReadmeVerifier (): Promise<VerifyWebhook> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const code = /<!-- verify-helper -->\n```js\n([\s\S]*?)```/.exec(readme)?.[1]
  if (code === undefined) throw new Error('README has no verify-helper block')
  const file = join(mkdtempSync(join(tmpdir(), 'relay-verify-')), 'verify.mjs')
  writeFileSync(file, code)
  const module = await import(pathToFileURL(file).href) as { verifyWebhook: VerifyWebhook }
  return module.verifyWebhook
}
