/**
 * This machine's floor for a deep link's first paint, measured in the same browser and run as the viewer phase: a
 * fresh tab (new context, as a shared link opens) navigates to the smallest page that paints a line of text after
 * one script, served from localhost by this process, and the page's first-contentful-paint is read. No page can
 * paint sooner here: what it measures is Chromium's own start of a tab (a renderer process, its first frame) on
 * these two cores. The deep link's first paint is reported against it (viewer-bench.mjs). Measured twice: as a
 * plain page, and with the `cross-origin-opener-policy: same-origin` that `rollscope serve` sends (it cuts the page
 * off from a window that opened it; Chromium then starts the tab's page in a new renderer process, which here costs
 * ~100 ms of its own), so the report can say which part of the deep link's time that header is.
 */
import { createServer } from 'node:http'

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>floor</title>
    <script src="/first.js"></script>
  </head>
  <body><p id="line">#0 user: the first turn of the episode</p></body>
</html>
`
const SCRIPT = 'window.__firstScriptRan = performance.now()\n'

/**
 * Median first-contentful-paint (ms from navigation start) over `loads` fresh tabs, after one cold load reported
 * apart. @param {import('@playwright/test').Browser} browser
 * @param {{ loads: number, viewport: { width: number, height: number }, headers?: Record<string, string> }} opts
 * @returns {Promise<{ ms: number, runs: number[], coldMs: number }>}
 */
export async function measureBlankTabFloor(browser, { loads, viewport, headers = {} }) {
  const server = createServer((req, res) => {
    const script = req.url === '/first.js'
    res.writeHead(200, {
      ...headers,
      'content-type': script ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
      'cache-control': 'no-store'
    })
    res.end(script ? SCRIPT : PAGE)
  })
  await new Promise((/** @type {(v?: unknown) => void} */ done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('floor page: no port')
  const url = `http://127.0.0.1:${address.port}/`
  try {
    /** @type {number[]} */
    const all = []
    for (let i = 0; i <= loads; i++) {
      const context = await browser.newContext({ viewport })
      try {
        const page = await context.newPage()
        // measured as the deep link is: an init script says it on the console (nothing of Playwright's in the page)
        await page.addInitScript(sayFirstContentfulPaint)
        const said = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(FCP_SAID), timeout: 30_000 })
        await page.goto(url, { waitUntil: 'commit' })
        all.push(Number((await said).text().slice(FCP_SAID.length)))
      } finally {
        await context.close()
      }
    }
    const [coldMs, ...runs] = all
    const sorted = [...runs].sort((a, b) => a - b)
    return { ms: sorted[Math.floor(sorted.length / 2)], runs, coldMs }
  } finally {
    await new Promise((done) => server.close(done))
  }
}

const FCP_SAID = 'floor: first-contentful-paint '

/** Init script: says the first-contentful-paint time on the console (as `FCP_SAID` + ms) once the browser has it. */
function sayFirstContentfulPaint() {
  new PerformanceObserver((list) => {
    const fcp = list.getEntriesByName('first-contentful-paint')[0]
    if (fcp) console.debug(`floor: first-contentful-paint ${fcp.startTime}`)
  }).observe({ type: 'paint', buffered: true })
}
