import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { IndexProgress, IndexReport } from '@contract/model'
import type { FromWorker, IndexJob, WorkerData } from '../indexer/protocol'
import { WORKER_RESOURCE_LIMITS } from './worker-limits'

/** Runs index jobs one after another, on a worker thread or inline, and reports their events. */
export interface IndexerClient {
  run(job: IndexJob): Promise<IndexReport>
  cancel(): void
  /** True while a job runs or waits. */
  busy(): boolean
  close(): Promise<void>
}

export interface IndexerEvents {
  onProgress(p: IndexProgress): void
  onChanged(runIds: string[]): void
}

/** Finds a built worker file: next to the bundle entry or one folder up (chunks/ → main/). */
export function findWorkerFile(fromDir: string, name = 'indexer-worker.js'): string {
  for (const candidate of [join(fromDir, name), join(dirname(fromDir), name)]) {
    if (existsSync(candidate)) return candidate
  }
  throw new Error(`${name} not found near ${fromDir}: run \`npm run build\` first`)
}

/** Indexer on a worker thread: the host's thread (Electron main, HTTP server) never blocks on indexing. */
export function createWorkerIndexer(
  dbPath: string,
  events: IndexerEvents,
  workerFile: string,
  who: string
): IndexerClient {
  const cancelFlag = new SharedArrayBuffer(4)
  const cancelView = new Int32Array(cancelFlag)
  const data: WorkerData = { dbPath, cancelFlag, who }
  const worker = new Worker(workerFile, { workerData: data, resourceLimits: WORKER_RESOURCE_LIMITS })
  worker.unref()
  const pending = new Map<number, { resolve: (r: IndexReport) => void; reject: (e: Error) => void }>()
  let nextId = 1
  let dead: Error | null = null

  worker.on('message', (m: FromWorker) => {
    if (m.type === 'progress') events.onProgress(m.progress)
    else if (m.type === 'changed') events.onChanged(m.runIds)
    else {
      const p = pending.get(m.id)
      pending.delete(m.id)
      if (pending.size === 0) Atomics.store(cancelView, 0, 0)
      if (m.type === 'done') p?.resolve(m.report)
      else p?.reject(new Error(m.message))
    }
  })
  const fail = (err: Error): void => {
    dead = err
    for (const p of pending.values()) p.reject(err)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => code !== 0 && fail(new Error(`indexer worker exited with code ${code}`)))

  return {
    run(job) {
      if (dead) return Promise.reject(dead)
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage({ type: 'job', id, job })
      })
    },
    cancel() {
      // Cancels the running job and everything queued behind it; cleared when the queue drains.
      if (pending.size) Atomics.store(cancelView, 0, 1)
    },
    busy: () => pending.size > 0,
    async close() {
      Atomics.store(cancelView, 0, 1)
      await worker.terminate()
    }
  }
}
