import type { ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { fmtInt } from '../../lib/format'
import { shortRunLabels } from '../../lib/run-labels'
import { useAppStore } from '../../state/store-context'

/**
 * Above a table of several runs (a view over runs): which runs it lists, a click on one shows that run alone
 * (with its own bar and pass threshold), and ✕ goes back to the first run.
 */
export function RunSetBar({ runs }: { runs: RunSummary[] }): ReactNode {
  const store = useAppStore()
  const short = shortRunLabels(runs.map((r) => r.name))
  return (
    <div className="run-bar run-set-bar" data-testid="run-set-bar">
      <span className="run-bar-name">{runs.length} runs in one table</span>
      {runs.map((r, i) => (
        <button
          key={r.id}
          className="run-set-chip"
          data-testid="run-set-chip"
          title={`Show ${r.name} alone (${fmtInt(r.episodes)} episodes)`}
          onClick={() => store.getState().selectRun(r.id)}
        >
          {short[i]}
        </button>
      ))}
      <span className="spacer" />
      <span className="run-bar-meta">each episode passes by its own run’s threshold</span>
      <button title="Back to the first run alone" aria-label="Close the table of several runs" onClick={() => store.getState().selectRun(runs[0].id)}>
        ✕
      </button>
    </div>
  )
}
