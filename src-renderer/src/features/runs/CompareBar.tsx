import type { ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { findRun } from '../../state/runs-slice'
import { useApp, useAppStore } from '../../state/store-context'

/**
 * Above the runs table: what is ticked for comparison and the button that opens it. Two runs → "Compare A → B"
 * (the first ticked is A, the base; ⇄ swaps); more → the checkpoint series in the order ticked.
 */
export function CompareBar({ runs }: { runs: RunSummary[] }): ReactNode {
  const store = useAppStore()
  const picks = useApp((s) => s.comparePicks)
  const live = picks.filter((id) => findRun(runs, id))
  const name = (id: string): string => findRun(runs, id)?.name ?? id
  if (live.length === 0) {
    return (
      <div className="compare-bar hint" data-testid="compare-bar">
        Tick two runs to compare them (base first), or more for a checkpoint series.
      </div>
    )
  }
  const s = store.getState()
  return (
    <div className="compare-bar" data-testid="compare-bar">
      {live.length === 1 ? (
        <>
          <span>
            <b className="cmp-side">A</b> {name(live[0])} <span className="hint">· tick the run to compare it with (B)</span>
          </span>
          {findRun(runs, live[0])?.format === 'prime-hosted-rl' && (
            // a hosted-RL export holds the rollouts of several training steps: they make a series on their own
            <button onClick={() => s.openSeries(live)} data-testid="series-steps-open" title="Metrics by training step inside this export">
              Series over its training steps
            </button>
          )}
        </>
      ) : live.length === 2 ? (
        <>
          <span className="compare-pair">
            <b className="cmp-side">A</b> {name(live[0])} <span aria-hidden>→</span> <b className="cmp-side">B</b> {name(live[1])}
          </span>
          <button onClick={() => s.swapComparePicks()} title="Swap A and B" data-testid="compare-picks-swap">
            ⇄
          </button>
          <button className="primary" onClick={() => s.openCompare(live[0], live[1])} data-testid="compare-open">
            Compare A → B
          </button>
        </>
      ) : (
        <>
          <span>{live.length} runs, in the order ticked</span>
          <button className="primary" onClick={() => s.openSeries(live)} data-testid="series-open">
            Compare as a series
          </button>
        </>
      )}
      {live.length >= 2 && (
        <button onClick={() => s.selectRun(live[0], live.slice(1))} data-testid="list-together" title="One episodes table over the ticked runs: filter, sort, label and export them together">
          Episodes together
        </button>
      )}
      <button onClick={() => s.clearComparePicks()} data-testid="compare-picks-clear">
        Clear
      </button>
    </div>
  )
}
