/**
 * One episode preview kept between a deep link's two requests: the page's first script asks for the episode's head
 * (getEpisodeHead) before the app has started, and the app asks for the whole preview (getEpisodePreview) about a
 * second later. Reading and cutting a 10 MB episode costs a tenth of a second or more, so the head's preview is kept
 * for that one next call: taken once, and only within `ttlMs`, so a file that changes (a live run) is read again by
 * any later open.
 */
export interface PreviewHandoff<T> {
  /** Keeps `value` for the next take of `key` (replacing whatever was kept). */
  put(key: string, value: T): void
  /** The kept value of `key` when it is fresh, else null; either way nothing is kept after it. */
  take(key: string): T | null
}

export const HANDOFF_TTL_MS = 10_000

export function createPreviewHandoff<T>(
  now: () => number = Date.now,
  ttlMs: number = HANDOFF_TTL_MS
): PreviewHandoff<T> {
  let kept: { key: string; value: T; at: number } | null = null
  return {
    put(key, value) {
      kept = { key, value, at: now() }
    },
    take(key) {
      const k = kept
      if (!k || k.key !== key) return null
      kept = null
      return now() - k.at <= ttlMs ? k.value : null
    }
  }
}
