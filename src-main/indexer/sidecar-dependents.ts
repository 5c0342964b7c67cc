import { statSync } from 'node:fs'
import { dirname, sep } from 'node:path'
import type { Db } from '../db/open-db'
import type { FoundFile } from './walk'
import { companionTraceOf } from '../formats/companions'

/** How far above a companion file to look for the trace files it describes (a harness log tree is ~5 deep). */
const MAX_LEVELS_UP = 6

/**
 * Trace files that may read a companion file which just appeared or changed (a SWE-bench report
 * written after the trajectories, a tau2 results.json, a Harbor trial result, a hosted-RL
 * usage.json): the indexed sources in the nearest folder at or above it that has any, within its
 * workspace root, minus the files this job already read. Adapters read their companions at index
 * time, so reading these again is what joins a late report to its episodes.
 */
export function sidecarDependents(db: Db, sidecar: FoundFile, alreadyRead: ReadonlySet<string>): FoundFile[] {
  const under = db.prepare(
    `SELECT path, size, mtime_ms FROM sources WHERE state = 'indexed' AND root = ? AND path LIKE ? ESCAPE '\\' AND path <> ?`
  )
  let dir = dirname(sidecar.path)
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    const prefix = (dir.endsWith(sep) ? dir : dir + sep).replace(/[\\%_]/g, (c) => '\\' + c) + '%'
    const rows = under.all(sidecar.root, prefix, sidecar.path) as { path: string; size: number; mtime_ms: number }[]
    if (rows.length > 0)
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
