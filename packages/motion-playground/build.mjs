// The browser bundle (three.js included, from npm) and the static files, into dist/public.
import { build } from 'esbuild'
import { buildBrowserBundle } from '../../scripts/build-browser-bundle.mjs'

await buildBrowserBundle(new URL('./', import.meta.url), build)
