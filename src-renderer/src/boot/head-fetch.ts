/**
 * The page's first script, a classic one (no imports once built), inline in the page (electron.vite.config.ts): run
 * as the parser reaches it, before the styles and the boot module are even asked for, it asks the server for a
 * deep-linked episode's first turns (browser mode), so the answer is on its way while the rest of the page loads.
 * boot.ts paints it. Besides types it imports only deep-link.ts, which nothing else imports, so the build folds it in:
 * a value shared with the app would become a chunk this script imports, which the build refuses.
 */
import type { EpisodeHead } from '@contract/model'
import { deepLinkOf } from './deep-link'
import type { PendingHead } from './pending-head'

/** More turns than the tallest window shows before the app takes over (the server allows up to 40). */
const HEAD_TURNS = 12

function start(): PendingHead | null {
  // the desktop app has no HTTP API, and its bundle loads from disk in no time
  if (window.rollscope) return null
  const hash = location.hash
  const link = deepLinkOf(hash)
  if (!link) return null
  // the same call and session as the app's (the HttpOnly cookie goes with a same-origin fetch)
  const head = fetch('/api/getEpisodeHead', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([link.episodeId, link.turn, HEAD_TURNS])
  })
    .then((res) => (res.ok ? (res.json() as Promise<{ ok: boolean; value?: EpisodeHead }>) : null))
    .then((body) => (body?.ok && body.value ? body.value : null))
    .catch(() => null) // the app says what went wrong when it asks for the episode itself
  return { hash, turn: link.turn, head }
}

window.__rollscopeHead = start()
