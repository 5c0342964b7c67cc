import { useEffect, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { EpisodeDetail } from '@contract/model'
import { useApp, useAppStore } from '../../state/store-context'
import { isTypingTarget } from '../../lib/keys'
import { TurnCard } from './TurnCard'

/** Every turn in order, virtualized with measured (dynamic) heights; j / k move the highlight. */
export function Transcript({ detail }: { detail: EpisodeDetail }): ReactNode {
  const store = useAppStore()
  const activeTurn = useApp((s) => s.episode.activeTurn)
  const scrollRef = useRef<HTMLDivElement>(null)
  const turns = detail.turns
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

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return
      if (e.key !== 'j' && e.key !== 'k') return
      e.preventDefault()
      store.getState().moveActiveTurn(e.key === 'j' ? 1 : -1)
      virtualizer.scrollToIndex(store.getState().episode.activeTurn, { align: 'start' })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store, virtualizer])

  if (turns.length === 0) return <div className="panel-placeholder">This episode has no turns.</div>

  return (
    <div className="transcript" ref={scrollRef} data-testid="transcript">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="vrow turn-slot"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <TurnCard
              turn={turns[item.index]}
              position={item.index}
              active={item.index === activeTurn}
              onSelect={() => store.getState().setActiveTurn(item.index)}
            />
          </div>
        ))}
      </div>
    </div>
  )
}
