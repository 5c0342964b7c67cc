import type { EpisodeHead } from '@contract/model'

/** What the first script (head-fetch.ts) hands to the boot script (boot.ts): the request it started, and for what. */
export interface PendingHead {
  /** The location hash it was started for: a later hash makes it moot. */
  hash: string
  /** The link's turn index (0 without one). */
  turn: number
  /** The episode's first turns from `turn` on, or null when they could not be had. */
  head: Promise<EpisodeHead | null>
}

declare global {
  interface Window {
    /** Set by head-fetch.ts (null: no deep link, or the desktop app); absent when that script did not run. */
    __rollscopeHead?: PendingHead | null
  }
}

/**
 * Whether the page's first script asked for the head of what the location shows (a deep link just opened): its first
 * turns are painted from that answer, so the app's first open asks for the preview alone. Once only: any later open
 * (the same link opened again from within the app included) is the app's own.
 */
export function takeFirstScriptHead(): boolean {
  if (typeof window === 'undefined') return false
  const pending = window.__rollscopeHead
  if (!pending) return false
  window.__rollscopeHead = null
  return pending.hash === window.location.hash
}
