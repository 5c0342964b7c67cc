import type { ReactNode } from 'react'
import type { TextSize } from '@contract/model'
import type { EditorSource } from '../../state/episode-slice'
import { Collapsible } from './Collapsible'
import { FindHighlight } from './FindHighlight'
import { cx } from '../../lib/cx'
import css from './CollapsibleText.module.css'

/**
 * Pre-wrapped plain text (never HTML) with find matches marked, collapsed when long (see
 * Collapsible). `expandKey` (`<position>:<part>`) also names the part for find, unless `findKey` does.
 */
export function CollapsibleText(props: {
  text: string
  expandKey: string
  className?: string
  findKey?: string
  fullSize?: TextSize
  editor?: EditorSource
}): ReactNode {
  const findKey = props.findKey ?? props.expandKey
  return (
    <Collapsible text={props.text} expandKey={props.expandKey} fullSize={props.fullSize} editor={props.editor}>
      {(shown) => (
        <pre className={cx(css.text, props.className)}>
          <FindHighlight text={shown} partKey={findKey} />
        </pre>
      )}
    </Collapsible>
  )
}
