// How browser tests start the system Chromium (CHROMIUM_PATH) through playwright-core, which downloads no browser.

export interface ChromiumLaunchOptions {
  executablePath: string
  headless: true
  args: string[]
  timeout: number
}

/**
 * playwright-core `chromium.launch` options for the system browser: headless; no sandbox (CI containers run as
 * root, where Chromium's sandbox refuses to start); WebGL through SwiftShader, the CPU rasterizer, so three.js
 * pages draw on machines without a GPU; /tmp instead of a small /dev/shm.
 */
export function chromiumLaunchOptions (executablePath: string): ChromiumLaunchOptions {
  return {
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage'],
    timeout: 30_000
  }
}
