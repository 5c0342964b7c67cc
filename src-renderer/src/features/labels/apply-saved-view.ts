import type { SavedView } from '@contract/labels'
import type { RunSummary } from '@contract/model'
import type { AppState } from '../../state/types'
import { episodeColumns } from '../episodes/episode-columns'

/**
 * Applies a saved view: its runs, filter and order (applyView), then its columns, on the view's run and for that
 * run's format. Applied from another run's table, the columns were taken from that table and set for its format:
 * the view's run kept its own, and the run the user came from lost its columns. `current` is the table's run, used
 * when none of the view's runs is in the workspace (its filter and order then apply to this table).
 */
export function applySavedView(s: AppState, view: SavedView, current: RunSummary): void {
  const present = view.runIds.filter((id) => s.runs.some((r) => r.id === id))
  const target = s.runs.find((r) => r.id === present[0]) ?? current
  // a table of several runs offers their names as a column: the names themselves do not matter here
  const offered = episodeColumns(target, present.length > 1 ? new Map(present.map((id) => [id, id])) : undefined)
  // the view's columns that table has; none of them (an empty list, or an imported view of other columns) keeps the
  // table's own choice rather than hiding every column
  const columns = s.applyView(view).filter((id) => offered.some((c) => c.id === id))
  if (columns.length)
    for (const c of offered) s.setColumnShown(target.format, c.id, columns.includes(c.id), c.shownByDefault)
}
