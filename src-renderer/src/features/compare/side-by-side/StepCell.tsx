import { memo, type ReactNode } from 'react'
import type { EpisodePreview, Turn } from '@contract/model'
import { Badge } from '../../../components/Badge'
import type { Action } from '../../../lib/align-turns'
import { stripAnsi } from '../../../lib/ansi'
import { fmtNum } from '../../../lib/format'
import { visibleParts } from '../../../lib/thinking'
import { CollapsibleText } from '../../episode/CollapsibleText'
import { AssistantMarkdown } from '../../episode/MarkdownText'
import { ToolCallView } from '../../episode/ToolCallView'
import { cx } from '../../../lib/cx'
import txt from '../../../styles/text.module.css'
import t from '../../../styles/turn.module.css'
import css from './StepCell.module.css'

/**
 * Expand-state keys of the side-by-side view, in the episode slice's map (Collapsible reads it): prefixed with the
 * episode, so they never collide with the viewer's `<position>:<part>` keys nor between the two sides.
 */
export const expandPrefix = (episodeId: string): string => `sbs:${episodeId}:`

/**
 * One side of an aligned row: the step (the model's words with its first call, the call, or what it said) and
 * the turns that answered it. Everything from the trace is drawn by the viewer's own components: plain text,
 * or markdown through the sanitized renderer.
 */
export const StepCell = memo(function StepCell(props: {
  detail: EpisodePreview
  action: Action | undefined
  step: number | null
  missingLabel: string
}): ReactNode {
  const { detail, action, step } = props
  if (!action || step === null) return <div className={css.empty}>{props.missingLabel}</div>
  const turn = detail.turns[action.position]
  const prefix = expandPrefix(detail.id)
  const shown = visibleParts(turn)
  const words = stripAnsi(shown.text)
  const withWords = (action.call === null || action.call === 0) && words.trim() !== ''
  const call = action.call === null ? null : turn.toolCalls[action.call]
  return (
    <div className={css.step}>
      <div className={css.head}>
        <span className={cx(css.stepNo, txt.mono)} title={`Action ${step + 1} of this episode; turn #${turn.index}`}>
          step {step + 1}
        </span>
        <span className={cx(txt.mutedText, txt.mono)}>#{turn.index}</span>
        {action.call === null && <Badge tone="role-assistant">says</Badge>}
        {call && turn.toolCalls.length > 1 && (
          <span className={txt.mutedText}>
            call {action.call! + 1} of {turn.toolCalls.length}
          </span>
        )}
      </div>
      {withWords && (
        <AssistantMarkdown text={words} expandKey={`${prefix}${action.position}:text`} fullSize={turn.elided?.text} />
      )}
      {action.call === null && !withWords && <div className={cx(txt.mutedText, t.empty)}>(empty)</div>}
      {call && <ToolCallView call={call} expandKey={`${prefix}${action.position}:call:${action.call}`} />}
      {action.observations.map((p) => (
        <Observation key={p} turn={detail.turns[p]} expandKey={`${prefix}${p}:text`} />
      ))}
    </div>
  )
})

/** A turn answering the step: tool output or environment feedback, as verbatim text. */
function Observation({ turn, expandKey }: { turn: Turn; expandKey: string }): ReactNode {
  const text = stripAnsi(turn.text)
  return (
    <div className={css.obs} data-testid="sbs-observation">
      <div className={css.obsHead}>
        <Badge tone={`role-${turn.role}`}>{turn.role}</Badge>
        <span className={cx(txt.mutedText, txt.mono)}>#{turn.index}</span>
        {turn.toolName && <span className={t.toolResultLabel}>↳ {turn.toolName}</span>}
        <span className={txt.spacer} />
        {turn.reward !== null && (
          <span className={t.reward} title="Reward for this step">
            r = {fmtNum(turn.reward, 4)}
          </span>
        )}
      </div>
      {text === '' ? (
        <div className={cx(txt.mutedText, t.empty)}>(empty)</div>
      ) : (
        <CollapsibleText
          text={text}
          expandKey={expandKey}
          // monospace as in the episode viewer's tool and env cards (pytest's columns, ls -la)
          className={cx(t.text, (turn.role === 'tool' || turn.role === 'env') && t.verbatimText)}
          fullSize={turn.elided?.text}
        />
      )}
    </div>
  )
}
