import type { Migration } from './types'

/**
 * Where a long JSONL record's middle lies (formats/readers/head-skips.ts): the runs of list items a head read (a deep
 * link's first paint) jumps over instead of scanning, found when the record is indexed. Null for a record under 1 MB
 * and for every episode indexed before: their head is read by scanning the record, as it was, until their file is
 * indexed again.
 */
export const migration0024: Migration = {
  version: 24,
  name: 'episode-head-skips',
  up(db) {
    db.exec('ALTER TABLE episodes ADD COLUMN head_skips TEXT')
  }
}
