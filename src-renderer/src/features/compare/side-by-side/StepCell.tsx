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
export const StepCell = memo(function StepCell(props: { detail: EpisodePreview; action: Action | undefined; step: number | null; missingLabel: string }): ReactNode {
  const { detail, action, step } = props
  if (!action || step === null) return <div className="sbs-cell-empty">{props.missingLabel}</div>
  const turn = detail.turns[action.position]
  const prefix = expandPrefix(detail.id)
  const shown = visibleParts(turn)
  const words = stripAnsi(shown.text)
  const withWords = (action.call === null || action.call === 0) && words.trim() !== ''
  const call = action.call === null ? null : turn.toolCalls[action.call]
  return (
    <div className="sbs-step">
      <div className="sbs-step-head">
        <span className="sbs-step-no mono" title={`Action ${step + 1} of this episode; turn #${turn.index}`}>
          step {step + 1}
        </span>
        <span className="muted-text mono">#{turn.index}</span>
        {action.call === null && <Badge tone="role-assistant">says</Badge>}
        {call && turn.toolCalls.length > 1 && (
          <span className="muted-text">
            call {action.call! + 1} of {turn.toolCalls.length}
          </span>
        )}
      </div>
      {withWords && (
        <AssistantMarkdown text={words} expandKey={`${prefix}${action.position}:text`} fullSize={turn.elided?.text} />
      )}
      {action.call === null && !withWords && <div className="muted-text empty-turn">(empty)</div>}
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
    <div className="sbs-obs" data-testid="sbs-observation">
      <div className="sbs-obs-head">
        <Badge tone={`role-${turn.role}`}>{turn.role}</Badge>
        <span className="muted-text mono">#{turn.index}</span>
        {turn.toolName && <span className="tool-result-label mono">↳ {turn.toolName}</span>}
        <span className="spacer" />
        {turn.reward !== null && (
          <span className="turn-reward mono" title="Reward for this step">
            r = {fmtNum(turn.reward, 4)}
          </span>
        )}
      </div>
      {text === '' ? (
        <div className="muted-text empty-turn">(empty)</div>
      ) : (
        <CollapsibleText text={text} expandKey={expandKey} className="turn-text" fullSize={turn.elided?.text} />
      )}
    </div>
  )
}
