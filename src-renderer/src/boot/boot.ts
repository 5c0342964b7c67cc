/**
 * The page's boot script, a small module that starts the app's 1 MB bundle (named on its tag: see the
 * `boot-script` plugin in electron.vite.config.ts). On a deep link to an episode in browser mode, the first script
 * (head-fetch.ts) has already asked for the episode's first turns: this paints them (paint-rows.ts), lets the frame
 * show, then starts the app, which takes over when its own transcript has rows. Anywhere else (another view, the
 * desktop app) it starts the app at once.
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

function paint(head: EpisodeHead, pending: PendingHead): void {
  // too late: the app already shows the transcript, or the person went elsewhere
  if (location.hash !== pending.hash || appHasTurnRows(document)) return
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
}

/** Resolves after the next frame was presented: a task posted from requestAnimationFrame runs after the paint. */
function afterPaint(): Promise<void> {
  return new Promise((done) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel()
      ch.port1.onmessage = () => done()
      ch.port2.postMessage(0)
    })
  )
}

function boot(): void {
  const pending = window.__rollscopeHead
  if (!pending) return startApp()
  // downloaded now (the assets are cached for good), compiled and run once the first turns are on screen
  if (APP_URL) void fetch(APP_URL).catch(() => undefined)
  const timer = setTimeout(startApp, WAIT_FOR_HEAD_MS)
  void pending.head
    .then(async (head) => {
      if (!head) return
      paint(head, pending)
      await afterPaint()
    })
    .finally(() => {
      clearTimeout(timer)
      startApp()
    })
}

boot()
