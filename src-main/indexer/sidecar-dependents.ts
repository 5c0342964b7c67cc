import { statSync } from 'node:fs'
import { dirname, sep } from 'node:path'
import type { Db } from '../db/open-db'
import type { FoundFile } from './walk'
import { likeUnder } from './path-under'
import { companionTraceOf } from '../formats/companions'

/** How far above a companion file to look for the trace files it describes (a harness log tree is ~5 deep). */
const MAX_LEVELS_UP = 6

/**
 * The new and changed files of a job, sorted for prefix look-ups: whether a folder holds one is a binary search, so
 * a job with thousands of sidecars over 100k files stays fast.
 */
export class WalkedFiles {
  readonly #sorted: string[]
  constructor(paths: Iterable<string>) {
    this.#sorted = [...paths].sort()
  }
  /** Whether a file other than `except` lies under `dir` (at any depth). */
  hasUnder(dir: string, except: string): boolean {
    const prefix = dir.endsWith(sep) ? dir : dir + sep
    let lo = 0
    let hi = this.#sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.#sorted[mid] < prefix) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < this.#sorted.length && this.#sorted[i].startsWith(prefix); i++)
      if (this.#sorted[i] !== except) return true
    return false
  }
}

/**
 * Trace files that may read a companion file which just appeared, changed or vanished, minus the files this job
 * already reads:
 * - a named companion (verifiers' `metadata.json` → `results.jsonl` beside it, `<name>.meta.json` → `<name>.jsonl`)
 *   is read by the trace it names and by nothing else;
 * - a companion known by its content (a SWE-bench report written after the trajectories, a tau2 results.json, a
 *   Harbor trial result, a hosted-RL usage.json) by the indexed sources in the nearest folder at or above it that
 *   holds any trace, within its workspace root. New and changed files of this job count as that folder's traces too: a new run
 *   folder's report stops at the run's own folder (its new traces are read by this job anyway), it does not climb
 *   to the workspace and re-read every run beside it (issue 17: one new run re-read a 300 MB workspace).
 * Adapters read their companions at index time, so reading these again is what joins a late report to its episodes.
 */
export function sidecarDependents(
  db: Db,
  sidecar: FoundFile,
  alreadyRead: ReadonlySet<string>,
  walked: WalkedFiles
): FoundFile[] {
  const named = companionTraceOf(sidecar.path)
  if (named) {
    if (named.onDemand || alreadyRead.has(named.trace)) return []
    const indexed = db
      .prepare(`SELECT 1 FROM sources WHERE path = ? AND state = 'indexed' AND root = ?`)
      .get(named.trace, sidecar.root)
    return indexed ? stillThere(named.trace, sidecar.root) : []
  }
  const under = db.prepare(
    `SELECT path, size, mtime_ms FROM sources WHERE state = 'indexed' AND root = ? AND path LIKE ? ESCAPE '\\' AND path <> ?`
  )
  let dir = dirname(sidecar.path)
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    const rows = under.all(sidecar.root, likeUnder(dir), sidecar.path) as {
      path: string
      size: number
      mtime_ms: number
    }[]
    if (rows.length > 0 || walked.hasUnder(dir, sidecar.path))
      return rows.filter((r) => !alreadyRead.has(r.path)).flatMap((r) => stillThere(r.path, sidecar.root))
    if (dir === sidecar.root || dirname(dir) === dir || !dir.startsWith(sidecar.root)) break
    dir = dirname(dir)
  }
  return []
}

function stillThere(path: string, root: string): FoundFile[] {
  try {
    const st = statSync(path)
    return st.isFile() ? [{ path, root, size: st.size, mtimeMs: st.mtimeMs }] : []
  } catch {
    return [] // vanished: the watcher reports it on its own
  }
}

/**
 * Named companions of `trace` that are indexed as sources of their own: each was read before its trace existed (a
 * live copy or trainer that wrote prime-rl's `effective` file before `all`), when a companion alone is read as the
 * source itself. Beside its trace it is only the trace's companion, so it is read again (and becomes one); else the
 * run counts its episodes twice. Companions sit beside their trace or one folder over (`…/train/effective` for
 * `…/train/all`), so only the sources under the trace's grandparent folder are looked at.
 */
export function companionsIndexedAlone(db: Db, trace: FoundFile, alreadyRead: ReadonlySet<string>): FoundFile[] {
  const base = dirname(dirname(trace.path)) + sep
  const near = db
    .prepare(`SELECT path FROM sources WHERE path > ? AND path < ? AND state = 'indexed' AND root = ?`)
    .pluck()
    .all(base, base + '\uffff', trace.root) as string[]
  return near
    .filter((p) => !alreadyRead.has(p) && companionTraceOf(p)?.trace === trace.path)
    .flatMap((p) => stillThere(p, trace.root))
}
