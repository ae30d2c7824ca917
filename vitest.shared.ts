// Shared vitest settings: unit tests live in test/**, integration tests (real sockets, real services) in
// test/integration/** and run through `vitest.integration.config.ts` so `pnpm test` stays fast and offline.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const setupFiles = [fileURLToPath(new URL('./vitest.tmpdir.ts', import.meta.url))]

export const unitConfig = defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/integration/**', 'node_modules/**', 'dist/**'],
    setupFiles,
    // Generous: a timeout only ends a hung test, and PGlite plus thumbnail rendering take seconds on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})

export const integrationConfig = defineConfig({
  test: {
    include: ['test/integration/**/*.test.ts'],
    setupFiles,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false
  }
})
