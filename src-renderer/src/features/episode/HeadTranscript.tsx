import { useMemo, type ReactNode } from 'react'
import type { EpisodeHead } from '@contract/model'
import { fmtInt } from '../../lib/format'
import { foldablePrompts } from '../../lib/foldable-prompts'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import txt from '../../styles/text.module.css'
import { TurnCard } from './TurnCard'
import transcript from './Transcript.module.css'
import css from './EpisodeView.module.css'

/**
 * An episode's first turns while its preview is still being read (EpisodeState.head): the tabs as the open episode
 * shows them, with its whole turn count, and the first turns drawn by the transcript's own cards, so the rows the
 * reader starts on are the ones that stay. The header and the rest come with the preview.
 */
export function HeadTranscript({ head }: { head: EpisodeHead }): ReactNode {
  const store = useAppStore()
  const activeTurn = useApp((s) => s.episode.activeTurn)
  // the head starts at the episode's first turn: the prompts folded are the transcript's
  const foldable = useMemo(() => foldablePrompts(head.turns), [head.turns])
  return (
    <>
      <div className={css.tabs}>
        {/* a tab list holds tabs only: the note beside it is a status of its own */}
        <div role="tablist" aria-busy="true" className={css.headTabs}>
          <button role="tab" aria-selected className={cx(css.tab, css.active)} data-testid="tab-transcript">
            Transcript{' '}
            <span className={txt.count} data-testid="head-turn-count">
              {fmtInt(head.turnCount)}
            </span>
          </button>
        </div>
        <span className={cx(txt.hint, css.reading)} role="status" data-testid="episode-head-note">
          Reading the rest of the episode…
        </span>
      </div>
      <div className={cx(transcript.transcript, css.headRows)} data-testid="episode-head">
        {head.turns.map((turn, i) => (
          <div key={turn.index} className={transcript.slot}>
            <TurnCard
              turn={turn}
              position={i}
              active={i === activeTurn}
              foldablePrompt={foldable.has(i)}
              onSelect={() => store.getState().setActiveTurn(i)}
            />
          </div>
        ))}
      </div>
    </>
  )
}
