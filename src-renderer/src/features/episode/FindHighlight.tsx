import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { hasControls } from '../../lib/control-chars'
import { markTree, textRoot } from '../../lib/find-marks'
import { currentOrdinalIn, splitOnMatches } from '../../lib/find-in-turns'
import { useApp } from '../../state/store-context'
import { cx } from '../../lib/cx'
import findCss from '../../styles/find.module.css'
import { HastView } from './HastView'

/**
 * Plain text with the find query's occurrences marked; the current one is scrolled into view. A text holding
 * control characters is drawn as a tree instead, each control as its caret (`^D`), matched as shown.
 */
export function FindHighlight({ text, partKey }: { text: string; partKey: string }): ReactNode {
  return hasControls(text) ? <ControlText text={text} partKey={partKey} /> : <PlainText text={text} partKey={partKey} />
}

function ControlText({ text, partKey }: { text: string; partKey: string }): ReactNode {
  const query = useApp((s) => s.episode.find.query)
  const currentOrdinal = useApp((s) => currentOrdinalIn(s.episode.find, partKey))
  const marked = useMemo(() => markTree(textRoot(text), query), [text, query])
  return <HastView node={marked.tree} current={currentOrdinal < marked.count ? currentOrdinal : -1} />
}

function PlainText({ text, partKey }: { text: string; partKey: string }): ReactNode {
  const query = useApp((s) => s.episode.find.query)
  const currentOrdinal = useApp((s) => currentOrdinalIn(s.episode.find, partKey))
  const currentRef = useRef<HTMLElement>(null)
  useEffect(() => {
    // after the transcript's own scroll to the turn (a parent effect, run later in the same commit)
    const raf = requestAnimationFrame(() => currentRef.current?.scrollIntoView({ block: 'center' }))
    return () => cancelAnimationFrame(raf)
  }, [currentOrdinal, query])
  if (query === '') return text
  const pieces = splitOnMatches(text, query)
  if (pieces.length === 1) return text
  return pieces.map((piece, i) => {
    if (i % 2 === 0) return piece
    const ordinal = (i - 1) / 2
    const isCurrent = ordinal === currentOrdinal
    return (
      <mark
        key={i}
        ref={isCurrent ? currentRef : undefined}
        className={cx(findCss.hit, isCurrent && findCss.current)}
        data-testid={isCurrent ? 'find-current' : undefined}
      >
        {piece}
      </mark>
    )
  })
}
