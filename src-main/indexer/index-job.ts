import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { IndexReport, SourceStatus, TraceFormat } from '@contract/model'
import type { Db } from '../db/open-db'
import { dropEmptyRuns, dropSourceEpisodes, settleRuns } from '../db/run-membership'
import { getSource, isSettledError, upsertSource } from '../db/source-rows'
import { detectFormat } from '../formats/detect'
import { isFsError } from '../formats/readers/fs-error'
import { formatContext, type FormatContext, type Memo } from '../formats/context'
import { claimsTrace, companionTraceOf, isClaimingCompanion } from '../formats/companions'
import { appendResumePoint, tailSignature } from './append-resume'
import { indexDocument } from './index-document'
import { indexJsonlFile } from './index-jsonl-file'
import { indexTable } from './index-table'
import type { IndexJob } from './protocol'
import { ProgressTracker } from './progress-tracker'
import { canonicalUnder, walkRoots, type FoundFile } from './walk'
import { walkPaths } from './walk-paths'
import { likeUnder, rootHolding } from './path-under'
import { companionsIndexedAlone, sidecarDependents, WalkedFiles } from './sidecar-dependents'
import { buildSearchIndex, type RowBatchSource } from '../search/build-search-index'
import { collectAfterBigReads } from '../formats/readers/big-reads'
import { RunSettler } from './run-settler'
import { peakRssMb } from './peak-rss'
import { acquireWriterLock, describeHolder } from './writer-lock'

export interface JobHooks {
  /** What runs the job, as other processes waiting for this database are told ("rollscope index"). */
  who?: string
  isCancelled: () => boolean
  tracker: ProgressTracker
  onChanged: (runIds: string[]) => void
  /** What the format code keeps between jobs (FormatContext.kept), owned by the indexer's host; absent: nothing kept. */
  kept?: Memo
  /** Where the full-text pass reads its rows (transcript-reader.ts: on a thread of its own); absent: inline. */
  rowBatches?: RowBatchSource
}

/** Largest single record (JSONL line) the indexer will hold in memory. */
export const MAX_RECORD_BYTES = (Number(process.env.ROLLSCOPE_MAX_RECORD_MB) || 64) * 1e6

/**
 * Runs one job on the writer connection, holding the database's writer lock (writer-lock.ts) from its first write
 * to its end: a job of another process on the same database waits for it. Synchronous: it runs on the worker
 * thread (or inline in tests).
 */
export function runJob(db: Db, job: IndexJob, hooks: JobHooks): IndexReport {
  const started = Date.now()
  const { tracker } = hooks
  const waitMs = job.type === 'index' ? (job.waitMs ?? Infinity) : Infinity
  const lock = acquireWriterLock(db, hooks.who ?? 'a Rollscope process', waitMs, {
    isCancelled: hooks.isCancelled,
    onWait: (holder) => {
      tracker.p.state = 'waiting'
      tracker.p.message = `waiting for ${describeHolder(holder)}: it is indexing this database`
      tracker.tick()
    }
  })
  if (lock.kind === 'cancelled') {
    tracker.finish('cancelled', 'cancelled while waiting for another process indexing this database')
    return emptyReport(started)
  }
  if (lock.kind === 'busy') {
    const seconds = Math.round(lock.waitedMs / 100) / 10
    const message = `the database is being indexed by ${describeHolder(lock.holder)}; gave up after waiting ${seconds} s`
    tracker.finish('error', message)
    return { ...emptyReport(started), busy: { seconds, holder: lock.holder, message } }
  }
  try {
    if (lock.waited) {
      // the job starts now: its throughput and ETA count from here, not from when it began to wait
      tracker.p.startedAt = Date.now()
      tracker.p.message = null
    }
    const report = runLockedJob(db, job, hooks)
    if (lock.waited) report.waited = { seconds: Math.round(lock.waited.ms / 100) / 10, holder: lock.waited.holder }
    return report
  } finally {
    lock.release()
  }
}

function runLockedJob(db: Db, job: IndexJob, hooks: JobHooks): IndexReport {
  if (job.type === 'removeRoot') return removeRoot(db, job.path, hooks)
  if (job.type === 'paths')
    return indexRoots(db, { type: 'index', roots: [], scope: 'all', force: false }, hooks, job.paths)
  return indexRoots(db, job, hooks)
}

function removeRoot(db: Db, path: string, hooks: JobHooks): IndexReport {
  const started = Date.now()
  const root = resolve(path)
  const runIds = db
    .transaction(() => {
      const ids = (
        db
          .prepare(`SELECT DISTINCT e.run_id FROM episodes e JOIN sources s ON s.id = e.source_id WHERE s.root = ?`)
          .raw()
          .all(root) as [string][]
      ).map((r) => r[0])
      db.prepare('DELETE FROM sources WHERE root = ?').run(root) // cascades to their episodes
      db.prepare('DELETE FROM roots WHERE path = ?').run(root)
      settleRuns(db, ids)
      dropEmptyRuns(db)
      return ids
    })
    .immediate()
  // the sidebar's line for this job (it read no file: not "Up to date")
  hooks.tracker.finish('done', `Removed ${root} and its runs from the workspace`)
  hooks.onChanged(runIds)
  return emptyReport(started)
}

/** Indexes roots, or with `onlyPaths` just those changed paths (and forgets the ones that vanished). */
function indexRoots(
  db: Db,
  job: Extract<IndexJob, { type: 'index' }>,
  hooks: JobHooks,
  onlyPaths?: string[]
): IndexReport {
  const started = Date.now()
  const { tracker } = hooks
  const added = job.roots.map((r) => resolve(r))
  const addRoot = db.prepare('INSERT OR IGNORE INTO roots (path, added_at) VALUES (?, ?)')
  db.transaction(() => added.forEach((r) => addRoot.run(r, Date.now()))).immediate()
  const roots =
    job.scope === 'added'
      ? added
      : (db.prepare('SELECT path FROM roots ORDER BY path').raw().all() as [string][]).map((r) => r[0])

  // one context per job: companion files read once for all the traces that read them, then forgotten
  const ctx = formatContext(hooks.kept)
  tracker.p.state = 'scanning'
  tracker.tick(true)
  const partial = onlyPaths ? walkPaths(db, onlyPaths) : null
  const walk = partial ?? walkRoots(roots, hooks.isCancelled)
  const report: IndexReport = emptyReport(started)
  const changedRuns: string[] = []

  // Problems found while walking (vanished files, unreadable folders) are sources in error.
  // A harmless one (a symlink loop: what it leads to is walked anyway) is listed as no trace, not as failed. They are
  // kept with the files (the app lists them), replaced at every full walk.
  const problems = walk.problems.map((p) => ({
    ...statusOf(p.path, 0, 0, 'unknown', p.harmless ? 'unknown-format' : 'error', p.message, [], 0, null),
    walkProblem: true as const
  }))
  recordWalkProblems(
    db,
    partial ? { paths: onlyPaths ?? [] } : { roots },
    problems,
    (path) => rootHolding(roots, path) ?? path
  )
  for (const p of problems) {
    report.files.push(p)
    if (p.state === 'error') {
      report.failed++
      tracker.p.failed++
    }
  }
  const forgotten = partial
    ? forgetPaths(db, partial.missing, changedRuns)
    : forgetVanished(db, roots, new Set(walk.files.map((f) => f.path)), changedRuns)
  // said, not failed: a file deleted on purpose is no failure, but its runs went with it
  report.removed = forgotten.length
  if (forgotten.length) tracker.p.removed = forgotten.length

  const todo = pickChanged(db, walk.files, job.force, ctx)
  for (const f of walk.files) {
    if (!todo.has(f.path)) {
      const prev = getSource(db, f.path) as SourceStatus
      // a file whose content failed, unchanged: still in error (exit 1), said without reading it again
      if (prev.state === 'error') {
        report.failed++
        tracker.p.failed++
      } else report.skipped++
      report.files.push(prev.state === 'error' ? prev : { ...prev, state: 'unchanged' })
    }
  }
  const queue = walk.files.filter((f) => todo.has(f.path))
  tracker.p.state = 'indexing'
  tracker.p.filesTotal = queue.length
  tracker.p.bytesTotal = queue.reduce((n, f) => n + f.size, 0)
  tracker.tick(true)

  const read = new Set(queue.map((f) => f.path))
  // the new and changed files of this job: a folder holding one is where a late report's traces are looked for
  const walked = new WalkedFiles(read)
  // A file that is gone may have been read by others (a report, a trajectory holding its run's results-only
  // episodes): they are read again, as when a companion file changes.
  for (const gone of forgotten) {
    for (const dep of sidecarDependents(db, { path: gone.path, root: gone.root, size: 0, mtimeMs: 0 }, read, walked)) {
      read.add(dep.path)
      queue.push(dep)
    }
  }
  const settler = new RunSettler(db)
  // The queue grows while it is read: a new or changed companion file adds the trace files that read it.
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]
    if (hooks.isCancelled()) break
    tracker.p.currentFile = file.path
    tracker.tick()
    const status = indexSettledFile(db, file, walk.files, hooks, ctx, settler)
    if (status === null) break // cancelled mid-file: its previous state stays
    const requeue = (again: FoundFile): void => {
      const listed = report.files.findIndex((f) => f.path === again.path && f.state === 'unchanged')
      if (listed >= 0) {
        report.files.splice(listed, 1) // it is read again after all
        report.skipped--
      }
      read.add(again.path)
      queue.push(again)
      tracker.p.filesTotal++
      tracker.p.bytesTotal += again.size
    }
    if (status.state === 'indexed') companionsIndexedAlone(db, file, read).forEach(requeue)
    // a companion read only on demand (a trainer's metrics log) is read by no trace while indexing
    if (status.state === 'sidecar') sidecarDependents(db, file, read, walked).forEach(requeue)
    report.files.push(status)
    tracker.p.filesDone++
    if (status.state === 'error') {
      report.failed++
      tracker.p.failed++
    } else if (status.state === 'indexed') report.indexed++
    report.episodes += status.episodes
    if (status.runId) changedRuns.push(status.runId)
    hooks.onChanged(status.runId ? [status.runId] : [])
  }
  const settled = settler.flush()
  if (settled.length) hooks.onChanged(settled)
  // Every file is listed (its runs browsable); now their transcripts go into the full-text index, after a huge
  // record's garbage is collected (it is held through the pass otherwise: big-reads.ts).
  if (!hooks.isCancelled()) {
    collectAfterBigReads()
    const search = buildSearchIndex(db, {
      isCancelled: hooks.isCancelled,
      rowBatches: hooks.rowBatches,
      onSource: (left) => {
        tracker.p.currentFile = null
        tracker.p.message = `building the search index (${left} ${left === 1 ? 'file' : 'files'} left)`
        tracker.tick()
      }
    })
    tracker.p.message = null
    report.search = search
  }
  report.bytes = tracker.p.bytesDone
  report.seconds = (Date.now() - started) / 1000
  report.peakRssMb = peakRssMb()
  report.files.sort((a, b) => (a.path < b.path ? -1 : 1))
  tracker.finish(hooks.isCancelled() ? 'cancelled' : 'done')
  return report
}

/**
 * Files to (re)index: new, changed (size or mtime), in error last time, or the traces of a changed companion
 * (formats' companion rules). A file in error is read again (a chmod that makes it readable changes neither its size
 * nor its mtime), unless its content was what failed, found so by this version: that reads the same way again.
 */
function pickChanged(db: Db, files: FoundFile[], force: boolean, ctx: FormatContext): Set<string> {
  const prev = db.prepare('SELECT size, mtime_ms, state, content_error_version FROM sources WHERE path = ?')
  const todo = new Set<string>()
  for (const f of files) {
    const row = prev.get(f.path) as
      { size: number; mtime_ms: number; state: string; content_error_version: string | null } | undefined
    const unchanged = row && row.size === f.size && row.mtime_ms === f.mtimeMs
    if (force || !unchanged || (row.state === 'error' && !isSettledError(row))) todo.add(f.path)
  }
  const paths = new Set(files.map((f) => f.path))
  for (const p of [...todo]) {
    const named = companionTraceOf(p)
    if (named && paths.has(named.trace)) todo.add(named.trace)
    // a new or edited mapping file re-reads the files it claims
    if (isClaimingCompanion(p)) for (const f of files) if (claimsTrace(p, f.path, ctx)) todo.add(f.path)
  }
  return todo
}

/** Removes the walk problems at or below these paths. */
function dropWalkProblemsAt(db: Db, paths: string[]): void {
  const drop = db.prepare(`DELETE FROM sources WHERE walk_problem = 1 AND (path = ? OR path LIKE ? ESCAPE '\\')`)
  for (const p of paths) drop.run(p, likeUnder(p))
}

/**
 * The walk's problems as source rows (walk_problem = 1), so the app lists them with the files: after a full walk of
 * `roots`, or a walk of the watcher's changed `paths`, the problems under them are exactly these.
 */
function recordWalkProblems(
  db: Db,
  walked: { roots: string[] } | { paths: string[] },
  problems: SourceStatus[],
  rootOf: (path: string) => string
): void {
  db.transaction(() => {
    if ('roots' in walked) {
      if (walked.roots.length)
        db.prepare(
          `DELETE FROM sources WHERE walk_problem = 1 AND root IN (${walked.roots.map(() => '?').join(',')})`
        ).run(...walked.roots)
    } else dropWalkProblemsAt(db, walked.paths)
    // a path indexed as a file keeps its row (a file that vanished mid-walk is forgotten as a file)
    const upsert = db.prepare(
      `INSERT INTO sources (path, root, size, mtime_ms, format, state, error, warnings_json, episodes, indexed_bytes,
         indexed_at, walk_problem)
       VALUES (?, ?, 0, 0, 'unknown', ?, ?, '[]', 0, 0, ?, 1)
       ON CONFLICT(path) DO UPDATE SET state = excluded.state, error = excluded.error, indexed_at = excluded.indexed_at
       WHERE sources.walk_problem = 1`
    )
    for (const p of problems) upsert.run(p.path, rootOf(p.path), p.state, p.error, Date.now())
  }).immediate()
}

/**
 * Sources under these roots whose file is gone: their runs and their rows are dropped (the job's `removed` count says
 * so once; a row kept "in error" listed a file deleted on purpose as failed until its root was removed). A source
 * whose path still leads to a file the walk now names otherwise (through a symlinked folder: `latest/…` for
 * `run_a/…`, as walks before issue 17 named them) is not gone: its row goes, and its labels and notes are moved to
 * the new name (source_renames, applied by the engine, which owns the labels file).
 */
function forgetVanished(db: Db, roots: string[], present: Set<string>, changedRuns: string[]): Forgotten[] {
  const rows = db
    .prepare(
      `SELECT id, path, root FROM sources WHERE root IN (${roots.map(() => '?').join(',') || "''"}) AND walk_problem = 0`
    )
    .all(...roots) as Forgotten[]
  const missing = rows.filter((r) => !present.has(r.path))
  const renamed = missing.flatMap((r) => {
    const name = existsSync(r.path) ? canonicalUnder(r.root, r.path) : r.path
    return name !== r.path && present.has(name) ? [{ ...r, name }] : []
  })
  for (const r of renamed) {
    db.transaction(() => {
      dropSource(db, r.id, changedRuns)
      db.prepare('INSERT OR REPLACE INTO source_renames (old_path, new_path) VALUES (?, ?)').run(r.path, r.name)
    }).immediate()
  }
  const gone = new Set(renamed.map((r) => r.id))
  return forgetSources(
    db,
    missing.filter((r) => !gone.has(r.id)),
    changedRuns
  )
}

interface Forgotten {
  id: number
  path: string
  root: string
}

/** The watcher saw these paths disappear: forget the sources at or below them. */
function forgetPaths(db: Db, paths: string[], changedRuns: string[]): Forgotten[] {
  // a walk problem at a path now gone (a broken link removed) just goes: it was no file
  dropWalkProblemsAt(db, paths)
  const get = db.prepare(`SELECT id, path, root FROM sources WHERE path = ? OR path LIKE ? ESCAPE '\\'`)
  const rows = paths.flatMap((p) => get.all(p, likeUnder(p)) as Forgotten[])
  return forgetSources(db, rows, changedRuns)
}

function forgetSources(db: Db, rows: Forgotten[], changedRuns: string[]): Forgotten[] {
  for (const r of rows) db.transaction(() => dropSource(db, r.id, changedRuns)).immediate()
  return rows
}

/** A source's episodes, what they counted in their runs, and its row. */
function dropSource(db: Db, id: number, changedRuns: string[]): void {
  const runs = dropSourceEpisodes(db, id)
  changedRuns.push(...runs)
  settleRuns(db, runs)
  db.prepare('DELETE FROM sources WHERE id = ?').run(id)
}

/** What a file's writer may still be doing to it: its size and modification time now (null: gone). */
function statNow(path: string): { size: number; mtimeMs: number } | null {
  try {
    const st = statSync(path)
    return { size: st.size, mtimeMs: st.mtimeMs }
  } catch {
    return null
  }
}

/**
 * Whether a file was rewritten while it was read: modified since the walk saw it, and not longer (a file that only
 * grew is a running eval's: the next pass reads what was appended, from where this one stopped). What was read of a
 * rewritten file may be part one version and part the other (a benchmark rewriting results.jsonl in place: a run
 * half of old rewards, half of new, with a headline neither version had).
 */
export function rewrittenWhileRead(
  before: { size: number; mtimeMs: number },
  now: { size: number; mtimeMs: number } | null
): boolean {
  return now !== null && now.mtimeMs !== before.mtimeMs && now.size <= before.size
}

const REWRITTEN_TWICE =
  'rewritten while it was read, twice: what is indexed may mix two versions of the file; it is read again at the next index'

/**
 * indexOneFile, and once more when the file was rewritten while it was read (see rewrittenWhileRead); rewritten
 * during that read too, it keeps what was read with a warning saying so (and its stored time is not the file's, so
 * the next index reads it again).
 */
function indexSettledFile(
  db: Db,
  file: FoundFile,
  all: FoundFile[],
  hooks: JobHooks,
  ctx: FormatContext,
  settler: RunSettler
): SourceStatus | null {
  const first = indexOneFile(db, file, all, hooks, ctx, settler)
  const now = statNow(file.path)
  if (first?.state !== 'indexed' || now === null || !rewrittenWhileRead(file, now)) return first
  const again = { ...file, ...now }
  hooks.tracker.p.bytesTotal += again.size
  const second = indexOneFile(db, again, all, hooks, ctx, settler)
  if (second?.state !== 'indexed' || !rewrittenWhileRead(again, statNow(file.path))) return second
  db.prepare(`UPDATE sources SET warnings_json = json_insert(warnings_json, '$[#]', ?) WHERE path = ?`).run(
    REWRITTEN_TWICE,
    file.path
  )
  return { ...second, warnings: [...second.warnings, REWRITTEN_TWICE] }
}

/** Detects and indexes one file in its own transaction. Returns null when cancelled mid-file. */
function indexOneFile(
  db: Db,
  file: FoundFile,
  all: FoundFile[],
  hooks: JobHooks,
  ctx: FormatContext,
  settler: RunSettler
): SourceStatus | null {
  const { tracker } = hooks
  const base = { path: file.path, root: file.root, size: file.size, mtimeMs: file.mtimeMs }
  const bytesBefore = tracker.p.bytesDone
  const episodesBefore = tracker.p.episodes
  const detection = detectFormat(file.path, file.size, MAX_RECORD_BYTES, ctx)
  // the file's row before its episodes are written: pending, counts at zero (set when the transaction ends)
  // (a document's reading warnings already: its run's warnings, settled inside the transaction, read them)
  const pendingSource = (format: TraceFormat, warnings: string[] = []): number =>
    upsertSource(db, { ...base, format, state: 'pending', error: null, warnings, episodes: 0, indexedBytes: 0 })
  const simple = (
    format: TraceFormat,
    state: SourceStatus['state'],
    error: string | null,
    warnings: string[] = [],
    contentError = false
  ): SourceStatus => {
    db.transaction(() => {
      const id = upsertSource(db, {
        ...base,
        format,
        state,
        error,
        warnings,
        episodes: 0,
        indexedBytes: 0,
        contentError
      })
      settleRuns(db, dropSourceEpisodes(db, id))
    }).immediate()
    tracker.p.bytesDone = bytesBefore + file.size
    return statusOf(file.path, file.size, file.mtimeMs, format, state, error, warnings, 0, null)
  }
  // an error: of the file system when `cause` is a system error (read again next time), else of the content
  const failed = (format: TraceFormat, message: string, cause: unknown = null): SourceStatus =>
    simple(format, 'error', message, [], !isFsError(cause))
  // a file read whole (a document, a table): its status once its transaction ended, the progress counted
  const finished = (
    format: TraceFormat,
    state: SourceStatus['state'],
    error: string | null,
    warnings: string[],
    episodes: number,
    runId: string | null
  ): SourceStatus => {
    tracker.p.bytesDone = bytesBefore + file.size
    tracker.p.episodes = episodesBefore + episodes
    return statusOf(file.path, file.size, file.mtimeMs, format, state, error, warnings, episodes, runId)
  }

  // a file named as the companion of a trace beside it, whose content no format knows or is of the format that names
  // it (a trainer's `effective` subset beside its `all` file), is listed as that companion: the trace reads it
  const named = companionTraceOf(file.path)
  const detected =
    detection.kind === 'jsonl' || detection.kind === 'document' || detection.kind === 'table'
      ? detection.adapter.format
      : null
  if (
    named &&
    (detection.kind === 'unknown' || detected === named.format) &&
    (all.some((f) => f.path === named.trace) || existsSync(named.trace))
  ) {
    return simple(named.format, 'sidecar', null)
  }
  switch (detection.kind) {
    case 'unreadable':
      return simple('unknown', 'error', detection.message, [], !detection.fs)
    case 'unknown':
      return simple('unknown', 'unknown-format', detection.message)
    case 'lfs-pointer':
      return simple('lfs-pointer', 'not-downloaded', detection.message)
    case 'companion':
      return simple(detection.format, 'sidecar', null, detection.warnings)
    case 'failed':
      return failed(detection.format, detection.message)
    case 'document': {
      const { adapter, doc } = detection
      const readWarnings = detection.warnings ?? []
      let outcome
      try {
        outcome = db
          .transaction(() => {
            const id = pendingSource(adapter.format, readWarnings)
            const before = dropSourceEpisodes(db, id)
            const o = indexDocument(db, id, file.path, file.size, adapter, doc, ctx, (runId) => settler.fileDone(runId))
            settleRuns(
              db,
              before.filter((r) => !o.runIds.includes(r))
            )
            upsertSource(db, {
              ...base,
              format: adapter.format,
              state: o.error ? 'error' : o.sidecar ? 'sidecar' : 'indexed',
              error: o.error,
              contentError: o.error !== null,
              warnings: [...readWarnings, ...o.warnings],
              episodes: o.episodes,
              indexedBytes: file.size
            })
            return { ...o, warnings: [...readWarnings, ...o.warnings] }
          })
          .immediate()
      } catch (err) {
        return failed(adapter.format, describeIndexError(err), err)
      }
      return finished(
        adapter.format,
        outcome.error ? 'error' : outcome.sidecar ? 'sidecar' : 'indexed',
        outcome.error,
        outcome.warnings,
        outcome.episodes,
        outcome.runIds[0] ?? null
      )
    }
    case 'table': {
      const { adapter, table } = detection
      let outcome
      try {
        outcome = db
          .transaction(() => {
            const id = pendingSource(adapter.format)
            const before = dropSourceEpisodes(db, id)
            const o = indexTable(db, id, file.path, adapter, table, ctx, {
              isCancelled: hooks.isCancelled,
              onGroup: (fraction, episodes) => {
                tracker.p.bytesDone = bytesBefore + Math.round(file.size * fraction)
                tracker.p.episodes = episodesBefore + episodes
                tracker.tick()
              }
            })
            if (o.cancelled) throw new CancelledError()
            // a file that cannot be used leaves nothing of what it wrote: the error is recorded on its own below
            if (o.error) throw new TableFailed(o.error)
            settleRuns(
              db,
              before.filter((r) => r !== o.runId)
            )
            upsertSource(db, {
              ...base,
              format: adapter.format,
              state: 'indexed',
              error: null,
              warnings: o.warnings,
              episodes: o.episodes,
              indexedBytes: file.size
            })
            return o
          })
          .immediate()
      } catch (err) {
        if (err instanceof CancelledError) return null
        return failed(adapter.format, describeIndexError(err), err)
      }
      return finished(adapter.format, 'indexed', null, outcome.warnings, outcome.episodes, outcome.runId)
    }
    case 'jsonl': {
      const adapter = detection.adapter
      let header
      try {
        header = adapter.readRunHeader(file.path)
      } catch (err) {
        return failed(adapter.format, `could not read the run header: ${(err as Error).message}`, err)
      }
      // A file that only grew (live tail of a running eval) is read from where the last pass stopped.
      const resume = appendResumePoint(db, file, adapter.format)
      let outcome
      try {
        outcome = db
          .transaction(() => {
            const id = resume ? resume.sourceId : pendingSource(adapter.format)
            const before = resume ? [] : dropSourceEpisodes(db, id)
            if (resume) tracker.p.bytesDone += resume.offset // already indexed: not read again
            const hooksForFile = {
              isCancelled: hooks.isCancelled,
              settleShared: (runId: string) => settler.fileDone(runId),
              onBytes: (n: number, episodes: number) => {
                tracker.p.bytesDone += n
                tracker.p.episodes = episodesBefore + episodes
                tracker.tick()
              }
            }
            const o = indexJsonlFile(
              db,
              id,
              file.path,
              adapter,
              header,
              MAX_RECORD_BYTES,
              hooksForFile,
              resume ? { offset: resume.offset, ordinal: resume.nextOrdinal, line: resume.nextLine } : undefined,
              ctx
            )
            if (o.cancelled) throw new CancelledError()
            if (resume) {
              o.episodes += resume.episodes
              o.warnings = [...resume.warnings, ...o.warnings]
            }
            // Runs this file fed before (other than the one just settled) lost its episodes; a failed file's run is empty.
            const stale = before.filter((r) => r !== o.runId)
            settleRuns(db, o.error ? [...stale, o.runId] : stale)
            if (o.error) {
              upsertSource(db, {
                ...base,
                format: adapter.format,
                state: 'error',
                error: o.error,
                contentError: true,
                warnings: o.warnings,
                episodes: 0,
                indexedBytes: o.indexedBytes
              })
            } else {
              upsertSource(db, {
                ...base,
                format: adapter.format,
                state: 'indexed',
                error: null,
                warnings: o.warnings,
                episodes: o.episodes,
                indexedBytes: o.indexedBytes,
                indexedLines: o.indexedLines,
                tailSig: tailSignature(file.path, o.indexedBytes)
              })
            }
            return o
          })
          .immediate()
      } catch (err) {
        if (err instanceof CancelledError) return null
        return failed(adapter.format, describeIndexError(err), err)
      }
      tracker.p.bytesDone = bytesBefore + file.size
      return statusOf(
        file.path,
        file.size,
        file.mtimeMs,
        adapter.format,
        outcome.error ? 'error' : 'indexed',
        outcome.error,
        outcome.warnings,
        outcome.error ? 0 : outcome.episodes,
        outcome.error ? null : outcome.runId
      )
    }
  }
}

class CancelledError extends Error {}
/** A table that cannot be used: thrown inside its transaction so that none of its rows stay. */
class TableFailed extends Error {}

function describeIndexError(err: unknown): string {
  const e = err as NodeJS.ErrnoException
  if (e?.code === 'ENOENT') return 'file vanished while it was being indexed'
  if (e?.code === 'EACCES') return 'permission denied'
  return e instanceof Error ? e.message : String(err)
}

function statusOf(
  path: string,
  size: number,
  mtimeMs: number,
  format: TraceFormat,
  state: SourceStatus['state'],
  error: string | null,
  warnings: string[],
  episodes: number,
  runId: string | null
): SourceStatus {
  return { path, size, mtimeMs, format, state, error, warnings, episodes, runId, indexedAt: Date.now() }
}

function emptyReport(started: number): IndexReport {
  return {
    files: [],
    indexed: 0,
    skipped: 0,
    failed: 0,
    removed: 0,
    episodes: 0,
    bytes: 0,
    seconds: (Date.now() - started) / 1000,
    peakRssMb: peakRssMb()
  }
}
