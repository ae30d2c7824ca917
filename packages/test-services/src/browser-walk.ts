// The hooks every browser walk repeats: one page opened before the describe block's tests, each test held to the
// walk's time budget, the browser closed after. Call it first in the block, so the page is open before the block's
// own beforeAll hooks run (they may load a page) and closed after its afterAll hooks (vitest runs those in reverse).
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowserPage, type BrowserPage, type BrowserPageOptions } from './browser-page.js'
import { suiteBudget } from './suite-budget.js'

export interface BrowserWalkOptions extends BrowserPageOptions {
  /** Once the file has run this long, the remaining tests fail at once instead of each waiting out its steps. */
  budgetMs: number
}

export interface BrowserWalk {
  /** The walk's page; read inside hooks and tests (it opens in the block's first beforeAll). */
  readonly page: Page
}

export function browserWalk (chromiumPath: string, options: BrowserWalkOptions): BrowserWalk {
  let opened: BrowserPage | undefined
  beforeAll(async () => { opened = await openBrowserPage(chromiumPath, options) })
  beforeEach(suiteBudget(options.budgetMs))
  afterAll(async () => { await opened?.close() })
  return {
    get page () {
      if (opened === undefined) throw new Error('the browser walk has no page: read it inside a hook or a test')
      return opened.page
    }
  }
}
