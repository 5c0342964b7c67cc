import { memo, type ReactNode } from 'react'
import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { languageFor } from '../../lib/highlight'
import { Collapsible, HighlightedCode } from './HighlightedCode'

/**
 * Model-written markdown drawn as React elements. Trace content is untrusted, so:
 * - raw HTML in the source is shown as the literal text it is (react-markdown turns `raw` nodes into text unless a
 *   rehype-raw plugin is added — none is; rawBlocksAsText only gives block HTML its own paragraph), and only the
 *   elements markdown itself produces are allowed through;
 * - links are inert spans (the address in a tooltip): nothing in a transcript navigates the app;
 * - images are never fetched: their alt text and address are shown as text;
 * - code blocks are highlighted through a tree of spans (HighlightedCode), never through an HTML string.
 */

/** Everything CommonMark + GFM (tables, task lists, strikethrough, footnotes) can produce; anything else is unwrapped. */
const ALLOWED = [
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'em', 'strong', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'br',
  'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input', 'sup', 'section'
]

const REMARK = [remarkGfm]
const REHYPE = [rawBlocksAsText]

const COMPONENTS: Components = {
  // footnote references point inside the page (`#user-content-fn-1`): no address worth showing
  a: ({ href, children }) => (
    <span className="md-link" title={href && !href.startsWith('#') ? href : undefined}>
      {children}
    </span>
  ),
  img: ({ src, alt }) => (
    <span className="md-image" title="Images in transcripts are not loaded">
      <span className="md-image-alt">[image{alt ? `: ${alt}` : ''}]</span>
      {typeof src === 'string' && src !== '' && <span className="md-image-src"> {src}</span>}
    </span>
  ),
  pre: ({ node }) => {
    const code = node ? codeOf(node) : null
    if (!code) return null
    return <HighlightedCode code={code.text} language={code.language === undefined ? null : code.language} className="md-code-block" />
  },
  // GFM task-list boxes: shown, never editable
  input: ({ type, checked }) => (type === 'checkbox' ? <input type="checkbox" checked={!!checked} disabled readOnly /> : null)
}

/** The text and language of a fenced/indented block: `undefined` language = unlabeled, `null` = labeled but unknown. */
function codeOf(pre: Element): { text: string; language: ReturnType<typeof languageFor> | undefined } | null {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
  if (!code) return null
  const cls = code.properties?.className
  const label = Array.isArray(cls) ? cls.map(String).find((c) => c.startsWith('language-'))?.slice('language-'.length) : undefined
  const text = textOf(code.children).replace(/\n$/, '')
  if (label === undefined) return { text, language: undefined }
  // a label we have no grammar for is shown plain rather than guessed
  return { text, language: languageFor(label) ?? 'plaintext' }
}

function textOf(nodes: ElementContent[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('')
}

/** Parents whose raw-HTML children are whole blocks (inline HTML sits inside a paragraph or heading instead). */
const BLOCK_PARENTS = new Set(['blockquote', 'li', 'section', 'td', 'th'])

/**
 * Rehype step: a raw HTML block becomes a paragraph holding its source as text, so it keeps its own lines instead of
 * running into its neighbours once react-markdown turns `raw` into text. Inline raw HTML is left to that.
 */
function rawBlocksAsText() {
  const wrap = (node: RootContent): RootContent =>
    node.type === 'raw'
      ? { type: 'element', tagName: 'p', properties: { className: ['md-raw'] }, children: [{ type: 'text', value: node.value }] }
      : node
  const walk = (parent: Root | Element): void => {
    if (parent.type === 'root' || BLOCK_PARENTS.has(parent.tagName)) parent.children = parent.children.map(wrap) as typeof parent.children
    for (const child of parent.children) if (child.type === 'element') walk(child)
  }
  return (tree: Root): void => walk(tree)
}

/** Renders one markdown string (no collapsing; see AssistantMarkdown). */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }): ReactNode {
  return (
    <div className="md">
      <Markdown remarkPlugins={REMARK} rehypePlugins={REHYPE} components={COMPONENTS} allowedElements={ALLOWED} unwrapDisallowed>
        {text}
      </Markdown>
    </div>
  )
})

/** An assistant turn's text as markdown; long texts show a preview and "Show all" like every other long text. */
export function AssistantMarkdown({ text, expandKey }: { text: string; expandKey: string }): ReactNode {
  return (
    <div className="turn-text turn-markdown" data-testid="turn-markdown">
      <Collapsible text={text} expandKey={expandKey}>
        {(shown) => <MarkdownText text={shown} />}
      </Collapsible>
    </div>
  )
}
