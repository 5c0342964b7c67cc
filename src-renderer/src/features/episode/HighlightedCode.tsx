import { useMemo, type ReactNode } from 'react'
import type { ElementContent, Root } from 'hast'
import { highlightTree, type CodeLanguage } from '../../lib/highlight'
import { isLongText, previewText, sizeLabel } from '../../lib/long-text'
import { useApp, useAppStore } from '../../state/store-context'

/**
 * A code block with syntax colours. The highlighter's tree is walked into <span className> elements and text:
 * whatever the tree holds, nothing but spans and text is ever created (no tag names or attributes from the input).
 */
export function HighlightedCode(props: { code: string; language: CodeLanguage | null; className?: string }): ReactNode {
  const { code, language } = props
  const tree = useMemo(() => highlightTree(code, language), [code, language])
  return (
    <pre className={`code-block hl ${props.className ?? ''}`} data-language={language ?? 'auto'}>
      <code>{renderChildren(tree)}</code>
    </pre>
  )
}

function renderChildren(node: Root | Extract<ElementContent, { type: 'element' }>): ReactNode[] {
  return node.children.map((child, i) => renderNode(child as ElementContent, i))
}

function renderNode(node: ElementContent, key: number): ReactNode {
  if (node.type === 'text') return node.value
  if (node.type !== 'element') return null
  const cls = node.properties?.className
  const className = Array.isArray(cls) ? cls.filter((c): c is string => typeof c === 'string' && c.startsWith('hljs-')).join(' ') : undefined
  return (
    <span key={key} className={className || undefined}>
      {renderChildren(node)}
    </span>
  )
}

/**
 * Long content shown collapsed the way CollapsibleText does it (a preview of the head, then "Show all" / "Collapse",
 * open state in the store under `expandKey`), with the caller drawing the shown part.
 */
export function Collapsible(props: { text: string; expandKey: string; children: (shown: string) => ReactNode }): ReactNode {
  const { text, expandKey } = props
  const store = useAppStore()
  const long = isLongText(text)
  const expanded = useApp((s) => !!s.episode.expanded[expandKey])
  if (!long) return props.children(text)
  return (
    <div className={`collapsible ${expanded ? 'is-open' : 'is-closed'}`}>
      {props.children(expanded ? text : previewText(text))}
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

/** A highlighted code block that collapses when long. */
export function CollapsibleCode(props: { code: string; language: CodeLanguage | null; expandKey: string; className?: string }): ReactNode {
  return (
    <Collapsible text={props.code} expandKey={props.expandKey}>
      {(shown) => <HighlightedCode code={shown} language={props.language} className={props.className} />}
    </Collapsible>
  )
}
