import { useState, type ReactNode } from 'react'
import type { AnomalyCode, EpisodePreview } from '@contract/model'
import { Badge } from '../../components/Badge'
import { displayValue, toolNames } from '../../lib/display-value'
import { fmtDuration } from '@contract/display'
import { fmtInt, fmtNum, fmtPassed, fmtReward, fmtTokens } from '../../lib/format'
import { episodeStatusTone } from '../../lib/tones'
import { taskKeyHint } from '../episodes/episode-columns'
import { rowFlags } from '../episodes/row-flags'
import { findRun } from '../../state/runs-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { CollapsibleText } from './CollapsibleText'
import { RelatedLinks } from './RelatedLinks'
import { EpisodeLabelsBar, FoldedLabels, useEpisodeLabels } from '../labels/EpisodeLabelsBar'
import { TOGGLE_HEADER } from '../../keymap/bindings/reading'
import { KeyHint } from '../../keymap/KeyCaps'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import { KeyKind } from '../episodes/KeyKind'
import css from './EpisodeHeader.module.css'
import { readable } from '../../lib/readable'
import { stripAnsi } from '../../lib/ansi'

/**
 * Outcome, identity, expected answer, metrics, info, related episodes and triage of an episode. Folded (while
 * reading: see EpisodeState.headerFolded) it is one line: the task, its outcome, its labels and the way back.
 */
export function EpisodeHeader({ detail }: { detail: EpisodePreview }): ReactNode {
  const store = useAppStore()
  const folded = useApp((s) => s.episode.headerFolded)
  useEpisodeLabels(detail.id)
  const model = useApp((s) => findRun(s.runs, detail.runId)?.model ?? null)
  const hint = taskKeyHint(detail.taskKeyKind)
  const metrics = Object.entries(detail.metrics)
  const info = Object.entries(detail.infoFull)
  const tools = toolNames(detail.tools)
  // the status badge and the error text below already say how it ended
  const formatFlags = rowFlags(detail).filter(
    (f) => f.kind !== 'error' && f.kind !== 'truncated' && f.kind !== 'cancelled'
  )
  return (
    <header className={cx(css.card, folded && css.folded)} data-testid="episode-header" data-folded={folded}>
      <div className={css.titleRow}>
        <h1 className={css.title} title={hint.title} data-testid="episode-task">
          {readable(detail.taskKey)}
          {hint.mark && <KeyKind mark={hint.mark} />}
        </h1>
        <span className={css.rollout}>rollout {detail.rollout}</span>
        <span className={css.reward} data-testid="episode-reward" title="Reward">
          {fmtReward(detail.reward)}
        </span>
        <Badge tone={detail.passed === true ? 'ok' : detail.passed === false ? 'bad' : 'muted'} testId="episode-passed">
          {fmtPassed(detail.passed)}{' '}
          {detail.passed === true ? 'passed' : detail.passed === false ? 'failed' : 'no verdict'}
        </Badge>
        <Badge tone={episodeStatusTone(detail.status)} testId="episode-status">
          {detail.status}
        </Badge>
        {formatFlags.map((f) => {
          // the output failed the format check, or an anomaly detector fired (the episodes table's rules); a
          // detector that points at a turn (first failure, loop, empty answer) takes you there
          const at = detail.anomalyTurns?.[f.kind as AnomalyCode]
          const badge = (
            <Badge
              key={f.kind}
              tone={f.tone}
              title={at === undefined ? f.title : `${f.title} — first at turn #${at}; click to go there`}
              testId={`episode-flag-${f.kind}`}
            >
              {f.label}
              {at !== undefined && <span className={css.badgeTurn}> #{at}</span>}
            </Badge>
          )
          return at === undefined ? (
            badge
          ) : (
            <button
              key={f.kind}
              type="button"
              className={css.badgeButton}
              data-testid={`episode-flag-jump-${f.kind}`}
              onClick={() => store.getState().jumpToTurnIndex(at)}
            >
              {badge}
            </button>
          )
        })}
        {folded && <FoldedLabels episodeId={detail.id} />}
        <span className={txt.spacer} />
        <button
          type="button"
          className={cx(controls.linkBtn, css.foldButton)}
          data-testid="episode-header-toggle"
          aria-expanded={!folded}
          title={folded ? 'Show the facts, answer, metrics, labels and note' : 'Fold the header to one line'}
          onClick={() => store.getState().toggleHeader()}
        >
          {folded ? 'Details ▾' : 'Fold ▴'} <KeyHint binding={TOGGLE_HEADER} />
        </button>
      </div>
      {detail.error && (
        <div className={cx(css.error, folded && css.errorLine)} data-testid="episode-error-text" title={detail.error}>
          {detail.error}
        </div>
      )}
      {!folded && <HeaderDetails detail={detail} model={model} tools={tools} metrics={metrics} info={info} />}
    </header>
  )
}

/** Everything the folded header leaves out: facts, the expected answer, metrics, info, related episodes, triage. */
function HeaderDetails({
  detail,
  model,
  tools,
  metrics,
  info
}: {
  detail: EpisodePreview
  model: string | null
  tools: string[]
  metrics: [string, number][]
  info: [string, unknown][]
}): ReactNode {
  return (
    <>
      <dl className={css.facts}>
        <Fact label="Run" value={detail.runName} />
        {model && <Fact label="Model" value={model} />}
        <Fact label="Source" value={detail.sourcePath} mono />
        {detail.sourceId !== null && <Fact label="Source id" value={detail.sourceId} mono />}
        <Fact
          label="Steps"
          value={fmtInt(detail.steps)}
          hint="Agent actions: assistant turns that call tools or answer (the producer's count where it writes one)"
        />
        <Fact
          label="Messages"
          value={detail.transcript ? fmtInt(detail.turns.length) : 'no transcript'}
          hint="Messages in the transcript, prompt included"
        />
        {detail.termination !== null && (
          <Fact
            label="Termination"
            value={detail.termination}
            mono
            hint="Why the episode ended, as the producer says it"
          />
        )}
        {detail.unscored !== null && (
          <Fact
            label="No result"
            value={detail.unscored}
            mono
            hint="The producer recorded no result for this episode (the run says how such episodes count)"
          />
        )}
        {(detail.tokensIn !== null || detail.tokensOut !== null) && (
          <Fact label="Tokens in / out" value={fmtTokens(detail.tokensIn, detail.tokensOut)} />
        )}
        {detail.generationMs !== null && (
          <Fact
            label="Generation"
            value={fmtDuration(detail.generationMs)}
            hint="Time spent generating (model calls)"
          />
        )}
        {detail.durationMs !== null && (
          <Fact
            label="Total time"
            value={fmtDuration(detail.durationMs)}
            hint="Wall time of the whole episode (generation, tools, scoring)"
          />
        )}
        {tools.length > 0 && <Fact label={`Tools (${tools.length})`} value={tools.join(', ')} mono />}
      </dl>
      {detail.answer !== null && (
        <div className={css.answer}>
          <span
            className={css.factLabel}
            title="The answer the task expects (the reference the reward is scored against)"
          >
            Expected answer
          </span>
          <CollapsibleText text={stripAnsi(detail.answer)} expandKey="header:answer" className={css.answerText} />
        </div>
      )}
      {metrics.length > 0 && (
        <div className={css.kvBlock} data-testid="episode-metrics">
          <span className={css.factLabel}>Metrics</span>
          <div className={css.chips}>
            {metrics.map(([k, v]) => (
              <span key={k} className={css.chip} title={`${k} = ${v}`}>
                <span className={css.chipK}>{readable(k)}</span>
                <span className={cx(css.chipV, txt.mono)}>{fmtNum(v, 4)}</span>
              </span>
            ))}
          </div>
        </div>
      )}
      {info.length > 0 && <InfoBlock entries={info} />}
      <RelatedLinks detail={detail} />
      <EpisodeLabelsBar episodeId={detail.id} />
    </>
  )
}

function Fact({
  label,
  value,
  mono,
  hint
}: {
  label: string
  value: string
  mono?: boolean
  hint?: string
}): ReactNode {
  return (
    <div className={css.fact} data-fact={label}>
      <dt className={css.factLabel} title={hint}>
        {label}
      </dt>
      <dd className={mono ? txt.mono : undefined} title={readable(value)}>
        {readable(value)}
      </dd>
    </div>
  )
}

const INFO_SHOWN = 12

function InfoBlock({ entries }: { entries: [string, unknown][] }): ReactNode {
  const [all, setAll] = useState(false)
  const shown = all ? entries : entries.slice(0, INFO_SHOWN)
  return (
    <div className={css.kvBlock} data-testid="episode-info">
      <span className={css.factLabel}>Info</span>
      <div className={css.chips}>
        {shown.map(([k, v]) => {
          const d = displayValue(v, 120)
          return (
            <span key={k} className={css.chip} title={`${readable(k)} = ${d.full.slice(0, 4000)}`}>
              <span className={css.chipK}>{readable(k)}</span>
              <span className={cx(css.chipV, txt.mono)}>{d.short}</span>
            </span>
          )
        })}
        {entries.length > INFO_SHOWN && (
          <button className={controls.linkBtn} onClick={() => setAll(!all)}>
            {all ? 'fewer' : `+${entries.length - INFO_SHOWN} more`}
          </button>
        )}
      </div>
    </div>
  )
}
