import type { Migration } from './types'

/**
 * A file deleted or moved since it was indexed was kept as a source row in error ("file no longer exists"), so the app
 * listed a file deleted on purpose as failed until its root was removed. Such a file's row now goes with its runs (the
 * index job that finds it gone says so once); the rows kept by earlier versions go here. Their episodes went already.
 */
export const migration0020: Migration = {
  version: 20,
  name: 'forget-gone-sources',
  up(db) {
    db.prepare('DELETE FROM sources WHERE walk_problem = 0 AND error = ?').run(
      'file no longer exists (moved or deleted since it was indexed)'
    )
  }
}
