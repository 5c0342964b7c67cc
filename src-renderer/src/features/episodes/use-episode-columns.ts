import { useMemo } from 'react'
import type { RunSummary } from '@contract/model'
import { isColumnShown, prefsFor } from '../../state/episode-prefs'
import { shortRunLabels } from '../../lib/run-labels'
import { tableRuns } from '../../state/selection-slice'
import { useApp, useAppShallow } from '../../state/store-context'
import { episodeColumns, type EpisodeColumn } from './episode-columns'

/**
 * Every column the run offers, and those shown under the user's choices for the run's format. A table of several
 * runs (a view over runs) adds their names as its first column.
 */
export function useEpisodeColumns(run: RunSummary): { all: EpisodeColumn[]; shown: EpisodeColumn[] } {
  const formatPrefs = useApp((s) => prefsFor(s.episodePrefs, run.format))
  const ids = useAppShallow((s) => (s.episodes.alsoRunIds.length ? tableRuns(s) : []))
  const runs = useApp((s) => s.runs)
  const names = useMemo(() => {
    if (ids.length < 2) return undefined
    const short = shortRunLabels(ids.map((id) => runs.find((r) => r.id === id)?.name ?? id))
    return new Map(ids.map((id, i) => [id, short[i]]))
  }, [ids, runs])
  const all = useMemo(() => episodeColumns(run, names), [run, names])
  const shown = useMemo(() => all.filter((c) => isColumnShown(formatPrefs, c.id, c.shownByDefault)), [all, formatPrefs])
  return { all, shown }
}
