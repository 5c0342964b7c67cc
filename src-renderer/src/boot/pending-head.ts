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
