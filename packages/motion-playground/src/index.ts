// The Node side of the package: where the built browser assets are, so motion-api can serve them at /playground.
import { fileURLToPath } from 'node:url'

/** Absolute path of the built playground (index.html, app.js, styles.css); written by `build.mjs`. */
export const playgroundAssetsDir: string = fileURLToPath(new URL('./public/', import.meta.url))
