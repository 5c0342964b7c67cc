import { useMemo } from 'react'
import type { RunSummary } from '@contract/model'
import { isColumnShown, prefsFor } from '../../state/episode-prefs'
import { useApp } from '../../state/store-context'
import { episodeColumns, type EpisodeColumn } from './episode-columns'

/** Every column the run offers, and those shown under the user's choices for the run's format. */
export function useEpisodeColumns(run: RunSummary): { all: EpisodeColumn[]; shown: EpisodeColumn[] } {
  const formatPrefs = useApp((s) => prefsFor(s.episodePrefs, run.format))
  const all = useMemo(() => episodeColumns(run), [run])
  const shown = useMemo(() => all.filter((c) => isColumnShown(formatPrefs, c.id, c.shownByDefault)), [all, formatPrefs])
  return { all, shown }
}
