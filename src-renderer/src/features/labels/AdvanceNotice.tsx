import { useEffect, type ReactNode } from 'react'
import { UNDO_ADVANCE } from '../../keymap/bindings/reading'
import { KeyHint } from '../../keymap/KeyCaps'
import { useApp, useAppStore } from '../../state/store-context'
import controls from '../../styles/controls.module.css'
import css from './AdvanceNotice.module.css'

/** How long the notice stays after an auto-advance (Undo stays on `u` only while it shows). */
const SHOWN_MS = 12_000

/**
 * After a label key moved the review queue on (auto-advance), says which label went on which episode, with Undo:
 * the chips of the episode left behind are off screen, so without this a wrong key goes unnoticed.
 */
export function AdvanceNotice(): ReactNode {
  const store = useAppStore()
  const advanced = useApp((s) => (s.labels.advanced?.nextEpisodeId === s.openEpisodeId ? s.labels.advanced : null))
  useEffect(() => {
    if (!advanced) return
    const t = setTimeout(() => store.getState().dismissAdvance(), SHOWN_MS)
    return () => clearTimeout(t)
  }, [advanced, store])
  if (!advanced) return null
  return (
    <div className={css.notice} role="status" data-testid="advance-notice">
      <span>
        Labelled <b>{advanced.title}</b> <span className={css.label}>{advanced.label}</span>, moved on
      </span>
      <button
        type="button"
        className={controls.linkBtn}
        data-testid="advance-undo"
        onClick={() => store.getState().undoAdvance()}
      >
        Undo
      </button>
      <KeyHint binding={UNDO_ADVANCE} />
      <button
        type="button"
        className={controls.iconBtn}
        aria-label="Dismiss"
        title="Dismiss"
        onClick={() => store.getState().dismissAdvance()}
      >
        ×
      </button>
    </div>
  )
}
