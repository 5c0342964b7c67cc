import type { Migration } from './types'

/**
 * A signature of the bytes around the resume point of a JSONL source (its first bytes and the
 * bytes just before `indexed_bytes`): when a watched file grows and the signature still matches,
 * only the appended bytes are read (live tail) instead of the whole file.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'source-tail-signature',
  up(db) {
    db.exec(`ALTER TABLE sources ADD COLUMN tail_sig TEXT`)
  }
}
