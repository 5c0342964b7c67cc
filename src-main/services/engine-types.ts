/**
 * What a host (Electron main, the CLI, the browser-mode server) gets from the engine.
 * Implemented by createEngine() in ./engine.ts. No electron import anywhere under services/.
 */
import type { TraceApi, TraceEvent } from '@contract/api'
import type { ExportSummary } from '@contract/export'
import type { IndexProgress, IndexReport } from '@contract/model'
import type { ExportSink } from '../export/export-types'
import type { JsonResult } from './json-result'

export interface EngineOptions {
  /** SQLite file; created with its folder when missing. */
  dbPath: string
  mode: 'desktop' | 'browser' | 'cli'
  /** Folder of the bundled demo traces (resources/demo), or null when not shipped. */
  demoPath: string | null
  version: string
  /**
   * Run indexing on a worker thread (default) or inline on the calling thread.
   * Inline exists for unit tests, which import TypeScript sources that a worker thread cannot load.
   */
  indexer?: 'worker' | 'inline'
  /** Watch the workspace roots and index changes as they happen (live tail). Off for one-shot CLI commands. */
  watch?: boolean
}

export interface Engine {
  api: TraceApi
  /** Adds `paths` as roots, indexes them and resolves when the job is over (used by `rollscope index`). */
  indexPaths(
    paths: string[],
    options?: {
      force?: boolean
      onProgress?: (p: IndexProgress) => void
      /** How long to wait for another process indexing the same database (absent: as long as it takes). */
      waitMs?: number
    }
  ): Promise<IndexReport>
  /**
   * Writes an export (a request as `api.planExport` takes it, checked again here) into `sink` on the engine's own
   * thread: a file the engine writes itself (the desktop), or chunks handed to the host's writer as they are made,
   * never more than a little ahead of it (an HTTP response in browser mode). A refusal rejects before the first chunk.
   */
  exportTo(request: unknown, sink: ExportSink): Promise<ExportSummary>
  /**
   * Browser mode's shortcut for a read-only call (contract/api.ts ApiAccess `read`): its Result already as JSON bytes,
   * made on the reader thread that answered it, so the HTTP thread neither copies the value's objects across nor
   * stringifies them (a 200-row page: ~4 ms of that thread's time, for every call of every client). Null for a
   * method that is not read-only (answer it through `api`). Hosts without reader threads do not have it.
   */
  readJson?(method: string, args: unknown[]): Promise<JsonResult> | null
  /** Subscribes to engine events (index progress, workspace changes). Returns the unsubscribe function. */
  onEvent(listener: (event: TraceEvent) => void): () => void
  /** Stops the indexer and closes the database. */
  close(): Promise<void>
}
