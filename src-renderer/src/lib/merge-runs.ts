/**
 * One RunSummary standing for several runs listed in one episodes table (a view over runs), so the table, its
 * toolbar and the column chooser work unchanged: the first run's id and format (column choices are kept per
 * format), counts added up, and every metric and info field any of the runs has.
 */
import type { MetricSummary, RunSummary } from '@contract/model'

export function mergeRuns(runs: readonly RunSummary[]): RunSummary {
  const [first] = runs
  if (runs.length === 1) return first
  const metrics = new Map<string, MetricSummary>()
  for (const r of runs) {
    for (const m of r.metrics) {
      const seen = metrics.get(m.name)
      if (!seen) metrics.set(m.name, { ...m })
      else {
        // a pooled mean (weighted by count); spread and extremes over the runs
        const count = seen.count + m.count
        const mean =
          seen.mean === null || m.mean === null
            ? (seen.mean ?? m.mean)
            : (seen.mean * seen.count + m.mean * m.count) / Math.max(1, count)
        const min = seen.min === null || m.min === null ? (seen.min ?? m.min) : Math.min(seen.min, m.min)
        const max = seen.max === null || m.max === null ? (seen.max ?? m.max) : Math.max(seen.max, m.max)
        metrics.set(m.name, { name: m.name, count, mean, std: null, min, max })
      }
    }
  }
  const sum = (pick: (r: RunSummary) => number): number => runs.reduce((n, r) => n + pick(r), 0)
  return {
    ...first,
    name: runs.map((r) => r.name).join(' + '),
    episodes: sum((r) => r.episodes),
    tasks: sum((r) => r.tasks),
    metrics: [...metrics.values()],
    infoFields: [...new Set(runs.flatMap((r) => r.infoFields))],
    warnings: []
  }
}
