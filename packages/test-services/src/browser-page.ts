// A headless Chromium page for a browser walk: the system browser (chromiumLaunchOptions), one page with a default
// step timeout, and screenshots in the app's git-ignored test-output/ folder.
import { mkdirSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium-launch.js'

export interface BrowserPageOptions {
  /** Viewport of the page; playwright's default (1280×720) otherwise. */
  viewport?: { width: number, height: number }
  /** How long one page action may wait, ms. */
  stepTimeoutMs: number
  /** Folder made for screenshots, if the walk takes any. */
  screenshots?: string
}

export interface BrowserPage {
  browser: Browser
  page: Page
  close: () => Promise<void>
}

export async function openBrowserPage (chromiumPath: string, options: BrowserPageOptions): Promise<BrowserPage> {
  if (options.screenshots !== undefined) mkdirSync(options.screenshots, { recursive: true })
  const browser = await chromium.launch(chromiumLaunchOptions(chromiumPath))
  const page = await browser.newPage(options.viewport === undefined ? {} : { viewport: options.viewport })
  page.setDefaultTimeout(options.stepTimeoutMs)
  return { browser, page, close: async () => { await browser.close() } }
}
