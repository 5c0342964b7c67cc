import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AppInfo, TraceApi } from '@contract/api'
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { IndexProgress, Workspace } from '@contract/model'
import type { Db } from '../db/open-db'
import { listEpisodes } from '../db/episode-rows'
import { getRun, listRuns } from '../db/run-rows'
import { refreshRunSummary } from '../db/run-summary'
import { listSources } from '../db/source-rows'
import { listTaskGroups } from '../db/task-groups'
import { rawText, readEpisode, readEpisodeParts } from './episode-reader'
import { toPreview } from './episode-preview'
import { compareRuns } from '../compare/compare-runs'
import { compareSeries } from '../compare/compare-series'
import { compareMany } from '../compare/compare-many'
import { breakdownRun } from '../compare/breakdown'
import { CurveCache, trainingCurve, withProducerSteps } from '../compare/training-curve'
import { producerStepLog } from '../formats/producer-step-log'
import { compareReportHtml } from '../report/html-report'
import type { IndexerClient } from './indexer-client'
import { writeWithRetry } from './write-retry'
import { RANK_WINDOW, search } from '../search/search'
import { HitRowCache } from '../search/hit-rows'
import { createLabelsService } from '../labels/labels-service'
import { planExport } from '../export/plan-export'
import { previewEpisodesExport } from '../export/preview-export'

export interface ServiceDeps {
  db: Db
  /** The labels database's own connection (it is also attached to `db` as `labels`, for reads that join). */
  labelsDb: Db
  indexer: IndexerClient
  progress: () => IndexProgress
  info: AppInfo
  dbPath: string
  demoPath: string | null
  /** Runs a background index job and reports its failure as an event instead of losing it. */
  background: (job: Parameters<IndexerClient['run']>[0]) => void
}

/** The TraceApi over the host's database connection. Reads are synchronous SQLite; writes go to the indexer. */
export function createTraceService(d: ServiceDeps): TraceApi {
  const workspace = (): Workspace => ({
    roots: (d.db.prepare('SELECT path FROM roots ORDER BY path').raw().all() as [string][]).map((r) => r[0]),
    sources: listSources(d.db),
    progress: d.progress(),
    dbPath: d.dbPath,
    demoPath: d.demoPath
  })
  /** Records roots at once on this connection, so the workspace returned (and read next) already lists them. */
  const saveRoots = (roots: string[]): Promise<void> =>
    writeWithRetry(() => {
      const add = d.db.prepare('INSERT OR IGNORE INTO roots (path, added_at) VALUES (?, ?)')
      d.db.transaction(() => roots.forEach((r) => add.run(r, Date.now())))()
    })
  const runOrThrow = (runId: string) => {
    const run = getRun(d.db, runId)
    if (!run) throw new NotFoundError(`no run with id ${runId}`)
    return run
  }
  // the steps of training curves already read, reused while unchanged (a reopened or live run reads only new steps)
  const curves = new CurveCache()
  // the rows of episodes whose hits were shown lately (search/hit-rows.ts)
  const hitRows = new HitRowCache(16_000_000)

  const api: TraceApi = {
    ...createLabelsService(d.db, d.labelsDb, runOrThrow),
    async appInfo() {
      return d.info
    },
    async getWorkspace() {
      return workspace()
    },
    async addPaths(paths) {
      const missing = paths.filter((p) => !existsSync(resolve(p)))
      if (missing.length) throw new BadRequestError(`not found: ${missing.join(', ')}`)
      const roots = paths.map((p) => resolve(p))
      await saveRoots(roots)
      d.background({ type: 'index', roots, scope: 'added', force: false })
      return workspace()
    },
    async removeRoot(path) {
      await d.indexer.run({ type: 'removeRoot', path: resolve(path) })
      return workspace()
    },
    async reindex({ force }) {
      d.background({ type: 'index', roots: [], scope: 'all', force })
      return workspace()
    },
    async cancelIndex() {
      d.indexer.cancel()
      return d.progress()
    },
    async getProgress() {
      return d.progress()
    },
    async openDemo() {
      if (!d.demoPath || !existsSync(d.demoPath)) throw new NotFoundError('the demo workspace is not installed')
      await saveRoots([d.demoPath])
      d.background({ type: 'index', roots: [d.demoPath], scope: 'added', force: false })
      return workspace()
    },
    async listRuns() {
      return listRuns(d.db)
    },
    async getRun(runId) {
      return runOrThrow(runId)
    },
    async setPassThreshold(runId, threshold) {
      runOrThrow(runId)
      await writeWithRetry(() =>
        d.db.transaction(() => {
          d.db.prepare('UPDATE runs SET pass_threshold_user = ? WHERE id = ?').run(threshold, runId)
          refreshRunSummary(d.db, runId)
        })()
      )
      return runOrThrow(runId)
    },
    async listEpisodes(query) {
      // A filter may name any metric of the runs listed (a view over several runs).
      const metrics = new Set(
        [query.runId, ...(query.runIds ?? [])].flatMap((id) => runOrThrow(id).metrics.map((m) => m.name))
      )
      return listEpisodes(d.db, query, metrics)
    },
    async listTaskGroups(query) {
      const run = runOrThrow(query.runId)
      return listTaskGroups(d.db, query, new Set(run.metrics.map((m) => m.name)))
    },
    async getEpisode(episodeId) {
      return readEpisode(d.db, episodeId)
    },
    async getEpisodePreview(episodeId) {
      return toPreview(readEpisodeParts(d.db, episodeId).detail)
    },
    async getEpisodeTurns(episodeId) {
      return readEpisodeParts(d.db, episodeId).detail.turns
    },
    async getEpisodeRaw(episodeId) {
      return rawText(readEpisodeParts(d.db, episodeId).rawValue)
    },
    async planExport(request) {
      // an export reads through this same API (page by page), so it plans and runs like any other caller
      return (await planExport(api, request)).plan
    },
    async previewExport(request) {
      return previewEpisodesExport(api, request)
    },
    async compareRuns(runA, runB, options) {
      return compareRuns(d.db, runOrThrow(runA), runOrThrow(runB), options ?? {})
    },
    async compareSeries(runIds, options) {
      return compareSeries(d.db, runIds.map(runOrThrow), options ?? {})
    },
    async compareReportHtml(runA, runB, options) {
      return compareReportHtml(compareRuns(d.db, runOrThrow(runA), runOrThrow(runB), options ?? {}))
    },
    async compareMany(runIds, options) {
      return compareMany(d.db, runIds.map(runOrThrow), options ?? {})
    },
    async breakdownRun(runId, fields) {
      return breakdownRun(d.db, runOrThrow(runId), fields)
    },
    async trainingCurve(runId) {
      const run = runOrThrow(runId)
      return withProducerSteps(trainingCurve(d.db, run, curves), producerStepLog(run.header))
    },
    async search(query, options) {
      return search(d.db, query, options ?? {}, RANK_WINDOW, hitRows)
    }
  }
  return api
}
