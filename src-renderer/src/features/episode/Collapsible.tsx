import { useMemo, type ReactNode } from 'react'
import type { TextSize } from '@contract/model'
import { isLongText, previewText, sizeLabel, sizeLabelOf } from '../../lib/long-text'
import type { EditorSource } from '../../state/episode-slice'
import { useApp, useAppStore } from '../../state/store-context'
import txt from '../../styles/text.module.css'
import css from './Collapsible.module.css'

interface CollapsibleProps {
  text: string
  /** Open state in the store (`<position>:<part>`), so e / x and find can open and close it. */
  expandKey: string
  /** The full size when `text` is only the preview the engine sent (the rest is fetched on Show all). */
  fullSize?: TextSize
  /** Offers "Open in editor" (read-only Monaco) for this text. */
  editor?: EditorSource
  /** Draws the shown part: the preview while collapsed, everything once open. */
  children: (shown: string) => ReactNode
}

/**
 * A long text (observation, prompt, assistant markdown, tool code) collapsed to a preview of its
 * head with "Show all" / "Collapse", and optionally "Open in editor". Short texts are drawn whole.
 */
export function Collapsible(props: CollapsibleProps): ReactNode {
  const { text, expandKey, fullSize } = props
  const store = useAppStore()
  const expanded = useApp((s) => !!s.episode.expanded[expandKey])
  const fetching = useApp((s) => s.episode.fullLoading)
  // counting the lines of a 200 kB observation on every render of its row shows up when scrolling
  const long = useMemo(() => !!fullSize || isLongText(text), [fullSize, text])
  const label = useMemo(() => (!long ? '' : fullSize ? sizeLabelOf(fullSize) : sizeLabel(text)), [long, fullSize, text])
  const preview = useMemo(() => (long ? previewText(text) : text), [long, text])
  if (!long) return props.children(text)
  return (
    <div className={expanded ? undefined : css.closed}>
      {props.children(expanded && !fullSize ? text : preview)}
      {expanded && fullSize && <div className={txt.mutedText}>{fetching ? 'Loading the rest…' : ''}</div>}
      <div className={css.actions}>
        <button
          type="button"
          className={css.showAll}
          data-testid="show-all"
          aria-expanded={expanded}
          onClick={(e) => {
            e.stopPropagation()
            store.getState().toggleExpanded(expandKey)
          }}
        >
          {expanded ? 'Collapse' : `Show all (${label})`}
        </button>
        {props.editor && (
          <button
            type="button"
            className={css.showAll}
            data-testid="open-in-editor"
            onClick={(e) => {
              e.stopPropagation()
              if (props.editor) void store.getState().openEditor(props.editor)
            }}
          >
            Open in editor
          </button>
        )}
      </div>
    </div>
  )
}
