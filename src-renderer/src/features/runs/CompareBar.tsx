import type { ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { findRun } from '../../state/runs-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { RunActions } from './RunActions'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import side from '../../styles/side-tag.module.css'
import txt from '../../styles/text.module.css'
import css from './CompareBar.module.css'

/**
 * Above the runs table: what is ticked and what it opens. One run → its breakdown (and its training curve when its
 * episodes carry steps); two → "Compare A → B" (the first ticked is A, the base; ⇄ swaps); three or more → "Side by
 * side" against the first ticked as the baseline, or the checkpoint series in the order ticked.
 */
export function CompareBar({ runs }: { runs: RunSummary[] }): ReactNode {
  const store = useAppStore()
  const picks = useApp((s) => s.comparePicks)
  const live = picks.filter((id) => findRun(runs, id))
  const name = (id: string): string => findRun(runs, id)?.name ?? id
  if (live.length === 0) {
    return (
      <div className={cx(css.bar, css.prompt)} data-testid="compare-bar">
        Tick two runs to compare them (base first), three or more to see them side by side.
      </div>
    )
  }
  const s = store.getState()
  return (
    <div className={css.bar} data-testid="compare-bar">
      {live.length === 1 ? (
        <>
          <span className={css.pair} data-testid="compare-pair" title={`A: ${name(live[0])}`}>
            <b className={side.tag}>A</b> {name(live[0])}{' '}
            <span className={txt.hint}>· tick the run to compare it with (B)</span>
          </span>
          <RunActions runId={live[0]} />
        </>
      ) : live.length === 2 ? (
        <>
          {/* cut to the bar's width: the title holds both names whole */}
          <span className={css.pair} data-testid="compare-pair" title={`A: ${name(live[0])}\nB: ${name(live[1])}`}>
            <b className={side.tag}>A</b> {name(live[0])} <span aria-hidden>→</span> <b className={side.tag}>B</b>{' '}
            {name(live[1])}
          </span>
          <button onClick={() => s.swapComparePicks()} title="Swap A and B" data-testid="compare-picks-swap">
            ⇄
          </button>
          <button
            className={controls.primary}
            onClick={() => s.openCompare(live[0], live[1])}
            data-testid="compare-open"
          >
            Compare A → B
          </button>
        </>
      ) : (
        <>
          <span className={css.pair} data-testid="compare-pair" title={live.map(name).join('\n')}>
            {live.length} runs, baseline <b className={side.tag}>A</b> {name(live[0])}
          </span>
          <button
            className={controls.primary}
            onClick={() => s.openMany(live, live[0])}
            data-testid="many-open"
            title="One table of every run against the baseline (the first ticked)"
          >
            Side by side
          </button>
          <button
            onClick={() => s.openSeries(live)}
            data-testid="series-open"
            title="Metrics by checkpoint, in the order ticked, each over its whole run; tasks followed where they recur"
          >
            As a series
          </button>
        </>
      )}
      {live.length >= 2 && (
        <button
          onClick={() => s.selectRun(live[0], live.slice(1))}
          data-testid="list-together"
          title="One episodes table over the ticked runs: filter, sort, label and export them together"
        >
          Episodes together
        </button>
      )}
      <button onClick={() => s.clearComparePicks()} data-testid="compare-picks-clear">
        Clear
      </button>
    </div>
  )
}
