import type { ReactNode } from 'react'
import { isLongText, previewText, sizeLabel } from '../../lib/long-text'
import { useApp, useAppStore } from '../../state/store-context'
import { FindHighlight } from './FindHighlight'

/**
 * Pre-wrapped plain text (never HTML) with find matches marked; long texts show a preview and a
 * "show all" toggle. `expandKey` (`<position>:<part>`) also names the part for find, unless `findKey` does.
 */
export function CollapsibleText(props: {
  text: string
  expandKey: string
  className?: string
  findKey?: string
  /** When set, a long text also offers "Open in editor" (read-only Monaco) under this title. */
  editorTitle?: string
}): ReactNode {
  const { text, expandKey } = props
  const findKey = props.findKey ?? expandKey
  const store = useAppStore()
  const long = isLongText(text)
  const expanded = useApp((s) => !!s.episode.expanded[expandKey])
  const cls = `pre-text ${props.className ?? ''}`
  if (!long)
    return (
      <pre className={cls}>
        <FindHighlight text={text} partKey={findKey} />
      </pre>
    )
  return (
    <div className={`collapsible ${expanded ? 'is-open' : 'is-closed'}`}>
      <pre className={cls}>
        <FindHighlight text={expanded ? text : previewText(text)} partKey={findKey} />
      </pre>
      <div className="collapsible-actions">
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
        {props.editorTitle !== undefined && (
          <button
            type="button"
            className="show-all"
            data-testid="open-in-editor"
            onClick={(e) => {
              e.stopPropagation()
              store.getState().openEditor({ title: props.editorTitle ?? '', text })
            }}
          >
            Open in editor
          </button>
        )}
      </div>
    </div>
  )
}
