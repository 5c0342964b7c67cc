import type { TraceEvent } from '@contract/api'
import type { IndexProgress } from '@contract/model'
import { idleProgress } from '@contract/progress'
import { openDb } from '../db/open-db'
import type { IndexJob } from '../indexer/protocol'
import type { Engine, EngineOptions } from './engine-types'
import { createWorkerIndexer, findWorkerFile, type IndexerClient, type IndexerEvents } from './indexer-client'
import { createInlineIndexer } from './inline-indexer'
import { createTraceService } from './trace-service'
import { runExport } from '../export/plan-export'
import { createRootWatcher } from './watcher'
import { attachLabels, labelsDbPath, openLabelsDb } from '../labels/labels-db'
import { labelUpkeep } from '../labels/label-upkeep'

/**
 * Wires the engine for a host: the database (migrated here, on the host's connection), the indexer
 * (worker thread by default), the TraceApi and the event stream.
 */
export function createEngine(options: EngineOptions): Engine {
  const db = openDb(options.dbPath)
  // The host thread must never wait on the indexer's write lock: fail fast, retry asynchronously.
  db.pragma('busy_timeout = 0')
  // Labels live in their own file next to the index, so a rebuilt index keeps them (see labels/labels-db.ts).
  const labelsDb = openLabelsDb(labelsDbPath(options.dbPath))
  attachLabels(db, labelsDbPath(options.dbPath))
  // labels learn what the last jobs found: renamed sources, fingerprints of episodes labelled before them
  const upkeep = (): void => {
    try {
      labelUpkeep(db, labelsDb)
    } catch (err) {
      // one line: a damaged file's stack trace buried what the command said next
      console.error(`rollscope: bringing labels up to date failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  upkeep()
  const listeners = new Set<(e: TraceEvent) => void>()
  const emit = (e: TraceEvent): void => listeners.forEach((l) => l(e))
  let progress: IndexProgress = idleProgress()

  // Live tail: changed paths under the roots become small index jobs (only what changed is read).
  const watcher = options.watch ? createRootWatcher((paths) => background({ type: 'paths', paths })) : null
  const watchRoots = (): void =>
    watcher?.setRoots((db.prepare('SELECT path FROM roots').raw().all() as [string][]).map((r) => r[0]))

  // Runs a job changed, whose training curves are read once it is done (warmCurves).
  const touched = new Set<string>()
  let closed = false
  const events: IndexerEvents = {
    onProgress(p) {
      progress = p
      if (p.state === 'done' && !closed) upkeep()
      emit({ name: 'indexProgress', payload: p })
      // after the engine was created (an inline job may finish inside createEngine)
      if (options.watch && p.state === 'done') setTimeout(() => void warmCurves(), 0)
    },
    onChanged(runIds) {
      watchRoots() // roots may have been added or removed by the job
      runIds.forEach((id) => touched.add(id))
      emit({ name: 'workspaceChanged', payload: { runIds } })
    }
  }
  // what other processes waiting for this database are told runs the job
  const who =
    options.mode === 'cli' ? 'rollscope index' : options.mode === 'browser' ? 'rollscope serve' : 'the Rollscope app'
  const indexer: IndexerClient =
    options.indexer === 'inline'
      ? createInlineIndexer(db, events, who)
      : createWorkerIndexer(options.dbPath, events, findWorkerFile(import.meta.dirname), who)

  watchRoots()
  const background = (job: IndexJob): void => {
    indexer.run(job).catch((err: Error) => {
      progress = { ...progress, state: 'error', message: err.message, finishedAt: Date.now() }
      emit({ name: 'indexProgress', payload: progress })
    })
  }
  // A watching host (the app, browser mode) catches up with what changed while it was closed: files appended to,
  // added or removed under the roots, and files a migration marked for a re-read. Unchanged files cost a stat.
  if (options.watch && db.prepare('SELECT 1 FROM roots LIMIT 1').get())
    background({ type: 'index', roots: [], scope: 'all', force: false })

  const api = createTraceService({
    db,
    labelsDb,
    indexer,
    progress: () => progress,
    info: {
      version: options.version,
      mode: options.mode === 'desktop' ? 'desktop' : 'browser',
      platform: process.platform
    },
    dbPath: options.dbPath,
    demoPath: options.demoPath,
    background
  })

  /**
   * The training curves of the runs the last jobs changed, read while nobody waits on them: the engine keeps each
   * step's figures (CurveCache), so the curve screen opens without reading a 256k-episode run, and a live run's new
   * step costs a read of that step alone. Watching hosts only (the app, browser mode).
   */
  async function warmCurves(): Promise<void> {
    const ids = [...touched]
    touched.clear()
    for (const id of ids) {
      if (closed) return
      const run = await api.getRun(id).catch(() => null)
      if (run && run.trainingSteps > 0 && !closed) await api.trainingCurve(id).catch(() => undefined)
    }
  }

  return {
    api,
    exportTo: (request, sink) => runExport(api, request, sink),
    async indexPaths(paths, opts = {}) {
      const off = opts.onProgress
        ? subscribe((e) => e.name === 'indexProgress' && opts.onProgress?.(e.payload as IndexProgress))
        : null
      try {
        return await indexer.run({
          type: 'index',
          roots: paths,
          scope: 'added',
          force: opts.force ?? false,
          waitMs: opts.waitMs
        })
      } finally {
        off?.()
      }
    },
    onEvent: subscribe,
    async close() {
      closed = true
      watcher?.close()
      await indexer.close()
      db.close()
      labelsDb.close()
    }
  }

  function subscribe(l: (e: TraceEvent) => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  }
}
