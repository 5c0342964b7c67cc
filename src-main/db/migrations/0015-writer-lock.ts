import type { Migration } from './types'

/**
 * Who indexes this database now, and who waits next (issue 17: two writers). Every index job, from any process (a
 * `rollscope index`, `serve`'s watcher, the desktop app), holds the `holder` row while it runs; another job waits
 * for it, and the first waiter writes itself as `next` so a host indexing again and again (a live tail) cannot
 * take the lock back before it. A row whose process is gone (kill -9) is stale and taken over
 * (indexer/writer-lock.ts). `start` is the process's start time when the platform tells it (Linux), so a reused
 * pid is not taken for the holder.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'writer-lock',
  up(db) {
    db.exec(`
      CREATE TABLE writer_lock (
        role TEXT PRIMARY KEY CHECK (role IN ('holder', 'next')),
        token TEXT NOT NULL,
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        start TEXT,
        what TEXT NOT NULL,
        since INTEGER NOT NULL,
        seen INTEGER NOT NULL
      ) WITHOUT ROWID;
    `)
  }
}
