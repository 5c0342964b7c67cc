/**
 * Worker-thread entry (built to out/main/engine-worker.js): the engine itself (database, queries, watcher, and
 * the indexer worker it starts) runs here, so the host's thread (Electron main, the HTTP server) only passes
 * messages. Message loop only; the logic is in serve-engine.ts.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createEngine } from './engine'
import type { EngineOptions } from './engine-types'
import type { FromEngine } from './engine-thread-protocol'
import { serveEngine } from './serve-engine'

const port = parentPort
if (!port) throw new Error('engine-worker must run in a worker thread')
try {
  serveEngine(createEngine(workerData as EngineOptions), port)
} catch (err) {
  port.postMessage({
    type: 'startFailed',
    message: err instanceof Error ? err.message : String(err)
  } satisfies FromEngine)
}
