// Builds a browser UI package (motion-playground, relay-portal): bundles src/ui/main.ts with every npm
// dependency into dist/public/app.js and copies src/static/ next to it, so a page loads nothing from a CDN.
// Each package passes its own esbuild, the one its package.json pins.
import { cp, mkdir } from 'node:fs/promises'

/** @param {URL} packageDir the package's folder, ending in '/'; @param {typeof import('esbuild').build} build */
export async function buildBrowserBundle (packageDir, build) {
  const out = new URL('dist/public/', packageDir)
  await mkdir(out, { recursive: true })
  await build({
    entryPoints: [new URL('src/ui/main.ts', packageDir).pathname],
    outfile: new URL('app.js', out).pathname,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning'
  })
  await cp(new URL('src/static/', packageDir), out, { recursive: true })
}
