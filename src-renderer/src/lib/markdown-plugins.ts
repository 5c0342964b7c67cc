/**
 * The rehype steps of the assistant-markdown pipeline (MarkdownText.tsx). Each works on the HTML syntax tree that
 * remark-rehype built; none of them ever turns text into markup.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { markControls } from './control-chars'
import { currentMark, markOrdinal, markTree } from './find-marks'
import { highlightTree, languageFor, type CodeLanguage } from './highlight'

/** Parents whose raw-HTML children are whole blocks (inline HTML sits inside a paragraph or heading instead). */
const BLOCK_PARENTS = new Set(['blockquote', 'li', 'section', 'td', 'th'])

/**
 * A raw HTML block becomes a paragraph holding its source as text, so it keeps its own lines instead of running
 * into its neighbours once react-markdown turns `raw` nodes into text. Inline raw HTML is left to react-markdown.
 */
export function rawBlocksAsText(options: { className: string }) {
  const wrap = (node: RootContent): RootContent =>
    node.type === 'raw'
      ? {
          type: 'element',
          tagName: 'p',
          properties: { className: [options.className] },
          children: [{ type: 'text', value: node.value }]
        }
      : node
  const walk = (parent: Root | Element): void => {
    if (parent.type === 'root' || BLOCK_PARENTS.has(parent.tagName))
      parent.children = parent.children.map(wrap) as typeof parent.children
    for (const child of parent.children) if (child.type === 'element') walk(child)
  }
  return (tree: Root): void => walk(tree)
}

/**
 * Every `pre > code` block gets the highlighter's spans in place of its text, in the tree, so that find marks (the
 * next step) see code and prose alike. A fence label without a grammar stays plain; an unlabeled block is guessed.
 * The block gets `className` (the caller's CSS Module classes) and the test id `md-code-block`.
 */
export function highlightCodeBlocks(options: { className: string[] }) {
  const walk = (parent: Root | Element): void => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue
      if (child.tagName === 'pre') highlightPre(child, options.className)
      else walk(child)
    }
  }
  return (tree: Root): void => walk(tree)
}

function highlightPre(pre: Element, className: string[]): void {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
  if (!code) return
  const cls = code.properties?.className
  const label = Array.isArray(cls)
    ? cls
        .map(String)
        .find((c) => c.startsWith('language-'))
        ?.slice('language-'.length)
    : undefined
  const language: CodeLanguage | null = label === undefined ? null : (languageFor(label) ?? 'plaintext')
  const text = textOf(code.children).replace(/\n$/, '')
  pre.properties = { className, dataLanguage: language ?? 'auto', dataTestid: 'md-code-block' }
  pre.children = [
    {
      type: 'element',
      tagName: 'code',
      properties: {},
      children: highlightTree(text, language).children as ElementContent[]
    }
  ]
}

function textOf(nodes: ElementContent[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('')
}

/**
 * Find marks over the whole rendered text (see lib/find-marks.ts); the current match is flagged on its marks
 * (`data-find-current`, and `data-find-first` on its first piece) for the `mark` component to style and scroll to.
 */
export function findMarks(options: { query: string; partCurrent: number }) {
  return (tree: Root): Root => {
    const { tree: marked, count } = markTree(tree, options.query)
    const current = currentMark(options.partCurrent, 0, count)
    if (current < 0) return marked
    let first = true
    const flag = (parent: Root | Element): void => {
      for (const c of parent.children) {
        if (c.type !== 'element') continue
        if (markOrdinal(c) === current) {
          c.properties = { ...c.properties, dataFindCurrent: true, dataFindFirst: first }
          first = false
        } else flag(c)
      }
    }
    flag(marked)
    return marked
  }
}

/** Control characters as caret spans with `className` (lib/control-chars.ts), before find marks count the text. */
export function controlCarets(options: { className: string }) {
  return (tree: Root): Root => markControls(tree, options.className)
}
