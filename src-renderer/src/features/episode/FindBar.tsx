import { useEffect, useRef, useState, type ReactNode } from 'react'
import { handleElementKey } from '../../keymap/element-keys'
import { keyField } from '../../keymap/focus-field'
import { fmtInt } from '../../lib/format'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import css from './FindBar.module.css'

/** Typing settles for this long before the transcript is searched (10 MB episodes take a few ms per search). */
const SEARCH_DELAY_MS = 120

/**
 * Find in this episode (`/`): a query box with the match count, next / previous (Enter / Shift+Enter,
 * or the arrows) and Esc to close. Matches are highlighted in the transcript and revealed one by one.
 */
export function FindBar(): ReactNode {
  const store = useAppStore()
  const find = useApp((s) => s.episode.find)
  const [text, setText] = useState(find.query)
  const inputRef = useRef<HTMLInputElement>(null)

  // focused when it opens; `/` while it is open focuses it again (the keymap's episode bindings). Opened by a
  // search hit to mark its term, it leaves the keys to the transcript (j / k, Esc back to the hits)
  useEffect(() => {
    const s = store.getState()
    if (s.search.hitEpisodeId !== null && s.search.hitEpisodeId === s.openEpisodeId) return
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [store])

  useEffect(() => {
    if (text === store.getState().episode.find.query) return
    const t = setTimeout(() => store.getState().setFindQuery(text), SEARCH_DELAY_MS)
    return () => clearTimeout(t)
  }, [text, store])

  const step = (delta: number): void => {
    const s = store.getState()
    // Enter before the delay ran: search now rather than step through stale matches
    if (text !== s.episode.find.query) s.setFindQuery(text)
    else s.stepFind(delta)
  }

  const total = find.matches.length
  const count =
    find.query === ''
      ? ''
      : total === 0
        ? 'no matches'
        : `${fmtInt(find.current + 1)} of ${fmtInt(total)}${find.capped ? '+' : ''}`

  return (
    <div className={css.bar} role="search" data-testid="find-bar">
      <span aria-hidden>⌕</span>
      <input
        ref={inputRef}
        {...keyField('find')}
        className={css.input}
        data-testid="find-input"
        placeholder="Find in this episode"
        aria-label="Find in this episode"
        value={text}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        // the box's keys are about the box (the keymap lists them): its Esc closes only the bar, not the episode
        onKeyDown={(e) =>
          handleElementKey('find-box', e, {
            next: () => step(1),
            previous: () => step(-1),
            close: () => store.getState().closeFind()
          })
        }
      />
      <span
        className={cx(css.count, find.query !== '' && total === 0 ? txt.badText : txt.mutedText)}
        data-testid="find-count"
        aria-live="polite"
      >
        {count}
      </span>
      <button
        type="button"
        className={controls.iconBtn}
        title="Previous match (Shift+Enter)"
        disabled={total === 0}
        onClick={() => step(-1)}
        data-testid="find-prev"
      >
        ↑
      </button>
      <button
        type="button"
        className={controls.iconBtn}
        title="Next match (Enter)"
        disabled={total === 0}
        onClick={() => step(1)}
        data-testid="find-next"
      >
        ↓
      </button>
      <button
        type="button"
        className={controls.iconBtn}
        title="Close (Esc)"
        onClick={() => store.getState().closeFind()}
        data-testid="find-close"
      >
        ✕
      </button>
    </div>
  )
}
