import type { ReactNode } from 'react'
import { findRun } from '../../state/runs-slice'
import { useApp } from '../../state/store-context'
import { RunBar } from '../runs/RunBar'
import { EpisodesTable } from './EpisodesTable'
import { EpisodesToolbar } from './EpisodesToolbar'

/** The episodes of the selected run: run bar, filters, virtualized table. */
export function EpisodesPanel(): ReactNode {
  const runId = useApp((s) => s.selectedRunId)
  const run = useApp((s) => findRun(s.runs, s.selectedRunId))
  const runsLoaded = useApp((s) => s.runsLoaded)
  const hasRuns = useApp((s) => s.runs.length > 0)
  if (!runId) {
    return hasRuns ? <div className="panel-placeholder">Select a run above to see its episodes.</div> : null
  }
  if (!run) {
    return (
      <div className="panel-placeholder" data-testid="run-missing">
        {runsLoaded ? `Run “${runId}” is not in the workspace (removed, or not indexed yet).` : 'Loading…'}
      </div>
    )
  }
  return (
    <section className="episodes-panel" data-testid="episodes-panel">
      <RunBar run={run} />
      <EpisodesToolbar key={`toolbar:${run.id}`} run={run} />
      <EpisodesTable key={`table:${run.id}`} run={run} />
    </section>
  )
}
