/**
 * The browser part of `npm run bench` (PRODUCT.md §4: "an episode of 2,000 turns / 10 MB first painted in
 * < 150 ms"): the built CLI serves the generated long episode and Debian's Chromium (through Playwright) shows it.
 * The page itself reports when the first turn row was painted (Element Timing), for two ways in:
 * - deep link: a fresh tab opens `…/#/run/R/episode/E`, counted from navigation start (app start-up included);
 * - in-app open: the app already shows the run, the hash changes to the episode (what a click does), counted from
 *   that change: the episode's own cost, which is what the PRODUCT.md target is about.
 * The machine's own references, measured in the same browser and run: fetching the same episode's JSON through the
 * API and parsing it, which any viewer that loads the whole episode must do first; for the deep link, a fresh tab's
 * first paint of a static one-line page (blank-tab-floor.mjs), which no page beats here. Also: time to scroll to the
 * last turn, frame times of a scroll through the whole transcript, and the most turn rows in the DOM meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../e2e/chromium-args.ts'
import { generateLongEpisode } from '../generators/long-episode.mjs'
import { measureBlankTabFloor } from './blank-tab-floor.mjs'
import { median } from './cli-child.mjs'
import { verdict } from './report.mjs'
import { startServe, waitForFullText, waitForRun } from './serve-child.mjs'
import {
  fetchEpisodeJson,
  APP_ROW_MESSAGE,
  installFirstRowProbe,
  openByHash,
  PROBE_SETTLED_MESSAGE,
  probeSettled,
  readProbe,
  readTimings,
  scrollToEnd,
  sweepScroll
} from './viewer-probes.mjs'

/** PRODUCT.md §4. */
export const FIRST_PAINT_TARGET_MS = 150
const VIEWPORT = { width: 1400, height: 860 }
const ROW = '[data-testid="turn-row"]'

/**
 * @typedef {object} ViewerLoad one open of the episode; times in ms from its start (navigation, or the hash change)
 * @property {number} firstPaint first turn row painted
 * @property {'element-timing' | 'frame'} paintSource Element Timing, or the frame after the row's insertion
 * @property {number | null} fcp first contentful paint of the page (deep links only)
 * @property {number | null} episodeStart getEpisodePreview request sent
 * @property {number | null} episodeResponseStart first byte of its answer
 * @property {number | null} episodeEnd its last byte
 * @property {number | null} episodeBytes its decoded size
 * @property {number} rowInDom first turn row inserted
 * @property {'app' | 'boot' | null} rowKind whose row that was: the app's, or the page's first script's (deep link)
 * @property {number | null} appRowInDom the app's own first turn row inserted (later than rowInDom after a boot row)
 * @property {number | null} headStart getEpisodeHead request sent (a deep link's first script's, or the app's own
 *   before its preview on an in-app open of a long episode)
 * @property {number | null} headResponseStart first byte of its answer
 * @property {number | null} headEnd its last byte
 */

/**
 * @param {{ cli: string, outDir: string, chromiumPath: string, log: (msg: string) => void, loads?: number }} opts
 * @returns {Promise<import('./report.mjs').ViewerFigures>}
 */
export async function measureViewer({ cli, outDir, chromiumPath, log, loads = 5 }) {
  const t0 = performance.now()
  const { reused, manifest } = generateLongEpisode({ outDir })
  const lastIndex = manifest.long.turns - 1
  const dbDir = mkdtempSync(join(tmpdir(), 'rollscope-bench-viewer-'))
  log(`viewer: serving ${manifest.long.turns} turns / ${(manifest.long.bytes / 1e6).toFixed(1)} MB`)
  const served = await startServe(cli, [join(outDir, 'outputs')], join(dbDir, 'viewer.db'))
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] })
  try {
    const runId = await waitForRun(served, manifest.episodes)
    // the full-text pass reads the 10 MB episode after the listing: measured loads come after it
    await waitForFullText(served)
    /** @type {{ id: string, turns: number }[]} */
    const byTurns = (await served.call('listEpisodes', { runId, sort: 'turns', desc: true, limit: 10 })).items
    const [longest, other] = [byTurns[0], byTurns[byTurns.length - 1]]
    if (longest.turns !== manifest.long.turns)
      throw new Error(`the longest episode has ${longest.turns} turns, expected ${manifest.long.turns}`)
    const runHash = `#/run/${encodeURIComponent(runId)}`
    const episodeHash = `${runHash}/episode/${encodeURIComponent(longest.id)}`
    const otherHash = `${runHash}/episode/${encodeURIComponent(other.id)}`

    /** @type {ViewerLoad[]} */
    const deep = []
    // The first load also warms the server and the OS page cache: reported apart as "cold".
    for (let i = 0; i <= loads; i++) {
      log(`viewer: deep-link load ${i + 1}/${loads + 1}`)
      deep.push(await deepLinkLoad(browser, served.url + episodeHash))
    }
    log('viewer: the floor (a fresh tab painting one line of a static page)')
    const blankTab = await measureBlankTabFloor(browser, { loads, viewport: VIEWPORT })
    // the header as serve sends it on its page
    const opener = (await fetch(served.url, { redirect: 'manual' })).headers.get('cross-origin-opener-policy')
    const blankTabCoop = opener
      ? await measureBlankTabFloor(browser, {
          loads,
          viewport: VIEWPORT,
          headers: { 'cross-origin-opener-policy': opener }
        })
      : null

    const context = await browser.newContext({ viewport: VIEWPORT })
    const page = await context.newPage()
    await page.addInitScript(installFirstRowProbe)
    await page.goto(served.url + runHash)
    await page.locator('[data-testid="episode-row"]').first().waitFor({ state: 'visible' })
    /** @type {ViewerLoad[]} */
    const inApp = []
    for (let i = 0; i < loads; i++) {
      log(`viewer: in-app open ${i + 1}/${loads}`)
      inApp.push(await inAppOpen(page, episodeHash, runHash, { hash: otherHash, turns: other.turns }))
    }

    log('viewer: reference (fetch + parse the same episode in the page)')
    const fetches = []
    for (let i = 0; i < 5; i++)
      fetches.push(await page.evaluate(fetchEpisodeJson, { token: served.token, episodeId: longest.id }))

    log('viewer: scroll to the last turn, then through the whole transcript')
    await page.evaluate((h) => (location.hash = h), episodeHash)
    // the whole transcript, not the head's first rows shown while it is read
    await page.locator(`[data-testid="transcript"] ${ROW}`).first().waitFor({ state: 'visible' })
    const end = await page.evaluate(scrollToEnd, { last: lastIndex, timeoutMs: 15_000 })
    const lastVisible = await page.locator(`${ROW}[data-turn="${lastIndex}"]`).isVisible()
    const sweep = await page.evaluate(sweepScroll, { steps: 240 })
    await context.close()

    const [cold, ...warm] = deep
    const deepMid = middle(warm)
    const appMid = middle(inApp)
    const floor = median(fetches.map((f) => f.ms))
    return {
      episode: {
        turns: manifest.long.turns,
        mb: manifest.long.bytes / 1e6,
        reused,
        responseMb: (appMid.episodeBytes ?? 0) / 1e6,
        fetchedTurns: fetches[0].turns
      },
      deepLink: {
        ms: deepMid.firstPaint,
        runs: warm.map((r) => r.firstPaint),
        coldMs: cold.firstPaint,
        breakdown: deepMid,
        verdict: verdict(deepMid.firstPaint, FIRST_PAINT_TARGET_MS, false),
        floor: blankTab,
        floorWithOpenerPolicy: blankTabCoop && { ...blankTabCoop, header: opener }
      },
      inApp: {
        ms: appMid.firstPaint,
        runs: inApp.map((r) => r.firstPaint),
        breakdown: appMid,
        verdict: verdict(appMid.firstPaint, FIRST_PAINT_TARGET_MS, false)
      },
      target: FIRST_PAINT_TARGET_MS,
      fetchJsonMs: floor,
      fetchJsonRuns: fetches.map((f) => f.ms),
      ratio: appMid.firstPaint / floor,
      scrollToEndMs: end.ms,
      scrollFrames: end.frames,
      lastTurnVisible: lastVisible,
      sweep,
      seconds: (performance.now() - t0) / 1000
    }
  } finally {
    await browser.close()
    await served.stop()
    rmSync(dbDir, { recursive: true, force: true })
  }
}

/** The run whose first paint is the median one. @param {ViewerLoad[]} runs */
function middle(runs) {
  return [...runs].sort((a, b) => a.firstPaint - b.firstPaint)[Math.floor(runs.length / 2)]
}

/**
 * One deep-link load in a fresh browser context (empty cache and session storage, as when a shared link is opened).
 * @param {import('@playwright/test').Browser} browser @param {string} url
 * @returns {Promise<ViewerLoad>}
 */
async function deepLinkLoad(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.addInitScript(installFirstRowProbe)
    /** @type {string[]} */
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    const said = (/** @type {string} */ text) =>
      page.waitForEvent('console', { predicate: (m) => m.text() === text, timeout: 30_000 })
    const settled = Promise.all([said(PROBE_SETTLED_MESSAGE), said(APP_ROW_MESSAGE)])
    await page.goto(url, { waitUntil: 'commit' })
    try {
      await settled
    } catch (err) {
      // Say what the page showed instead (a rebuilt out/renderer mid-run gives 404s on the old bundle, for one).
      const shown = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      )
        .slice(0, 300)
        .replace(/\s+/g, ' ')
      throw new Error(
        `no turn row within 30 s. Page: "${shown}". Errors: ${errors.slice(0, 3).join(' | ') || 'none'}`,
        { cause: err }
      )
    }
    return await collect(page, 0)
  } finally {
    await context.close()
  }
}

/**
 * Opens the episode from the run's page by changing the hash, measures, then opens a short episode (so the app no
 * longer holds the long one and the next open fetches it again, like a first open) and goes back to the run.
 * @param {import('@playwright/test').Page} page @param {string} episodeHash @param {string} runHash
 * @param {{ hash: string, turns: number }} other
 * @returns {Promise<ViewerLoad>}
 */
async function inAppOpen(page, episodeHash, runHash, other) {
  const start = await page.evaluate(openByHash, episodeHash)
  await page.locator(ROW).first().waitFor({ state: 'visible', timeout: 30_000 })
  const painted = await collect(page, start)
  // A long episode's first rows come from its head (getEpisodeHead) while its preview is read: the preview's
  // timing is known once the whole view has replaced them (the tab's turn count is the whole view's).
  await page.locator('[data-testid="transcript-turn-count"]').waitFor({ timeout: 30_000 })
  const t = await page.evaluate(readTimings)
  const rel = (/** @type {number | null} */ x) => (x === null || x < start ? null : x - start)
  const load = {
    ...painted,
    episodeStart: rel(t.episodeStart),
    episodeResponseStart: rel(t.episodeResponseStart),
    episodeEnd: rel(t.episodeEnd),
    episodeBytes: t.episodeBytes,
    headStart: rel(t.headStart),
    headResponseStart: rel(t.headResponseStart),
    headEnd: rel(t.headEnd)
  }
  await page.evaluate((h) => (location.hash = h), other.hash)
  // The transcript tab counts the open episode's turns: the short one is shown once it says so.
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="transcript-turn-count"]')?.textContent === String(n),
    other.turns
  )
  await page.evaluate((h) => (location.hash = h), runHash)
  await page.locator(ROW).first().waitFor({ state: 'detached' })
  await page.locator('[data-testid="episode-row"]').first().waitFor({ state: 'visible' })
  return { ...load, fcp: null }
}

/**
 * Waits for the paint entry, then reads the probe and the getEpisode timing, relative to `start`.
 * @param {import('@playwright/test').Page} page @param {number} start
 * @returns {Promise<ViewerLoad>}
 */
async function collect(page, start) {
  await page.waitForFunction(probeSettled)
  const p = await page.evaluate(readProbe)
  const t = await page.evaluate(readTimings)
  const rel = (/** @type {number | null} */ x) => (x === null ? null : x - start)
  return {
    firstPaint: p.paint - start,
    paintSource: p.paintSource,
    fcp: p.fcp,
    episodeStart: rel(t.episodeStart),
    episodeResponseStart: rel(t.episodeResponseStart),
    episodeEnd: rel(t.episodeEnd),
    episodeBytes: t.episodeBytes,
    rowInDom: p.rowInDom - start,
    rowKind: p.rowKind,
    appRowInDom: rel(p.appRowInDom),
    headStart: rel(t.headStart),
    headResponseStart: rel(t.headResponseStart),
    headEnd: rel(t.headEnd)
  }
}
