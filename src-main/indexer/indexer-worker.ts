/**
 * Worker-thread entry: owns the only long-running writer connection and runs index jobs one at a
 * time. Message loop only; the work is in index-job.ts (which tests also run inline).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openDb } from '../db/open-db'
import { runJob } from './index-job'
import { ProgressTracker } from './progress-tracker'
import type { FromWorker, ToWorker, WorkerData } from './protocol'
import { KEPT_MAX, Memo } from '../formats/context'
import { readerWorkerFile, threadedRowBatches } from './transcript-reader'

const port = parentPort
if (!port) throw new Error('indexer-worker must run in a worker thread')
const data = workerData as WorkerData
const cancel = new Int32Array(data.cancelFlag)
const db = openDb(data.dbPath)
// The worker may wait for a short main-thread write; the main thread never waits for the worker.
db.pragma('busy_timeout = 10000')

// what the format code keeps between jobs (a growing Inspect log's members already read), for the worker's life
const kept = new Memo(KEPT_MAX)

const post = (m: FromWorker): void => port.postMessage(m)

// the full-text pass reads on a thread of its own while this one writes (transcript-reader.ts)
const readerFile = readerWorkerFile(import.meta.dirname)
const rowBatches = readerFile ? threadedRowBatches(readerFile, { log: (message) => console.warn(message) }) : undefined

port.on('message', (msg: ToWorker) => {
  if (msg.type !== 'job') return
  try {
    const tracker = new ProgressTracker((progress) => post({ type: 'progress', progress }))
    const report = runJob(db, msg.job, {
      who: data.who,
      isCancelled: () => Atomics.load(cancel, 0) === 1,
      tracker,
      onChanged: (runIds) => post({ type: 'changed', runIds }),
      kept,
      rowBatches
    })
    post({ type: 'done', id: msg.id, report })
  } catch (err) {
    // ROLLSCOPE_DEBUG (the CLI prints the stack of a failure with it): the worker's own stack, lost across the port
    const debug = process.env.ROLLSCOPE_DEBUG && err instanceof Error && err.stack ? `\n${err.stack}` : ''
    post({ type: 'failed', id: msg.id, message: (err instanceof Error ? err.message : String(err)) + debug })
  }
})
