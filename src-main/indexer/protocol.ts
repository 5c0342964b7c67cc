/** Messages between the engine (main thread) and the indexer worker thread. Plain JSON only. */
import type { IndexProgress, IndexReport } from '@contract/model'

export type IndexJob =
  /**
   * Add `roots` (may be empty) and index: only those roots (`added`) or every root (`all`). `waitMs` bounds the wait
   * for another process indexing the same database (absent: as long as it takes, or until cancelled).
   */
  | { type: 'index'; roots: string[]; scope: 'added' | 'all'; force: boolean; waitMs?: number }
  /** Index just these changed files or folders (from the watcher); unchanged ones are skipped as usual. */
  | { type: 'paths'; paths: string[] }
  /** Forget a root and everything indexed from it. */
  | { type: 'removeRoot'; path: string }

export type ToWorker = { type: 'job'; id: number; job: IndexJob }

export type FromWorker =
  | { type: 'progress'; progress: IndexProgress }
  | { type: 'changed'; runIds: string[] }
  | { type: 'done'; id: number; report: IndexReport }
  | { type: 'failed'; id: number; message: string }

/** Start data of the worker: the DB file and the shared cancel flag (Atomics, read mid-file). */
export interface WorkerData {
  dbPath: string
  cancelFlag: SharedArrayBuffer
  /** What runs the jobs, as other processes waiting for the database are told ("rollscope serve"). */
  who: string
}
