import { useMemo, type ReactNode } from 'react'
import { currentMark, markTree } from '../../lib/find-marks'
import { highlightTree, type CodeLanguage } from '../../lib/highlight'
import { Collapsible } from './Collapsible'
import { HastView } from './HastView'
import codeCss from '../../styles/code.module.css'
import { cx } from '../../lib/cx'

/** Find state for one piece of a part: the query, the first ordinal of this piece, the part's current match. */
export interface FindInPiece {
  query: string
  /** Ordinal of this piece's first match within its part (a tool call's name comes before its body). */
  start: number
  /** The part's current match ordinal, -1 when the current match is elsewhere. */
  partCurrent: number
}

/**
 * A code block with syntax colours (and find marks): the highlighter's tree is drawn by HastView, which only ever
 * creates spans, marks and text.
 */
export function HighlightedCode(props: {
  code: string
  language: CodeLanguage | null
  className?: string
  find?: FindInPiece
}): ReactNode {
  const { code, language, find } = props
  const tree = useMemo(() => highlightTree(code, language), [code, language])
  const query = find?.query ?? ''
  const start = find?.start ?? 0
  const marked = useMemo(() => markTree(tree, query, start), [tree, query, start])
  const current = currentMark(find?.partCurrent ?? -1, start, marked.count)
  return (
    <pre className={cx(codeCss.block, codeCss.hl, props.className)} data-language={language ?? 'auto'}>
      <code>
        <HastView node={marked.tree} current={current} />
      </code>
    </pre>
  )
}

/** A highlighted code block that collapses when long. */
export function CollapsibleCode(props: {
  code: string
  language: CodeLanguage | null
  expandKey: string
  className?: string
  find?: FindInPiece
  editorTitle?: string
}): ReactNode {
  const editor = props.editorTitle !== undefined ? { title: props.editorTitle, text: props.code } : undefined
  return (
    <Collapsible text={props.code} expandKey={props.expandKey} editor={editor}>
      {(shown) => (
        <HighlightedCode code={shown} language={props.language} className={props.className} find={props.find} />
      )}
    </Collapsible>
  )
}
