/**
 * The page's boot script, a small module that starts the app's 1 MB bundle (named on its tag: see the
 * `boot-script` plugin in electron.vite.config.ts). On a deep link to an episode in browser mode, the first script
 * (head-fetch.ts, inline in the page) has already asked for the episode's first turns: this paints them
 * (paint-rows.ts), waits until that frame is on screen, then starts the app, which takes over when its own transcript
 * has rows. Anywhere else (another view, the desktop app) it starts the app at once.
 */
import type { EpisodeHead } from '@contract/model'
import { SIDEBAR_HIDDEN_KEY } from '../state/layout-slice'
import { parseThemeChoice, resolveScheme, THEME_STORAGE_KEY } from '../lib/theme'
import { appHasTurnRows, dismissBootLayer } from './boot-layer'
import { bootRows } from './boot-rows'
import { buildBootLayer } from './paint-rows'
import type { PendingHead } from './pending-head'

/** Past this the app starts without waiting for the first turns (a slow disk): they are painted if still useful. */
const WAIT_FOR_HEAD_MS = 600
/** Past this the app starts even if the browser has not said the first paint was presented. */
const WAIT_FOR_PRESENT_MS = 400

/** The app's bundle, named by the build on this script's tag (electron.vite.config.ts); null in `vite dev`. */
const APP_URL = ((): string | null => {
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app
  return app ? new URL(app, location.href).href : null
})()

let started = false
function startApp(): void {
  if (started) return
  started = true
  if (APP_URL) void import(/* @vite-ignore */ APP_URL)
}

/** The stored item, or null when storage is refused. */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Paints the first turns; false when that is moot. */
function paint(head: EpisodeHead, pending: PendingHead): boolean {
  // too late: the app already shows the transcript, or the person went elsewhere
  if (location.hash !== pending.hash || appHasTurnRows(document)) return false
  // what lib/theme.ts will set too (and follow the system as it does), so the first paint is in the app's scheme
  const media = matchMedia('(prefers-color-scheme: dark)')
  const choice = parseThemeChoice(stored(THEME_STORAGE_KEY))
  const applyScheme = (): void => {
    document.documentElement.dataset.theme = resolveScheme(choice, media.matches)
  }
  applyScheme()
  media.addEventListener('change', applyScheme)
  const active = head.turns.find((t) => t.index >= pending.turn)?.index ?? 0
  const layer = buildBootLayer(document, head, bootRows(head.turns, head.userPromptBefore), {
    activeIndex: active,
    sidebar: stored(SIDEBAR_HIDDEN_KEY) !== '1'
  })
  document.body.append(layer)
  // the app's first row takes the layer's place in the same task, so no frame shows both or neither
  const leave = (): void => {
    watch.disconnect()
    media.removeEventListener('change', applyScheme)
    dismissBootLayer(document)
  }
  const watch = new MutationObserver(() => {
    if (appHasTurnRows(document)) leave()
  })
  watch.observe(document.body, { childList: true, subtree: true })
  addEventListener('hashchange', leave, { once: true })
  return true
}

/**
 * Resolves once the first paint is on screen: the browser's first-contentful-paint entry (on a deep link the first
 * paint's layer is the page's first content) is queued when that frame was presented. Compiling the app's 1 MB
 * bundle any earlier takes the two cores the raster and the compositor need, and the paint waited ~250 ms for them.
 */
function afterPresented(): Promise<void> {
  return new Promise((done) => {
    let observer: PerformanceObserver | null = null
    const finish = (): void => {
      observer?.disconnect()
      clearTimeout(timer)
      done()
    }
    const timer = setTimeout(finish, WAIT_FOR_PRESENT_MS)
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) finish()
      })
      observer.observe({ type: 'paint', buffered: true })
    } catch {
      // no paint timing in this browser: the timer starts the app
    }
  })
}

async function boot(): Promise<void> {
  // What the first script started: it is inline and classic, so it ran as the parser reached it, before this module
  // (modules run once the page is parsed). Null without a deep link, in the desktop app, in `vite dev` (no first
  // script), and should a policy have refused it.
  const pending = window.__rollscopeHead ?? null
  if (!pending) return startApp()
  // The app's bundle is asked for once the first turns are on screen, not fetched ahead: its 1 MB arrived in the
  // middle of the first paint and was decoded on this thread (~55 ms in a trace) while the paint waited.
  const timer = setTimeout(startApp, WAIT_FOR_HEAD_MS)
  try {
    const head = await pending.head
    if (head && paint(head, pending)) await afterPresented()
  } finally {
    clearTimeout(timer)
    startApp()
  }
}

void boot()
