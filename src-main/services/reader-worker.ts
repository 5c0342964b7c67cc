/**
 * Worker-thread entry (built to out/main/reader-worker.js): one reader of the host's pool (reader-pool.ts). Message
 * loop only; the logic is in serve-reader.ts.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { FromReader, ReaderOptions } from './reader-protocol'
import { openReader, serveReader } from './serve-reader'

const port = parentPort
if (!port) throw new Error('reader-worker must run in a worker thread')
try {
  serveReader(openReader(workerData as ReaderOptions).api, port)
} catch (err) {
  port.postMessage({
    type: 'startFailed',
    message: err instanceof Error ? err.message : String(err)
  } satisfies FromReader)
}
