/**
 * Messages between a host and one reader thread of its pool (reader-pool.ts): calls of read-only methods in, their
 * Results out. Plain structured-clone data, as between a host and the engine thread.
 */
import type { ApiErrorCode, AppInfo, Result } from '@contract/api'

/** What a reader thread is started with (workerData). */
export interface ReaderOptions {
  /** The index database (read-only here; the engine thread created and migrated it). */
  dbPath: string
  info: AppInfo
  /** Page cache of each of the thread's connections, MB. */
  cacheMb: number
  /** Characters of search hit rows the thread keeps (search/hit-rows.ts). */
  hitRowChars: number
  /** Bytes of worked-out orders and counts the thread keeps (db/query-cache.ts). */
  answerCacheBytes: number
}

/** A call; with `json`, its Result comes back as UTF-8 JSON bytes (a `json` message) rather than as a value. */
export type ToReader = { type: 'call'; id: number; method: string; args: unknown[]; json?: boolean }

export type FromReader =
  /** The connections are open; sent once, first. */
  | { type: 'ready' }
  /** Opening them failed; the thread then ends. */
  | { type: 'startFailed'; message: string }
  | { type: 'result'; id: number; result: Result<unknown> }
  /** `bytes`' buffer is transferred with the message (engine-types.ts toJsonResult). */
  | { type: 'json'; id: number; bytes: Uint8Array; code: ApiErrorCode | null }
  /** The call reads a record bigger than the thread's bounded heap takes (formats/readers/big-reads.ts): not answered. */
  | { type: 'declined'; id: number; message: string }
