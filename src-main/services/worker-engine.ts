/**
 * The engine on its own worker thread, for long-lived hosts (the desktop app, browser mode): their thread stays
 * free for windows, menus and HTTP while a query runs. The read-only methods go to a pool of reader threads beside
 * it (reader-pool.ts), so several users, or the calls of one page load, are answered in parallel and never wait
 * behind an index job's bookkeeping or another user's slow query. One-shot CLI commands and unit tests use
 * createEngine().
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Engine, EngineOptions } from './engine-types'
import { connectEngine, errorFromApi } from './engine-thread-client'
import type { FromEngine } from './engine-thread-protocol'
import { findWorkerFile } from './indexer-client'
import type { FromReader, ReaderOptions } from './reader-protocol'
import { createReaderPool, type ReaderHandle, type ReaderPool } from './reader-pool'
import { routeApi, routeJson } from './routed-api'
import { READER_RESOURCE_LIMITS, WORKER_RESOURCE_LIMITS } from './worker-limits'

/**
 * What a reader keeps, kept small: every reader is a V8 isolate with its own caches, and browser mode on a 5 GB
 * training run must stay under 500 MB with the indexer running beside them (the bench's training phase measures it).
 * Page cache of its connection, MB (the engine's and the indexer's have 16; the OS page cache holds the file anyway).
 */
export const READER_CACHE_MB = 4
/** Search hit rows a reader keeps, characters (the engine's connection keeps 16 M). */
export const READER_HIT_ROW_CHARS = 2_000_000
/** Orders, counts and ranked windows a reader keeps, bytes (db/query-cache.ts; ~10 filtered orders of 50,000 rows). */
export const READER_ANSWER_CACHE_BYTES = 6_000_000
/** A reader beyond the first that stayed idle this long is ended (its memory returned once a burst of calls is over). */
export const READER_IDLE_MS = 15_000
/**
 * How long a call waits for the busy reader holding its query's order before another reader works it out again: a
 * cached page costs a few ms, a filtered order of 50,000 episodes found anew 50-300 ms.
 */
export const READER_PATIENCE_MS = 100

/** Readers for this machine: one per core, at most four (SQLite reads here are CPU-bound once the file is cached). */
export function readerPoolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores))
}

/** Starts the engine thread and resolves once its database is open (a failure to open rejects, as createEngine throws). */
export function createWorkerEngine(
  options: EngineOptions,
  workerFile = findWorkerFile(import.meta.dirname, 'engine-worker.js'),
  readerFile = findWorkerFile(import.meta.dirname, 'reader-worker.js'),
  readers = readerPoolSize()
): Promise<Engine> {
  const worker = new Worker(workerFile, { workerData: options, resourceLimits: WORKER_RESOURCE_LIMITS })
  let pool: ReaderPool | null = null
  const engine = connectEngine(worker, async () => {
    await pool?.close()
    await worker.terminate()
  })
  return new Promise((resolve, reject) => {
    const onStart = (m: FromEngine): void => {
      if (m.type === 'ready') {
        // after the engine thread opened (and migrated) the database: readers only read the schema it left
        pool = startReaders(options, readerFile, readers)
        resolve({ ...engine, api: routeApi(engine.api, pool), readJson: routeJson(pool, engine.api) })
      } else if (m.type === 'startFailed') reject(new Error(m.message))
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
      void pool?.close()
      reject(err)
    })
  })
}

function startReaders(options: EngineOptions, readerFile: string, max: number): ReaderPool {
  const data: ReaderOptions = {
    dbPath: options.dbPath,
    info: {
      version: options.version,
      mode: options.mode === 'desktop' ? 'desktop' : 'browser',
      platform: process.platform
    },
    cacheMb: READER_CACHE_MB,
    hitRowChars: READER_HIT_ROW_CHARS,
    answerCacheBytes: READER_ANSWER_CACHE_BYTES
  }
  return createReaderPool({
    min: 1,
    max,
    idleMs: READER_IDLE_MS,
    patienceMs: READER_PATIENCE_MS,
    errorFromApi,
    spawn: (): ReaderHandle => {
      const w = new Worker(readerFile, { workerData: data, resourceLimits: READER_RESOURCE_LIMITS })
      w.unref()
      return {
        postMessage: (m) => w.postMessage(m),
        on: (_event, listener) => w.on('message', listener as (m: FromReader) => void),
        onExit(listener) {
          w.on('error', (err) => listener(err))
          w.on('exit', (code) => listener(new Error(`a reader thread stopped (exit code ${code})`)))
        },
        terminate: () => w.terminate()
      }
    }
  })
}
