import { memo, useMemo, type ReactNode } from 'react'
import Markdown, { type Components, type Options } from 'react-markdown'
import remarkBreaks from 'remark-breaks'
import remarkGfm from 'remark-gfm'
import { remarkIdentifiers } from '../../lib/remark-identifiers'
import { remarkMathSource } from './remark-math-source'
import { fenceJsonBlocks, isJsonMessage, jsonFence } from './json-blocks'
import type { TextSize } from '@contract/model'
import type { EditorSource } from '../../state/episode-slice'
import { controlCarets, findMarks, highlightCodeBlocks, rawBlocksAsText } from '../../lib/markdown-plugins'
import { FindMark, useFindPart } from './HastView'
import { Collapsible } from './Collapsible'
import code from '../../styles/code.module.css'
import turn from '../../styles/turn.module.css'
import css from './MarkdownText.module.css'

/**
 * Model-written markdown drawn as React elements. Trace content is untrusted, so:
 * - raw HTML in the source is shown as the literal text it is (react-markdown turns `raw` nodes into text unless a
 *   rehype-raw plugin is added — none is; rawBlocksAsText only gives block HTML its own paragraph), and only the
 *   elements markdown itself produces (plus the highlighter's spans and find marks) are allowed through;
 * - links are inert spans (the address in a tooltip): nothing in a transcript navigates the app;
 * - images are never fetched: their alt text and address are shown as text;
 * - code blocks are highlighted as a tree of spans (lib/markdown-plugins.ts), never through an HTML string.
 * What the model wrote is shown as written where markdown would change it: a single newline is a line break (LLM
 * output means it; CommonMark would join the lines), LaTeX math keeps its backslashes (remark-math-source.ts), and
 * JSON is a code block (json-blocks.ts).
 */

/**
 * Everything CommonMark + GFM (tables, task lists, strikethrough, footnotes) can produce, and the spans and marks
 * our own rehype steps add (source HTML never becomes an element, so these can come from nowhere else).
 */
const ALLOWED = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'br',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
  'sup',
  'section',
  'span',
  'mark'
]

type PluggableList = NonNullable<Options['rehypePlugins']>

const REMARK: PluggableList = [remarkGfm, remarkBreaks, [remarkMathSource, { className: css.math }], remarkIdentifiers]

const RAW_BLOCKS: PluggableList[number] = [rawBlocksAsText, { className: css.raw }]
const CODE_BLOCKS: PluggableList[number] = [highlightCodeBlocks, { className: [code.block, code.hl, css.codeBlock] }]
const CONTROLS: PluggableList[number] = [controlCarets, { className: code.control }]

const COMPONENTS: Components = {
  // footnote references point inside the page (`#user-content-fn-1`): no address worth showing
  a: ({ href, children }) => (
    <span className={css.link} data-testid="md-link" title={href && !href.startsWith('#') ? href : undefined}>
      {children}
    </span>
  ),
  img: ({ src, alt }) => (
    <span className={css.image} title="Images in transcripts are not loaded" data-testid="md-image">
      <span>[image{alt ? `: ${alt}` : ''}]</span>
      {typeof src === 'string' && src !== '' && <span className={css.imageSrc}> {src}</span>}
    </span>
  ),
  // GFM task-list boxes: shown, never editable
  input: ({ type, checked }) =>
    type === 'checkbox' ? <input type="checkbox" checked={!!checked} disabled readOnly /> : null,
  mark: ({ node, children }) => (
    <FindMark current={node?.properties?.dataFindCurrent === true} first={node?.properties?.dataFindFirst === true}>
      {children}
    </FindMark>
  )
}

/** Renders one markdown string (no collapsing; see AssistantMarkdown); `json`: the text is JSON, drawn as code. */
export const MarkdownText = memo(function MarkdownText(props: {
  text: string
  json?: boolean
  findQuery?: string
  findCurrent?: number
}): ReactNode {
  const { text, json = false, findQuery = '', findCurrent = -1 } = props
  const source = useMemo(() => (json ? jsonFence(text) : fenceJsonBlocks(text)), [text, json])
  const rehype = useMemo((): PluggableList => {
    const steps: PluggableList = [RAW_BLOCKS, CODE_BLOCKS, CONTROLS]
    if (findQuery) steps.push([findMarks, { query: findQuery, partCurrent: findCurrent }])
    return steps
  }, [findQuery, findCurrent])
  return <div className={css.md}>{findQuery ? renderMarkdown(source, rehype) : cachedMarkdown(source, rehype)}</div>
})

function renderMarkdown(text: string, rehype: PluggableList): ReactNode {
  // react-markdown's sync `Markdown` is a pure function (no hooks): its result can be kept and reused
  return Markdown({
    children: text,
    remarkPlugins: REMARK,
    rehypePlugins: rehype,
    components: COMPONENTS,
    allowedElements: ALLOWED,
    unwrapDisallowed: true
  })
}

/**
 * Rendered markdown of recent texts without a find query: the virtualized transcript mounts rows again
 * as they scroll back into view, and parsing and highlighting them each time cost most of a scroll frame.
 */
const MARKDOWN_CACHE = new Map<string, ReactNode>()
const MARKDOWN_CACHE_SIZE = 300

function cachedMarkdown(text: string, rehype: PluggableList): ReactNode {
  const hit = MARKDOWN_CACHE.get(text)
  if (hit !== undefined) {
    // most recently used last, so the oldest is first out
    MARKDOWN_CACHE.delete(text)
    MARKDOWN_CACHE.set(text, hit)
    return hit
  }
  const out = renderMarkdown(text, rehype)
  MARKDOWN_CACHE.set(text, out)
  if (MARKDOWN_CACHE.size > MARKDOWN_CACHE_SIZE) MARKDOWN_CACHE.delete(MARKDOWN_CACHE.keys().next().value as string)
  return out
}

/**
 * An assistant turn's text as markdown; long texts show a preview, "Show all" and "Open in editor" (the markdown
 * source) like every other long text. `expandKey` is also the part find uses (`<position>:text`).
 */
export function AssistantMarkdown(props: {
  text: string
  expandKey: string
  fullSize?: TextSize
  editor?: EditorSource
}): ReactNode {
  const { text, expandKey, fullSize } = props
  const { query, current } = useFindPart(expandKey)
  // decided on the whole message, not on the preview a long one is cut to (which would not parse)
  const json = useMemo(() => isJsonMessage(text, !!fullSize), [text, fullSize])
  return (
    <div className={turn.text} data-testid="turn-markdown">
      <Collapsible text={text} expandKey={expandKey} fullSize={fullSize} editor={props.editor}>
        {(shown) => <MarkdownText text={shown} json={json} findQuery={query} findCurrent={current} />}
      </Collapsible>
    </div>
  )
}
