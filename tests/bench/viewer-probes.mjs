/**
 * Functions the viewer bench runs inside the page (Playwright serialises them, so each one is self-contained and
 * touches only DOM APIs). All times are `performance.now()` values: milliseconds since the navigation started.
 */

/**
 * Init script, run before the app's own scripts. `window.__armViewerProbe()` (called here once, and again before an
 * in-app open) watches for the next transcript row to enter the DOM (the app's `turn-row`, or on a deep link the
 * same turn drawn by the page's first script before the app runs, `boot-turn-row`: src-renderer/src/boot), notes
 * when it did (and, after a first-script row, when the app's own first row came), marks its text for the
 * Element Timing API (the browser then reports when that text was painted) and, as a cross-check, notes when the
 * frame after its insertion was presented (a message posted from requestAnimationFrame runs after the paint).
 * Long animation frames (> 50 ms) and the first contentful paint are kept for the breakdown.
 */
export function installFirstRowProbe() {
  // PROBE_SETTLED_MESSAGE and APP_ROW_MESSAGE (this function runs in the page, alone)
  const PROBE_SETTLED = 'viewer-probe: settled'
  const APP_ROW = 'viewer-probe: app row'
  /** @type {{ armedAt: number, rowInDom: number | null, rowKind: 'app' | 'boot' | null, appRowInDom: number | null, rafAfterRow: number | null, elementPaint: number | null, fcp: number | null, longFrames: { start: number, duration: number }[] }} */
  const probe = {
    armedAt: 0,
    rowInDom: null,
    rowKind: null,
    appRowInDom: null,
    rafAfterRow: null,
    elementPaint: null,
    fcp: null,
    longFrames: []
  }
  let generation = 0
  const observe = (/** @type {string} */ type, /** @type {(e: any) => void} */ fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true })
    } catch {
      // entry type not supported by this browser: that figure stays null
    }
  }
  // Said on the console once settled (what probeSettled checks): a deep-link load waits for this message, which
  // costs the page nothing, instead of a Playwright locator, whose script compiling in the page (~150 ms of its main
  // thread here) would land in the middle of the load it measures.
  let said = false
  const sayIfSettled = () => {
    if (said || probe.rafAfterRow === null) return
    if (probe.elementPaint === null && performance.now() - probe.rafAfterRow <= 500) return
    said = true
    console.debug(PROBE_SETTLED)
  }
  observe('element', (e) => {
    if (e.identifier === `first-turn-${generation}` && probe.elementPaint === null) {
      probe.elementPaint = e.renderTime || e.startTime
      sayIfSettled()
    }
  })
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') probe.fcp = e.startTime
  })
  observe('long-animation-frame', (e) => probe.longFrames.push({ start: e.startTime, duration: e.duration }))
  /** @type {MutationObserver | null} */
  let mo = null
  const arm = () => {
    mo?.disconnect()
    generation++
    Object.assign(probe, {
      armedAt: performance.now(),
      rowInDom: null,
      rowKind: null,
      appRowInDom: null,
      rafAfterRow: null,
      elementPaint: null
    })
    const label = `first-turn-${generation}`
    said = false
    const watcher = new MutationObserver(() => {
      if (probe.rowInDom !== null) {
        // a first-script row was painted first: wait for the app's own
        if (document.querySelector('[data-testid="turn-row"]')) {
          probe.appRowInDom = performance.now()
          watcher.disconnect()
          console.debug(APP_ROW)
        }
        return
      }
      const row = document.querySelector('[data-testid="turn-row"], [data-testid="boot-turn-row"]')
      if (!row) return
      probe.rowInDom = performance.now()
      probe.rowKind = row.getAttribute('data-testid') === 'turn-row' ? 'app' : 'boot'
      if (probe.rowKind === 'app') {
        probe.appRowInDom = probe.rowInDom
        watcher.disconnect()
        console.debug(APP_ROW)
      }
      // Mutation callbacks run before the next rendering step, so the attribute is there when the row is painted.
      for (const el of [row, ...row.querySelectorAll('*')]) el.setAttribute('elementtiming', label)
      requestAnimationFrame(() => {
        const ch = new MessageChannel()
        ch.port1.onmessage = () => {
          probe.rafAfterRow = performance.now()
          sayIfSettled()
          setTimeout(sayIfSettled, 520)
        }
        ch.port2.postMessage(0)
      })
    })
    watcher.observe(document, { childList: true, subtree: true })
    mo = watcher
  }
  Object.defineProperty(window, '__viewerProbe', { value: probe })
  Object.defineProperty(window, '__armViewerProbe', { value: arm })
  arm()
}

/** What installFirstRowProbe says on the console once the armed probe has settled. */
export const PROBE_SETTLED_MESSAGE = 'viewer-probe: settled'
/** What it says when the app's own first turn row is in the DOM (on a deep link, after the first script's). */
export const APP_ROW_MESSAGE = 'viewer-probe: app row'

/** True once the armed probe has a paint time (or the frame fallback had 500 ms for the paint entry to arrive). */
export function probeSettled() {
  const p = /** @type {any} */ (window).__viewerProbe
  return p.rafAfterRow !== null && (p.elementPaint !== null || performance.now() - p.rafAfterRow > 500)
}

/** The probe's figures; `paint` is Element Timing's when there is one, else the frame after the row's insertion. */
export function readProbe() {
  const p = /** @type {any} */ (window).__viewerProbe
  return {
    ...p,
    paint: p.elementPaint ?? p.rafAfterRow,
    paintSource: p.elementPaint !== null ? 'element-timing' : 'frame'
  }
}

/**
 * In-app open: re-arms the probe and sets the hash (what clicking an episode or following a link inside the app
 * does); returns the time it did so. @param {string} hash
 */
export function openByHash(hash) {
  ;/** @type {any} */ (window).__armViewerProbe()
  const t = performance.now()
  location.hash = hash
  return t
}

/**
 * Resource timing of the latest `getEpisodePreview` call (what the viewer opens an episode with), of the latest
 * `getEpisodeHead` call (what a deep link's first script paints from) and the page's own navigation entry.
 * @returns {{ episodeStart: number | null, episodeResponseStart: number | null, episodeEnd: number | null, episodeBytes: number | null, headStart: number | null, headResponseStart: number | null, headEnd: number | null, domContentLoaded: number }}
 */
export function readTimings() {
  const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
  const last = (/** @type {string} */ method) =>
    /** @type {PerformanceResourceTiming | undefined} */ (
      performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith(`/api/${method}`))
        .at(-1)
    )
  const ep = last('getEpisodePreview')
  const head = last('getEpisodeHead')
  return {
    episodeStart: ep ? ep.startTime : null,
    episodeResponseStart: ep ? ep.responseStart : null,
    episodeEnd: ep ? ep.responseEnd : null,
    episodeBytes: ep ? ep.decodedBodySize : null,
    headStart: head ? head.startTime : null,
    headResponseStart: head ? head.responseStart : null,
    headEnd: head ? head.responseEnd : null,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : 0
  }
}

/**
 * The floor for any viewer that loads the whole episode at once: `getEpisode` (every turn in full, the raw record)
 * called from the page, with `response.json()`, timed in the page. @param {{ token: string, episodeId: string }} arg
 */
export async function fetchEpisodeJson({ token, episodeId }) {
  const t0 = performance.now()
  const res = await fetch('/api/getEpisode', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rollscope-token': token },
    body: JSON.stringify([episodeId])
  })
  const body = await res.json()
  const ms = performance.now() - t0
  if (!body.ok) throw new Error(`getEpisode: ${body.error?.message}`)
  return { ms, turns: body.value.turns.length }
}

/**
 * Scrolls the transcript to its end until the row of turn `last` is drawn inside the scroller (the virtualizer
 * learns real row heights on the way, so the end moves a few times), one frame per step.
 * @param {{ last: number, timeoutMs: number }} arg
 */
export async function scrollToEnd({ last, timeoutMs }) {
  const el = /** @type {HTMLElement} */ (document.querySelector('[data-testid="transcript"]'))
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))
  const t0 = performance.now()
  let frames = 0
  for (;;) {
    const row = document.querySelector(`[data-testid="turn-row"][data-turn="${last}"]`)
    if (row) {
      const box = row.getBoundingClientRect()
      const view = el.getBoundingClientRect()
      if (box.top < view.bottom && box.bottom > view.top && el.scrollTop + el.clientHeight >= el.scrollHeight - 2) break
    }
    if (performance.now() - t0 > timeoutMs) return { ms: null, frames }
    el.scrollTop = el.scrollHeight
    await frame()
    frames++
  }
  return { ms: performance.now() - t0, frames }
}

/**
 * Scrolls the whole transcript from the top to the bottom in `steps` equal steps, one per frame, and times the
 * frames: what a reader dragging the scrollbar through it sees. Counts the turn rows in the DOM on every step.
 * @param {{ steps: number }} arg
 */
export async function sweepScroll({ steps }) {
  const el = /** @type {HTMLElement} */ (document.querySelector('[data-testid="transcript"]'))
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)))
  el.scrollTop = 0
  await frame()
  await frame()
  const intervals = []
  let maxRows = 0
  let prev = performance.now()
  for (let i = 1; i <= steps; i++) {
    el.scrollTop = ((el.scrollHeight - el.clientHeight) * i) / steps
    await frame()
    const now = performance.now()
    intervals.push(now - prev)
    prev = now
    maxRows = Math.max(maxRows, document.querySelectorAll('[data-testid="turn-row"]').length)
  }
  intervals.sort((a, b) => a - b)
  return {
    frames: intervals.length,
    p50: intervals[Math.floor(intervals.length * 0.5)],
    p95: intervals[Math.min(intervals.length - 1, Math.floor(intervals.length * 0.95))],
    max: intervals[intervals.length - 1],
    over50: intervals.filter((x) => x > 50).length,
    maxRows
  }
}
