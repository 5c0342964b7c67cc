import { useState, type ReactNode } from 'react'
import type { EpisodePreview, EpisodeRef } from '@contract/model'
import { fmtPassed, fmtReward } from '../../lib/format'
import { useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import header from './EpisodeHeader.module.css'
import css from './RelatedLinks.module.css'

const SHOWN = 16

/** Links from the header: the task's other rollouts in this run, and the same task in other runs (`[` / `]`). */
export function RelatedLinks({ detail }: { detail: EpisodePreview }): ReactNode {
  const { sameTask, sameTaskInRuns } = detail.related
  const rollouts = sameTask.length > 1
  const runs = sameTaskInRuns.length > 1
  if (!rollouts && !runs) return null
  return (
    <div className={css.related} data-testid="episode-related">
      {rollouts && (
        <RefRow
          label={`Rollouts (${sameTask.length})`}
          refs={sameTask}
          currentId={detail.id}
          testId="related-rollouts"
          name={(r) => `#${r.rollout}`}
        />
      )}
      {runs && (
        <RefRow
          label={
            <>
              Same task in runs <kbd>[</kbd> <kbd>]</kbd>
            </>
          }
          refs={sameTaskInRuns}
          currentId={detail.id}
          testId="related-runs"
          name={(r) => (r.checkpointStep !== null ? `${r.runName} @${r.checkpointStep}` : r.runName)}
        />
      )}
    </div>
  )
}

function RefRow(props: {
  label: ReactNode
  refs: EpisodeRef[]
  currentId: string
  testId: string
  name(r: EpisodeRef): string
}): ReactNode {
  const store = useAppStore()
  const [all, setAll] = useState(false)
  const shown = all ? props.refs : props.refs.slice(0, SHOWN)
  return (
    <div className={css.row} data-testid={props.testId}>
      <span className={cx(header.factLabel, css.label)}>{props.label}</span>
      <div className={header.chips}>
        {shown.map((r) => {
          const current = r.id === props.currentId
          return (
            <button
              key={r.id}
              type="button"
              className={cx(
                css.ref,
                current && css.current,
                r.passed === true && css.pass,
                r.passed === false && css.fail
              )}
              data-testid="ref-chip"
              aria-current={current ? 'page' : undefined}
              disabled={current}
              title={`${r.runName} · rollout ${r.rollout} · reward ${fmtReward(r.reward)}`}
              onClick={() => store.getState().openRelated(r)}
            >
              <span className={css.name}>{props.name(r)}</span>
              <span className={cx(css.outcome, txt.mono)}>
                {fmtPassed(r.passed)} {fmtReward(r.reward)}
              </span>
            </button>
          )
        })}
        {props.refs.length > SHOWN && (
          <button type="button" className={controls.linkBtn} onClick={() => setAll(!all)}>
            {all ? 'fewer' : `+${props.refs.length - SHOWN} more`}
          </button>
        )}
      </div>
    </div>
  )
}
