import type { RunSummary } from '@contract/model'

/** How the runs table groups its rows. */
export type RunGrouping = 'none' | 'env' | 'model' | 'folder'

export interface RunGroup {
  /** The group's value ("terminal-bench", a model, a folder); '' for runs without one. */
  key: string
  runs: RunSummary[]
}

/** The folder a run's source file sits in (the whole path up to the file name). */
export function runFolder(run: Pick<RunSummary, 'source'>): string {
  const s = run.source.replace(/[\\/]+$/, '')
  const cut = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'))
  return cut > 0 ? s.slice(0, cut) : ''
}

/** A folder's segments, ignoring the separator kind. */
const segments = (path: string): string[] => path.split(/[\\/]+/).filter(Boolean)

/** A run's name with what tells it from its namesakes (runNameHints), as the app writes it in one line of text. */
export const withNameHint = (name: string, hint: string | undefined): string => (hint ? `${name} (${hint})` : name)

/**
 * For every run whose name another run shares, what tells it apart: its model when that differs among the namesakes,
 * else the shortest tail of its folder that no namesake shares ("…/tb-2025-11-20/gpt5"), else its format. Runs with
 * a name of their own get nothing.
 */
export function runNameHints(runs: RunSummary[]): Map<string, string> {
  const byName = new Map<string, RunSummary[]>()
  for (const r of runs) {
    const name = displayName(r)
    const same = byName.get(name)
    if (same) same.push(r)
    else byName.set(name, [r])
  }
  const hints = new Map<string, string>()
  for (const same of byName.values()) {
    if (same.length < 2) continue
    const models = new Set(same.map((r) => r.model ?? ''))
    const byModel = models.size === same.length
    for (const r of same) {
      const hint = byModel ? (r.model ?? 'no model') : (folderTail(r, same) ?? r.format)
      hints.set(r.id, hint)
    }
  }
  return hints
}

/** The name the table shows (with the checkpoint step when known). */
export function displayName(r: Pick<RunSummary, 'name' | 'checkpointStep'>): string {
  return r.checkpointStep !== null ? `${r.name} @${r.checkpointStep}` : r.name
}

/** The shortest tail of `r`'s folder (then of its source path) no other of `same` ends with; null when none does. */
function folderTail(r: RunSummary, same: RunSummary[]): string | null {
  for (const pathOf of [runFolder, (o: RunSummary) => o.source]) {
    const mine = segments(pathOf(r))
    const others = same.filter((o) => o !== r).map((o) => segments(pathOf(o)))
    for (let k = 1; k <= mine.length; k++) {
      const tail = mine.slice(-k).join('/')
      if (others.every((o) => o.slice(-k).join('/') !== tail)) return k < mine.length ? `…/${tail}` : tail
    }
  }
  return null
}

/** Runs matching every word of `query` (case-insensitive) in their name, model, env, format or source path. */
export function filterRuns(runs: RunSummary[], query: string): RunSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return runs
  return runs.filter((r) => {
    const text = [displayName(r), r.model ?? '', r.env ?? '', r.format, r.source].join('\n').toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** The value a run is grouped by. */
export function groupKey(r: RunSummary, by: RunGrouping): string {
  if (by === 'env') return r.env ?? ''
  if (by === 'model') return r.model ?? ''
  if (by === 'folder') return runFolder(r)
  return ''
}

/**
 * Runs in groups, each group in the order its first run comes in `runs` (so a sorted table stays sorted inside and
 * across groups); one group holding everything when `by` is `none`.
 */
export function groupRuns(runs: RunSummary[], by: RunGrouping): RunGroup[] {
  if (by === 'none') return [{ key: '', runs }]
  const groups = new Map<string, RunSummary[]>()
  for (const r of runs) {
    const k = groupKey(r, by)
    const g = groups.get(k)
    if (g) g.push(r)
    else groups.set(k, [r])
  }
  return [...groups].map(([key, rs]) => ({ key, runs: rs }))
}
