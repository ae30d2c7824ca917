// The V8 options every app process runs with: `./run start` (start-all.mjs), `pnpm bench:memory`, and the images
// (the Dockerfile's NODE_OPTIONS, which must say the same). Node 20 lets the young generation grow to 16 MiB per
// semi-space and keeps it resident; 8 MiB measured 10-16 MB less resident per app on PostgreSQL (the relay 119-121
// → 108-112 MB idle), no difference on PGlite, where PGlite dominates, and no measurable change in the relay's
// drain rate or CPU per delivery (docs/benchmarks.md). A NODE_OPTIONS already set is kept and wins (it comes after).
export const APP_NODE_OPTIONS = '--max-semi-space-size=8'

/** `env` with APP_NODE_OPTIONS ahead of any NODE_OPTIONS it holds. */
export function withAppNodeOptions (env) {
  return { ...env, NODE_OPTIONS: [APP_NODE_OPTIONS, env.NODE_OPTIONS].filter((options) => options !== undefined && options !== '').join(' ') }
}
