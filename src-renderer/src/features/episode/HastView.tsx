import { useEffect, useRef, type ReactNode } from 'react'
import type { Element, ElementContent, Root } from 'hast'
import { CONTROL_CLASS } from '../../lib/control-chars'
import { markOrdinal } from '../../lib/find-marks'
import { currentOrdinalIn } from '../../lib/find-in-turns'
import { useApp } from '../../state/store-context'
import { cx } from '../../lib/cx'
import code from '../../styles/code.module.css'
import findCss from '../../styles/find.module.css'

/**
 * Draws a tree this app built itself (highlighter output, diff rows, control carets, find marks) as React elements. Whatever the
 * tree holds, only <span> with known class names, <mark> and text come out: no tag name or attribute is taken from
 * the input.
 */
export function HastView({ node, current = -1 }: { node: Root | Element; current?: number }): ReactNode {
  const state = { current, tagged: false }
  return <>{node.children.map((c, i) => renderNode(c as ElementContent, i, state))}</>
}

interface RenderState {
  /** The ordinal of the current find match among the marks, -1 for none. */
  current: number
  /** Whether the current match's first piece already carries the test id. */
  tagged: boolean
}

/** highlight.js's token classes, and the diff lines ToolCallView builds: the only classes a tree's spans keep. */
const HLJS_CLASS = /^hljs-[\w-]+$/
const OWN_CLASSES = new Set([code.diffLine, code.diffOp, code.diffAdd, code.diffDel, code.diffGap])

function renderNode(node: ElementContent, key: number, state: RenderState): ReactNode {
  if (node.type === 'text') return node.value
  if (node.type !== 'element') return null
  const children = node.children.map((c, i) => renderNode(c, i, state))
  const ordinal = markOrdinal(node)
  if (ordinal !== null) {
    const isCurrent = ordinal === state.current
    const first = isCurrent && !state.tagged
    if (first) state.tagged = true
    return (
      <FindMark key={key} current={isCurrent} first={first}>
        {children}
      </FindMark>
    )
  }
  if (isControl(node)) {
    const title = node.properties?.title
    return (
      <span key={key} className={code.control} title={typeof title === 'string' ? title : undefined} data-control>
        {children}
      </span>
    )
  }
  return (
    <span key={key} className={classOf(node)} data-diff={diffOf(node)}>
      {children}
    </span>
  )
}

/** A control character's caret span (lib/control-chars.ts markControls). */
function isControl(node: Element): boolean {
  const cls = node.properties?.className
  return Array.isArray(cls) && cls.includes(CONTROL_CLASS)
}

/** A diff row says what it is (del, add, gap, context) in `data-diff`, for whoever reads the page without its styles. */
function diffOf(node: Element): string | undefined {
  const op = node.properties?.dataDiff
  return typeof op === 'string' ? op : undefined
}

function classOf(node: Element): string | undefined {
  const cls = node.properties?.className
  if (!Array.isArray(cls)) return undefined
  return (
    cls.filter((c): c is string => typeof c === 'string' && (HLJS_CLASS.test(c) || OWN_CLASSES.has(c))).join(' ') ||
    undefined
  )
}

/** One find hit; the current one scrolls itself into view when it becomes current. */
export function FindMark({
  current,
  first,
  children
}: {
  current: boolean
  first: boolean
  children: ReactNode
}): ReactNode {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!current || !first) return
    // after the transcript's own scroll to the turn (a parent effect, run later in the same commit)
    const raf = requestAnimationFrame(() => ref.current?.scrollIntoView({ block: 'center' }))
    return () => cancelAnimationFrame(raf)
  }, [current, first])
  return (
    <mark
      ref={first ? ref : undefined}
      className={cx(findCss.hit, current && findCss.current)}
      data-testid={first ? 'find-current' : undefined}
    >
      {children}
    </mark>
  )
}

/**
 * The find query and, when the current match is in the part named `partKey` (`<position>:<part>`, as in
 * lib/find-in-turns.ts), its ordinal among that part's matches (currentOrdinalIn); -1 otherwise.
 */
export function useFindPart(partKey: string): { query: string; current: number } {
  const query = useApp((s) => s.episode.find.query)
  const current = useApp((s) => currentOrdinalIn(s.episode.find, partKey))
  return { query, current }
}
