import { useMemo, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { mergeRuns } from '../../lib/merge-runs'
import { findRun } from '../../state/runs-slice'
import { tableRuns } from '../../state/selection-slice'
import { useApp, useAppShallow } from '../../state/store-context'
import { RunBar } from '../runs/RunBar'
import { RunSetBar } from '../runs/RunSetBar'
import { EpisodesTable } from './EpisodesTable'
import { EpisodesToolbar } from './EpisodesToolbar'
import panels from '../../styles/panels.module.css'
import css from './EpisodesPanel.module.css'

/** The episodes of the selected run (or of several runs in one table): run bar, filters, virtualized table. */
export function EpisodesPanel(): ReactNode {
  const runId = useApp((s) => s.selectedRunId)
  const ids = useAppShallow(tableRuns)
  const allRuns = useApp((s) => s.runs)
  const runsLoaded = useApp((s) => s.runsLoaded)
  const seen = useApp((s) => s.runNamesSeen)
  const runs = useMemo(() => ids.map((id) => findRun(allRuns, id)), [ids, allRuns])
  const known = useMemo(() => runs.filter((r): r is RunSummary => r !== undefined), [runs])
  // one summary standing for every run of the table, so the toolbar and the columns work as for one run
  const run = useMemo(() => (known.length ? mergeRuns(known) : undefined), [known])
  if (!runId) {
    return allRuns.length ? <div className={panels.placeholder}>Select a run above to see its episodes.</div> : null
  }
  const missing = ids.find((id, i) => !runs[i])
  if (!run || missing) {
    return (
      <div className={panels.placeholder} data-testid="run-missing">
        {!runsLoaded
          ? 'Loading…'
          : seen[missing ?? runId] !== undefined
            ? `Run “${seen[missing ?? runId]}” is no longer in the workspace: its files were moved or deleted, or read again without it.`
            : `Run “${missing ?? runId}” is not in the workspace (removed, or not indexed yet).`}
      </div>
    )
  }
  const key = ids.join(',')
  return (
    <section className={css.panel} data-testid="episodes-panel">
      {known.length > 1 ? <RunSetBar runs={known} /> : <RunBar run={run} />}
      <EpisodesToolbar key={`toolbar:${key}`} run={run} />
      <EpisodesTable key={`table:${key}`} run={run} />
    </section>
  )
}
