/**
 * Worker-thread entry (built to out/main/reader-worker.js): one reader of the host's pool (reader-pool.ts). Message
 * loop only; the logic is in serve-reader.ts.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { FromReader, ReaderOptions } from './reader-protocol'
import { openReader, serveReader } from './serve-reader'
import { BOUNDED_THREAD_READ_BYTES, limitWholeReads } from '../formats/readers/big-reads'

const port = parentPort
if (!port) throw new Error('reader-worker must run in a worker thread')
// this thread's heap is bounded: a call reading a record too big for it goes back to the engine (big-reads.ts)
limitWholeReads(BOUNDED_THREAD_READ_BYTES)
try {
  serveReader(openReader(workerData as ReaderOptions).api, port)
} catch (err) {
  port.postMessage({
    type: 'startFailed',
    message: err instanceof Error ? err.message : String(err)
  } satisfies FromReader)
}
