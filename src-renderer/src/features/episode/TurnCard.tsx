import { memo, useState, type ReactNode } from 'react'
import type { TextSize, Turn } from '@contract/model'
import { Badge } from '../../components/Badge'
import { fmtInt, fmtNum } from '../../lib/format'
import { countLines, sizeLabel, sizeLabelOf } from '../../lib/long-text'
import { turnLabel } from '../../lib/turn-label'
import { useApp, useAppStore } from '../../state/store-context'
import { CollapsibleText } from './CollapsibleText'
import { AssistantMarkdown } from './MarkdownText'
import { ToolCallView } from './ToolCallView'
import { TurnError, TurnImages, TurnMetaBadges } from './TurnExtras'
import { stripAnsi } from '../../lib/ansi'
import { visibleParts } from '../../lib/thinking'
import { TurnLabels } from '../labels/TurnLabels'
import { TurnNoteButton, TurnNoteEditor } from '../labels/TurnNote'

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
export const TurnCard = memo(function TurnCard({ turn, position, active, foldablePrompt, onSelect }: TurnCardProps): ReactNode {
  const label = turnLabel(turn)
  // terminal colour codes (pane captures, test output) are dropped, never shown raw
  // a leading <think>…</think> is shown as the (collapsed) reasoning, not as text
  const shown = visibleParts(turn)
  const text = stripAnsi(shown.text)
  const promptOpen = useApp((s) => !!s.episode.expanded[`${position}:prompt`])
  const folded = !!foldablePrompt && !promptOpen
  const textEditor = { title: editorTitle(turn), position, part: 'text' as const }
  const [noteOpen, setNoteOpen] = useState(false)
  return (
    <article
      className={`turn role-${turn.role} ${active ? 'active' : ''} ${turn.isPrompt ? 'is-prompt' : ''} ${folded ? 'is-folded' : ''}`}
      data-testid="turn-row"
      data-turn={turn.index}
      data-role={turn.role}
      onClick={onSelect}
    >
      <div className="turn-head">
        <span className="turn-index mono" title={turn.meta?.timestamp}>
          #{turn.index}
        </span>
        <Badge tone={`role-${turn.role}`} testId="turn-role">
          {turn.role}
        </Badge>
        {label.origin && <span className={`origin origin-${label.origin}`}>{label.origin}</span>}
        {label.observation && !turn.meta?.simulatedUser && <span className="origin origin-observation">observation</span>}
        <TurnMetaBadges turn={turn} />
        {label.toolLabel && (
          <span className="tool-result-label mono" title="Result of this tool call">
            ↳ {label.toolLabel}
          </span>
        )}
        <span className="spacer" />
        {active && !noteOpen && <TurnNoteButton turn={turn.index} onOpen={() => setNoteOpen(true)} />}
        {turn.tokens !== null && <span className="turn-meta">{fmtInt(turn.tokens)} tok</span>}
        {turn.done === true && <span className="turn-meta">done</span>}
        {turn.reward !== null && (
          <span className="turn-reward mono" data-testid="turn-reward" title="Reward for this step">
            r = {fmtNum(turn.reward, 4)}
          </span>
        )}
        {foldablePrompt && <PromptToggle open={promptOpen} expandKey={`${position}:prompt`} />}
      </div>
      <TurnLabels turn={turn.index} />
      {noteOpen && <TurnNoteEditor turn={turn.index} onClose={() => setNoteOpen(false)} />}
      {folded ? (
        <PromptPreview text={text} size={turn.elided?.text} />
      ) : (
        <>
          <TurnError turn={turn} />
          {shown.reasoning && (
            <Reasoning text={stripAnsi(shown.reasoning)} expandKey={`${position}:reasoning`} fullSize={turn.reasoning ? turn.elided?.reasoning : undefined} />
          )}
          {text !== '' &&
            // only the model's own words are markdown; prompts, observations and tool output stay verbatim text
            (turn.role === 'assistant' ? (
              <AssistantMarkdown text={text} expandKey={`${position}:text`} fullSize={turn.elided?.text} editor={textEditor} />
            ) : (
              <CollapsibleText text={text} expandKey={`${position}:text`} className="turn-text" fullSize={turn.elided?.text} editor={textEditor} />
            ))}
          <TurnImages turn={turn} />
          {text === '' && turn.toolCalls.length === 0 && !shown.reasoning && !turn.images?.length && <div className="muted-text empty-turn">(empty)</div>}
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
function editorTitle(turn: Turn): string {
  return `#${turn.index} ${turn.role}${turn.toolName ? ` · ${turn.toolName}` : ''}`
}

function PromptToggle({ open, expandKey }: { open: boolean; expandKey: string }): ReactNode {
  const store = useAppStore()
  return (
    <button
      type="button"
      className="link-btn prompt-toggle"
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
  return (
    <div className="prompt-preview" data-testid="prompt-preview">
      <span className="prompt-line">{first.length > 240 ? `${first.slice(0, 240)}…` : first}</span>
      <span className="muted-text prompt-size">{size ? sizeLabelOf(size) : sizeLabel(text)}</span>
    </div>
  )
}

const linesLabel = (n: number): string => `${fmtInt(n)} line${n === 1 ? '' : 's'}`

function Reasoning({ text, expandKey, fullSize }: { text: string; expandKey: string; fullSize?: TextSize }): ReactNode {
  const store = useAppStore()
  const open = useApp((s) => !!s.episode.expanded[expandKey])
  return (
    <div className="reasoning">
      <button
        type="button"
        className="disclosure reasoning-toggle"
        aria-expanded={open}
        data-testid="reasoning-toggle"
        onClick={(e) => {
          e.stopPropagation()
          store.getState().toggleExpanded(expandKey)
        }}
      >
        <span className="chevron" aria-hidden>
          {open ? '▾' : '▸'}
        </span>
        Reasoning <span className="muted-text">({linesLabel(fullSize?.lines ?? countLines(text))})</span>
      </button>
      {open && <CollapsibleText text={text} expandKey={`${expandKey}:text`} findKey={expandKey} className="reasoning-text" fullSize={fullSize} />}
    </div>
  )
}
