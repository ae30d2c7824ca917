// The Node side of the package: where the built browser assets are, so webhook-relay can serve them at /portal.
import { fileURLToPath } from 'node:url'

/** Absolute path of the built portal (index.html, app.js, styles.css); written by `build.mjs`. */
export const portalAssetsDir: string = fileURLToPath(new URL('./public/', import.meta.url))
