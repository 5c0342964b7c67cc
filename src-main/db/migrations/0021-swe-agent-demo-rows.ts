import type { Migration } from './types'

/** An episode's full-text rows are rowid * 2^24 + their sequence (search/fts-columns.ts EPISODE_SHIFT, as 0007). */
const EPISODE_SHIFT = 16777216

/**
 * A SWE-agent demonstration turn no longer starts with a `[demonstration]` line of Rollscope's (the viewer's badge
 * says it: Turn.meta.demonstration). The full-text rows of SWE-agent episodes were cut from the old text, and a hit's
 * row is read back by its sequence in the episode's rows (search/hit-rows.ts): a turn cut into one row less would
 * show a later hit as its neighbour. Those rows go and their sources become pending, so the indexer's next full-text
 * pass writes them again from the new text (as 0017 did for every source); the other formats' rows stay.
 */
export const migration0021: Migration = {
  version: 21,
  name: 'swe-agent-demo-rows',
  up(db) {
    const episodes = db
      .prepare(
        `SELECT e.rowid FROM episodes e JOIN sources s ON s.id = e.source_id
         JOIN search_sources m ON m.source_id = s.id WHERE s.format = 'swe-agent'`
      )
      .pluck()
      .all() as number[]
    const drop = db.prepare('DELETE FROM search_fts WHERE rowid >= ? AND rowid < ?')
    for (const id of episodes) drop.run(id * EPISODE_SHIFT, (id + 1) * EPISODE_SHIFT)
    db.exec(`DELETE FROM search_sources WHERE source_id IN (SELECT id FROM sources WHERE format = 'swe-agent')`)
  }
}
