import type { ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { fmtCount, fmtInt } from '../../lib/format'
import { shortRunLabels } from '../../lib/run-labels'
import { useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import txt from '../../styles/text.module.css'
import css from './RunBar.module.css'

/**
 * Above a table of several runs (a view over runs): which runs it lists, a click on one shows that run alone
 * (with its own bar and pass threshold), and ✕ goes back to the first run.
 */
export function RunSetBar({ runs }: { runs: RunSummary[] }): ReactNode {
  const store = useAppStore()
  const short = shortRunLabels(runs.map((r) => r.name))
  return (
    <div className={cx(css.bar, css.set)} data-testid="run-set-bar">
      <span className={css.name}>{runs.length} runs in one table</span>
      {runs.map((r, i) => (
        <button
          key={r.id}
          className={css.setChip}
          data-testid="run-set-chip"
          title={`Show ${r.name} alone (${fmtCount(r.episodes, 'episode')})`}
          onClick={() => store.getState().selectRun(r.id)}
        >
          {short[i]}
        </button>
      ))}
      <span className={txt.spacer} />
      {/* cut in a narrow window: the title keeps it readable */}
      <span className={css.meta} title="Each episode passes by its own run’s threshold">
        each episode passes by its own run’s threshold
      </span>
      <button
        title="Back to the first run alone"
        aria-label="Close the table of several runs"
        onClick={() => store.getState().selectRun(runs[0].id)}
      >
        ✕
      </button>
    </div>
  )
}
