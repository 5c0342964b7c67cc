/**
 * The engine on its own worker thread, for long-lived hosts (the desktop app, browser mode): their thread stays
 * free for windows, menus and HTTP while a query runs. One-shot CLI commands and unit tests use createEngine().
 */
import { Worker } from 'node:worker_threads'
import type { Engine, EngineOptions } from './engine-types'
import { connectEngine } from './engine-thread-client'
import type { FromEngine } from './engine-thread-protocol'
import { findWorkerFile } from './indexer-client'
import { WORKER_RESOURCE_LIMITS } from './worker-limits'

/** Starts the engine thread and resolves once its database is open (a failure to open rejects, as createEngine throws). */
export function createWorkerEngine(
  options: EngineOptions,
  workerFile = findWorkerFile(import.meta.dirname, 'engine-worker.js')
): Promise<Engine> {
  const worker = new Worker(workerFile, { workerData: options, resourceLimits: WORKER_RESOURCE_LIMITS })
  const engine = connectEngine(worker, async () => {
    await worker.terminate()
  })
  return new Promise((resolve, reject) => {
    const onStart = (m: FromEngine): void => {
      if (m.type === 'ready') resolve(engine)
      else if (m.type === 'startFailed') reject(new Error(m.message))
      else return
      worker.off('message', onStart)
    }
    worker.on('message', onStart)
    worker.on('error', (err) => {
      engine.fail(err)
      reject(err)
    })
    worker.on('exit', (code) => {
      const err = new Error(`the engine thread stopped (exit code ${code})`)
      engine.fail(err)
      reject(err)
    })
  })
}
