import type { ReactNode } from 'react'
import { Badge } from '../../../components/Badge'
import { fmtCount, fmtInt, fmtPassed, fmtReward } from '../../../lib/format'
import { episodeStatusTone } from '../../../lib/tones'
import { findRun } from '../../../state/runs-slice'
import type { SideEpisode } from '../../../state/side-by-side-slice'
import { useApp } from '../../../state/store-context'
import txt from '../../../styles/text.module.css'
import header from '../../episode/EpisodeHeader.module.css'
import css from './SideHeader.module.css'

/** One run's header over its column: run, rollout (a chooser when the task has several), reward, verdict, size. */
export function SideHeader(props: {
  which: 'A' | 'B'
  side: SideEpisode
  steps: number | null
  onChoose(episodeId: string): void
}): ReactNode {
  const { which, side } = props
  const runName = useApp((s) => findRun(s.runs, side.runId)?.name ?? side.runId)
  const d = side.detail
  const rollouts = side.rollouts ?? []
  return (
    <div className={css.head} data-testid={`sbs-head-${which.toLowerCase()}`}>
      <div className={css.title}>
        <span className={css.letter}>{which}</span>
        <span className={css.runName} title={runName}>
          {runName}
        </span>
        {rollouts.length > 1 ? (
          <select
            className={css.rollout}
            value={side.episodeId ?? ''}
            onChange={(e) => props.onChoose(e.target.value)}
            aria-label={`Rollout shown for ${which}`}
            data-testid={`sbs-rollout-${which.toLowerCase()}`}
          >
            {rollouts.map((e) => (
              <option key={e.id} value={e.id}>
                rollout {e.rollout} · {fmtReward(e.reward)} {fmtPassed(e.passed)}
              </option>
            ))}
          </select>
        ) : (
          d && <span className={txt.mutedText}>rollout {d.rollout}</span>
        )}
      </div>
      {side.error && <div className={txt.badText}>{side.error}</div>}
      {!side.error && !d && <div className={txt.mutedText}>Loading…</div>}
      {d && (
        <div className={css.facts}>
          <span className={header.reward} data-testid={`sbs-reward-${which.toLowerCase()}`} title="Reward">
            {fmtReward(d.reward)}
          </span>
          <Badge
            tone={d.passed === true ? 'ok' : d.passed === false ? 'bad' : 'muted'}
            testId={`sbs-passed-${which.toLowerCase()}`}
          >
            {fmtPassed(d.passed)} {d.passed === true ? 'passed' : d.passed === false ? 'failed' : 'no verdict'}
          </Badge>
          <Badge tone={episodeStatusTone(d.status)}>{d.status}</Badge>
          {d.transcript ? (
            <span
              className={txt.mutedText}
              title="Steps: agent actions (the producer's count where it writes one); messages: the transcript's messages, prompt included"
            >
              {fmtCount(d.steps ?? props.steps, 'step')} · {fmtCount(d.turns.length, 'message')}
            </span>
          ) : (
            <Badge
              tone="warn"
              title="No transcript on disk: known from the harness report"
              testId={`sbs-no-transcript-${which.toLowerCase()}`}
            >
              no transcript
            </Badge>
          )}
          {side.fullLoading && <span className={txt.mutedText}>loading full texts…</span>}
        </div>
      )}
    </div>
  )
}
