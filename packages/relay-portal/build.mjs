// Bundles the browser code (no dependencies) into dist/public with the static files next to it:
// the page loads nothing from a CDN at run time.
import { cp, mkdir } from 'node:fs/promises'
import { build } from 'esbuild'

const out = new URL('./dist/public/', import.meta.url)
await mkdir(out, { recursive: true })
await build({
  entryPoints: [new URL('./src/ui/main.ts', import.meta.url).pathname],
  outfile: new URL('app.js', out).pathname,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning'
})
await cp(new URL('./src/static/', import.meta.url), out, { recursive: true })
