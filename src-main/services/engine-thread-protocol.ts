/**
 * Messages between a host (Electron main, the browser-mode server) and the engine running on its own thread.
 * Plain structured-clone data only: API results are already what crosses IPC or HTTP as JSON.
 */
import type { Result, TraceEvent } from '@contract/api'
import type { IndexReport } from '@contract/model'

export type ToEngine =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'indexPaths'; id: number; paths: string[]; force: boolean; waitMs?: number }
  /** Writes an export on the engine thread: into the file `toFile`, or (null) as exportChunk messages to the host. */
  | { type: 'export'; id: number; request: unknown; toFile: string | null }
  /** The host wrote `size` more characters of export `id` into its sink (the engine may send that much more). */
  | { type: 'exportWritten'; id: number; size: number }
  /** The host's sink failed (the download was cancelled): export `id` stops at its next chunk. */
  | { type: 'exportStopped'; id: number; message: string }
  | { type: 'close'; id: number }

export type FromEngine =
  /** The engine is built (database open and migrated); sent once, first. */
  | { type: 'ready' }
  /** Building the engine failed (the database cannot be opened, a migration failed); the thread then ends. */
  | { type: 'startFailed'; message: string }
  /** The answer to a call, and the end of an export (its summary, or why it failed). */
  | { type: 'result'; id: number; result: Result<unknown> }
  /** The next piece of export `id`, in order. */
  | { type: 'exportChunk'; id: number; chunk: string }
  | { type: 'indexed'; id: number; result: Result<IndexReport> }
  | { type: 'closed'; id: number }
  | { type: 'event'; event: TraceEvent }

/** The half of a MessagePort / Worker / parentPort both sides use (so tests can connect them with a MessageChannel). */
export interface EnginePort<In, Out> {
  /** `transfer`: buffers whose memory moves to the other side instead of being copied (a reader's answer bytes). */
  postMessage(message: Out, transfer?: ArrayBuffer[]): void
  on(event: 'message', listener: (message: In) => void): unknown
}
