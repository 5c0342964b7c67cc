import type { SourceState, SourceStatus } from '@contract/model'

/** Files and episodes under each root (a root is a folder or a single file). */
export function rootStats(roots: string[], sources: SourceStatus[]): Map<string, { files: number; episodes: number }> {
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '')
  const out = new Map<string, { files: number; episodes: number }>()
  for (const root of roots) {
    const r = norm(root)
    let files = 0
    let episodes = 0
    for (const s of sources) {
      const p = norm(s.path)
      if (p === r || p.startsWith(`${r}/`)) {
        files++
        episodes += s.episodes
      }
    }
    out.set(root, { files, episodes })
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
