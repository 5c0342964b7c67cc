import type { SourceState, SourceStatus } from '@contract/model'

/** What a root holds: its files and their episodes, and the files left to a root inside it. */
export interface RootStat {
  files: number
  /** Places under this root the walk could not go (broken links, loops, unreadable folders): listed, not files. */
  notWalked: number
  episodes: number
  /** Files under this root that a root inside it (added too) counts instead. */
  nestedFiles: number
}

/**
 * Files and episodes under each root (a root is a folder or a single file). Roots may overlap (a folder and a
 * subfolder of it both added): each file is counted once, under the innermost root holding it, so the counts add up
 * to the workspace's; the outer root says how many of its files a root inside it counts (`nestedFiles`).
 */
export function rootStats(roots: string[], sources: SourceStatus[]): Map<string, RootStat> {
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '')
  const out = new Map<string, RootStat>(roots.map((r) => [r, { files: 0, notWalked: 0, episodes: 0, nestedFiles: 0 }]))
  // longest first: the first root holding a file is its innermost
  const byDepth = roots.map((root) => ({ root, r: norm(root) })).sort((a, b) => b.r.length - a.r.length)
  for (const s of sources) {
    const p = norm(s.path)
    const holding = byDepth.filter(({ r }) => p === r || p.startsWith(`${r}/`))
    if (holding.length === 0) continue
    const inner = out.get(holding[0].root)!
    if (s.walkProblem) {
      inner.notWalked++
      continue
    }
    inner.files++
    inner.episodes += s.episodes
    for (const outer of holding.slice(1)) out.get(outer.root)!.nestedFiles++
  }
  return out
}

/**
 * What tells apart files of the same name (the many `results.json` of a workspace): for each path, its nearest
 * folders, as few as make it unique among the files of its name (`trial-3`, `task-b/trial-1`). A name nobody else
 * has gets its parent folder. Keyed by path.
 */
export function distinguishingFolders(paths: string[]): Map<string, string> {
  const groups = new Map<string, { path: string; dirs: string[] }[]>()
  for (const path of paths) {
    const parts = path.split(/[\\/]+/).filter(Boolean)
    const name = parts.at(-1) ?? ''
    groups.set(name, [...(groups.get(name) ?? []), { path, dirs: parts.slice(0, -1) }])
  }
  const suffix = (dirs: string[], n: number): string => dirs.slice(Math.max(0, dirs.length - n)).join('/')
  const out = new Map<string, string>()
  for (const group of groups.values()) {
    // one more folder at a time, for the files still sharing their suffix with another (linear per round)
    let left = group
    for (let k = 1; left.length > 0; k++) {
      const seen = new Map<string, number>()
      for (const f of group) seen.set(suffix(f.dirs, k), (seen.get(suffix(f.dirs, k)) ?? 0) + 1)
      left = left.filter((f) => {
        const done = seen.get(suffix(f.dirs, k)) === 1 || k >= f.dirs.length
        if (done) out.set(f.path, suffix(f.dirs, k))
        return !done
      })
    }
  }
  return out
}

/** The states worth a look: anything that did not index cleanly. */
export const PROBLEM_STATES: ReadonlySet<SourceState> = new Set(['error', 'unknown-format', 'not-downloaded'])

/** Counts of files per state, in a fixed display order, zero counts left out. */
export function stateCounts(sources: SourceStatus[]): [SourceState, number][] {
  const order: SourceState[] = [
    'indexed',
    'unchanged',
    'sidecar',
    'pending',
    'not-downloaded',
    'unknown-format',
    'error'
  ]
  const counts = new Map<SourceState, number>()
  for (const s of sources) counts.set(s.state, (counts.get(s.state) ?? 0) + 1)
  return order.filter((st) => counts.has(st)).map((st) => [st, counts.get(st)!])
}

/** Files for the list: problems first when asked for problems only, else in path order. */
export function visibleSources(sources: SourceStatus[], problemsOnly: boolean): SourceStatus[] {
  const list = problemsOnly ? sources.filter((s) => PROBLEM_STATES.has(s.state) || s.warnings.length > 0) : sources
  return [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
