import type { Migration } from './types'

/**
 * Per-episode tool-call counts by tool name (`{"python": 3}`), written at index time so the compare can report
 * "never calls X" and "calls of X per episode" without reading transcripts. NULL = not known: the adapter has no
 * counts, or the episode was indexed before this migration (a forced re-index fills it); `{}` = no tool called.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'episode-tool-calls',
  up(db) {
    db.exec(`ALTER TABLE episodes ADD COLUMN tool_calls_json TEXT`)
  }
}
