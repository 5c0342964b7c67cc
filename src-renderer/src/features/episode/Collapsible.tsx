import { useMemo, type ReactNode } from 'react'
import type { TextSize } from '@contract/model'
import { isLongText, previewText, sizeLabel, sizeLabelOf } from '../../lib/long-text'
import type { EditorSource } from '../../state/episode-slice'
import { cx } from '../../lib/cx'
import { useApp, useAppStore } from '../../state/store-context'
import { fmtInt } from '../../lib/format'
import { readable } from '../../lib/readable'
import codeCss from '../../styles/code.module.css'
import txt from '../../styles/text.module.css'
import css from './Collapsible.module.css'

/**
 * Past this many characters "Show all" draws the text plain: markdown with syntax colours of a 2 MB turn held the page
 * for seconds (10 MB: 18 s), while plain text lays out in a fraction of that.
 */
export const PLAIN_PAST_CHARS = 200_000
/** Past this many, "Show all" draws this many and the editor (which draws only what is in view) has the whole text. */
export const SHOWN_MAX_CHARS = 2_000_000

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
  const whole = expanded && !fullSize
  return (
    <div className={expanded ? undefined : css.closed}>
      {whole && text.length > PLAIN_PAST_CHARS ? (
        <PlainLongText text={text} hasEditor={!!props.editor} />
      ) : (
        props.children(whole ? text : preview)
      )}
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

/** A very long text shown whole as plain lines (no markdown, no colours), its first SHOWN_MAX_CHARS at most. */
function PlainLongText({ text, hasEditor }: { text: string; hasEditor: boolean }): ReactNode {
  const cut = text.length > SHOWN_MAX_CHARS
  const shown = useMemo(() => readable(cut ? text.slice(0, SHOWN_MAX_CHARS) : text), [text, cut])
  return (
    <div data-testid="plain-long-text">
      <p className={txt.mutedText}>
        {cut
          ? `The first ${fmtInt(SHOWN_MAX_CHARS)} of ${fmtInt(text.length)} characters, as plain text${hasEditor ? ': Open in editor for the whole of it' : ''}.`
          : `As plain text: past ${fmtInt(PLAIN_PAST_CHARS)} characters, markdown and colours would hold the page up.`}
      </p>
      <pre className={cx(codeCss.block, css.plain)}>{shown}</pre>
    </div>
  )
}
