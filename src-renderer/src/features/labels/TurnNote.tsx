import { useState, type ReactNode } from 'react'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import css from './TurnNote.module.css'

/**
 * A note on a single turn (PRODUCT.md §2.7: "notes on an episode or a single turn"). The highlighted turn's head
 * has a small "note" action (in the head, so moving through turns never shifts the transcript); it opens an editor
 * under the head: Ctrl/Cmd+Enter or Save keeps the note, Esc or Cancel drops the edit, an empty note is removed.
 * The note itself shows with the turn's labels (TurnLabels).
 */
export function TurnNoteButton({ turn, onOpen }: { turn: number; onOpen(): void }): ReactNode {
  const hasNote = useApp((s) => (s.labels.current?.turns.find((t) => t.turn === turn)?.note ?? null) !== null)
  return (
    <button
      type="button"
      className={cx(controls.linkBtn, css.action)}
      data-testid="turn-note-edit"
      title="A free-text note on this turn"
      onClick={(e) => {
        e.stopPropagation()
        onOpen()
      }}
    >
      ✎ {hasNote ? 'edit note' : 'note'}
    </button>
  )
}

export function TurnNoteEditor({ turn, onClose }: { turn: number; onClose(): void }): ReactNode {
  const store = useAppStore()
  const note = useApp((s) => s.labels.current?.turns.find((t) => t.turn === turn)?.note ?? null)
  const [draft, setDraft] = useState(note ?? '')
  const save = (): void => {
    onClose()
    if (draft.trim() !== (note ?? '')) void store.getState().setEpisodeNote(draft.trim(), turn)
  }
  return (
    <div className={css.editor} onClick={(e) => e.stopPropagation()}>
      <textarea
        autoFocus
        rows={2}
        maxLength={100_000}
        data-testid="turn-note-input"
        aria-label={`Note on turn ${turn}`}
        placeholder="Note on this turn (empty removes it) — Ctrl+Enter saves, Esc cancels"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        // the note box's own keys (Esc cancels, Ctrl+Enter saves): about the focused box, not shortcuts
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation() // Esc closes the editor, not the episode
            onClose()
          }
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            save()
          }
        }}
      />
      <div className={css.buttons}>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={controls.primary} data-testid="turn-note-save" onClick={save}>
          Save
        </button>
      </div>
    </div>
  )
}
