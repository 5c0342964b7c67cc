import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { EpisodePreview } from '@contract/model'
import { foldablePrompts } from '../../lib/foldable-prompts'
import { useApp, useAppStore } from '../../state/store-context'
import { TurnCard } from './TurnCard'
import { NotReadGap } from './NotReadGap'
import panels from '../../styles/panels.module.css'
import { MeasuredRows } from '../../components/MeasuredRows'
import css from './Transcript.module.css'

/** Scrolled this far down the transcript, the reading has started: the header folds. */
const FOLD_AFTER_PX = 160

/** Every turn in order, virtualized with measured (dynamic) heights; j / k move the highlight (keymap/bindings/episode.ts). */
export function Transcript({ detail }: { detail: EpisodePreview }): ReactNode {
  const store = useAppStore()
  const activeTurn = useApp((s) => s.episode.activeTurn)
  const scrollRef = useRef<HTMLDivElement>(null)
  const turns = detail.turns
  const foldable = useMemo(() => foldablePrompts(turns), [turns])
  const virtualizer = useVirtualizer({
    count: turns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 140,
    overscan: 4,
    getItemKey: (i) => turns[i].index,
    paddingStart: 8,
    paddingEnd: 24,
    scrollPaddingStart: 8
  })

  const scrollSeq = useApp((s) => s.episode.scrollSeq)

  // Jumps (j / k, find, the reward strip, a deep link) bump scrollSeq; a click on a turn does not scroll.
  useEffect(() => {
    if (scrollSeq > 0) virtualizer.scrollToIndex(store.getState().episode.activeTurn, { align: 'start' })
  }, [scrollSeq, store, virtualizer])

  if (turns.length === 0)
    return (
      <div className={panels.placeholder}>
        {detail.transcript
          ? 'This episode has no turns.'
          : 'Nothing to step through: only the harness report is on disk.'}
      </div>
    )

  return (
    <div
      className={css.transcript}
      ref={scrollRef}
      data-testid="transcript"
      // scrolling down to read folds the header (once; the user may open it again)
      onScroll={(e) => e.currentTarget.scrollTop > FOLD_AFTER_PX && store.getState().foldHeaderWhileReading()}
    >
      <MeasuredRows virtualizer={virtualizer} slotClassName={css.slot}>
        {(i) => (
          <>
            {turns[i].notReadBefore ? <NotReadGap count={turns[i].notReadBefore} cuts={detail.cuts} /> : null}
            <TurnCard
              turn={turns[i]}
              position={i}
              active={i === activeTurn}
              foldablePrompt={foldable.has(i)}
              onSelect={() => store.getState().setActiveTurn(i)}
            />
          </>
        )}
      </MeasuredRows>
    </div>
  )
}
