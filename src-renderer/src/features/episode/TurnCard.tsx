import { memo, type ReactNode } from 'react'
import type { TextSize, Turn } from '@contract/model'
import { Badge } from '../../components/Badge'
import { fmtInt, fmtNum } from '../../lib/format'
import { countLines, sizeLabel, sizeLabelOf } from '../../lib/long-text'
import { turnLabel } from '../../lib/turn-label'
import { useApp, useAppStore } from '../../state/store-context'
import { CollapsibleText } from './CollapsibleText'
import { AssistantMarkdown } from './MarkdownText'
import { ToolCallView } from './ToolCallView'
import { SubAgentBadge, TurnError, TurnImages, TurnMetaBadges } from './TurnExtras'
import { stripAnsi } from '../../lib/ansi'
import { editorTitle } from '../../lib/turn-text'
import { visibleParts } from '../../lib/thinking'
import { TurnLabels } from '../labels/TurnLabels'
import { TurnNoteButton, TurnNoteEditor } from '../labels/TurnNote'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import t from '../../styles/turn.module.css'
import css from './TurnCard.module.css'

/** The colour of each role's card edge. */
const ROLE_CLASS: Record<Turn['role'], string> = {
  system: t.roleSystem,
  user: t.roleUser,
  assistant: t.roleAssistant,
  tool: t.roleTool,
  env: t.roleEnv
}

interface TurnCardProps {
  turn: Turn
  /** Position in the transcript (the key for expand state and the highlight). */
  position: number
  active: boolean
  /** A system prompt or the first user prompt: folded to a one-line preview until expanded. */
  foldablePrompt?: boolean
  onSelect(): void
}

/** One turn: role badges, reasoning (collapsed), text, tool calls, per-turn reward. */
export const TurnCard = memo(function TurnCard({
  turn,
  position,
  active,
  foldablePrompt,
  onSelect
}: TurnCardProps): ReactNode {
  const store = useAppStore()
  const label = turnLabel(turn)
  // terminal colour codes (pane captures, test output) are dropped, never shown raw
  // a leading <think>…</think> is shown as the (collapsed) reasoning, not as text
  const shown = visibleParts(turn)
  const text = stripAnsi(shown.text)
  const promptOpen = useApp((s) => !!s.episode.expanded[`${position}:prompt`])
  const folded = !!foldablePrompt && !promptOpen
  const textEditor = { title: editorTitle(turn), position, part: 'text' as const }
  // the note editor of this turn is open (its ✎ note button, or `N` on the highlighted turn)
  const noteOpen = useApp((s) => s.episode.noteTurn === position)
  return (
    <article
      className={cx(
        t.turn,
        ROLE_CLASS[turn.role],
        active && t.active,
        turn.isPrompt && t.prompt,
        turn.agent && t.subAgent
      )}
      aria-current={active || undefined}
      data-testid="turn-row"
      data-turn={turn.index}
      data-role={turn.role}
      onClick={onSelect}
    >
      <div className={css.head} data-testid="turn-head">
        <span className={css.index} title={turn.meta?.timestamp}>
          #{turn.index}
        </span>
        <Badge tone={`role-${turn.role}`} testId="turn-role">
          {turn.role}
        </Badge>
        {turn.agent && <SubAgentBadge agent={turn.agent} />}
        {label.origin && (
          <span className={cx(t.origin, label.origin === 'generated' && t.originGenerated)} data-testid="turn-origin">
            {label.origin}
          </span>
        )}
        {label.observation && !turn.meta?.simulatedUser && (
          <span className={cx(t.origin, t.originObservation)} data-testid="turn-observation">
            observation
          </span>
        )}
        <TurnMetaBadges turn={turn} />
        {label.toolLabel && (
          <span className={t.toolResultLabel} title="Result of this tool call">
            ↳ {label.toolLabel}
          </span>
        )}
        <span className={txt.spacer} />
        {active && !noteOpen && (
          <TurnNoteButton turn={turn.index} onOpen={() => store.getState().setNoteTurn(position)} />
        )}
        {turn.tokens !== null && <span className={t.meta}>{fmtInt(turn.tokens)} tok</span>}
        {turn.done === true && <span className={t.meta}>done</span>}
        {turn.reward !== null && (
          <span className={t.reward} data-testid="turn-reward" title="Reward for this step">
            r = {fmtNum(turn.reward, 4)}
          </span>
        )}
        {foldablePrompt && <PromptToggle open={promptOpen} expandKey={`${position}:prompt`} />}
      </div>
      <TurnLabels turn={turn.index} />
      {noteOpen && <TurnNoteEditor turn={turn.index} onClose={() => store.getState().setNoteTurn(null)} />}
      {folded ? (
        <PromptPreview text={text} size={turn.elided?.text} />
      ) : (
        <>
          <TurnError turn={turn} />
          {shown.reasoning && (
            <Reasoning
              text={stripAnsi(shown.reasoning)}
              expandKey={`${position}:reasoning`}
              fullSize={turn.reasoning ? turn.elided?.reasoning : undefined}
            />
          )}
          {text !== '' &&
            // only the model's own words are markdown; prompts, observations and tool output stay verbatim text
            (turn.role === 'assistant' ? (
              <AssistantMarkdown
                text={text}
                expandKey={`${position}:text`}
                fullSize={turn.elided?.text}
                editor={textEditor}
              />
            ) : (
              <CollapsibleText
                text={text}
                expandKey={`${position}:text`}
                className={t.text}
                fullSize={turn.elided?.text}
                editor={textEditor}
              />
            ))}
          <TurnImages turn={turn} />
          {text === '' && turn.toolCalls.length === 0 && !shown.reasoning && !turn.images?.length && (
            <div className={cx(txt.mutedText, t.empty)}>(empty)</div>
          )}
          {turn.toolCalls.map((call, i) => (
            // drawn by kind (shell, python, file edit, patch, else JSON): see lib/tool-view.ts
            <ToolCallView key={i} call={call} expandKey={`${position}:call:${i}`} />
          ))}
        </>
      )}
    </article>
  )
})

/** "#12 tool · bash" for the editor overlay's title. */
function PromptToggle({ open, expandKey }: { open: boolean; expandKey: string }): ReactNode {
  const store = useAppStore()
  return (
    <button
      type="button"
      className={cx(controls.linkBtn, css.promptToggle)}
      aria-expanded={open}
      data-testid="prompt-toggle"
      onClick={(e) => {
        e.stopPropagation()
        store.getState().toggleExpanded(expandKey)
      }}
    >
      {open ? 'fold' : 'show'}
    </button>
  )
}

/** The first non-empty line of a folded prompt, and how much more there is. */
function PromptPreview({ text, size }: { text: string; size?: TextSize }): ReactNode {
  const first = text.split('\n').find((l) => l.trim() !== '') ?? ''
  const line = first.length > 240 ? `${first.slice(0, 240)}…` : first
  return (
    <div className={css.promptPreview} data-testid="prompt-preview">
      {/* cut to the card's width: the title holds the line */}
      <span className={css.promptLine} title={line}>
        {line}
      </span>
      <span className={cx(txt.mutedText, css.promptSize)}>{size ? sizeLabelOf(size) : sizeLabel(text)}</span>
    </div>
  )
}

const linesLabel = (n: number): string => `${fmtInt(n)} line${n === 1 ? '' : 's'}`

function Reasoning({ text, expandKey, fullSize }: { text: string; expandKey: string; fullSize?: TextSize }): ReactNode {
  const store = useAppStore()
  const open = useApp((s) => !!s.episode.expanded[expandKey])
  return (
    <div className={css.reasoning}>
      <button
        type="button"
        className={cx(controls.disclosure, css.toggle)}
        aria-expanded={open}
        data-testid="reasoning-toggle"
        onClick={(e) => {
          e.stopPropagation()
          store.getState().toggleExpanded(expandKey)
        }}
      >
        <span className={controls.chevron} aria-hidden>
          {open ? '▾' : '▸'}
        </span>
        Reasoning <span className={txt.mutedText}>({linesLabel(fullSize?.lines ?? countLines(text))})</span>
      </button>
      {open && (
        <CollapsibleText
          text={text}
          expandKey={`${expandKey}:text`}
          findKey={expandKey}
          className={css.text}
          fullSize={fullSize}
        />
      )}
    </div>
  )
}
