import type { ReactNode } from 'react'
import { isLongText, previewText, sizeLabel } from '../../lib/long-text'
import { useApp, useAppStore } from '../../state/store-context'

/** Pre-wrapped plain text (never HTML); long texts show a preview and a "show all" toggle. */
export function CollapsibleText(props: { text: string; expandKey: string; className?: string }): ReactNode {
  const { text, expandKey } = props
  const store = useAppStore()
  const long = isLongText(text)
  const expanded = useApp((s) => !!s.episode.expanded[expandKey])
  const cls = `pre-text ${props.className ?? ''}`
  if (!long) return <pre className={cls}>{text}</pre>
  return (
    <div className={`collapsible ${expanded ? 'is-open' : 'is-closed'}`}>
      <pre className={cls}>{expanded ? text : previewText(text)}</pre>
      <button
        type="button"
        className="show-all"
        data-testid="show-all"
        aria-expanded={expanded}
        onClick={(e) => {
          e.stopPropagation()
          store.getState().toggleExpanded(expandKey)
        }}
      >
        {expanded ? 'Collapse' : `Show all (${sizeLabel(text)})`}
      </button>
    </div>
  )
}
