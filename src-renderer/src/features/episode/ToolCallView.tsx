import { useMemo, type ReactNode } from 'react'
import type { Element, Root } from 'hast'
import type { ToolCall } from '@contract/model'
import { currentMark, markTree, textRoot } from '../../lib/find-marks'
import { toolView, type ToolView, type ToolViewKind } from '../../lib/tool-view'
import { HastView, useFindPart } from './HastView'
import { Collapsible } from './Collapsible'
import { CollapsibleCode, type FindInPiece } from './HighlightedCode'
import { cx } from '../../lib/cx'
import code from '../../styles/code.module.css'
import txt from '../../styles/text.module.css'
import css from './ToolCallView.module.css'

const KIND_LABEL: Record<ToolViewKind, string | null> = {
  shell: 'shell',
  python: 'python',
  edit: 'edit',
  create: 'create',
  patch: 'patch',
  json: null
}

/**
 * One tool call: its name, what kind of call it is, the file it touches, then its body drawn for that kind.
 * `expandKey` (`<position>:call:<i>`) is also the part name find uses; its matches are marked in the name, then
 * the body, in that order (the order of the searched text, lib/find-in-turns.ts).
 */
export function ToolCallView({ call, expandKey }: { call: ToolCall; expandKey: string }): ReactNode {
  const view = useMemo(() => toolView(call), [call])
  const kind = KIND_LABEL[view.kind]
  const { query, current } = useFindPart(expandKey)
  const name = useMemo(() => markTree(textRoot(call.name), query), [call.name, query])
  const find: FindInPiece = { query, start: name.count, partCurrent: current }
  const title = `${call.name}${view.path ? ` · ${view.path}` : ''}`
  return (
    <div className={css.call} data-testid="tool-call" data-tool-kind={view.kind}>
      <div className={css.head}>
        <span className={css.icon} aria-hidden>
          ⚙
        </span>
        <span className={css.name} data-testid="tool-call-name">
          <HastView node={name.tree} current={current < name.count ? current : -1} />
        </span>
        {kind && <span className={css.kind}>{kind}</span>}
        {view.path && (
          <span className={css.path} title={view.path}>
            {view.path}
          </span>
        )}
        {view.summary && <span className={css.summary}>{view.summary}</span>}
        {call.id && <span className={css.id}>{call.id}</span>}
        {typeof call.arguments === 'string' && view.kind === 'json' && (
          <span className={txt.mutedText}>(arguments are not valid JSON)</span>
        )}
      </div>
      {view.extras.length > 0 && (
        <div className={css.extras} data-testid="tool-extras">
          {view.extras.map((x) => (
            <span key={x.key} className={css.extra}>
              <span className={css.extraKey}>{x.key}</span>=<span className={css.extraValue}>{x.value}</span>
            </span>
          ))}
        </div>
      )}
      <ToolBody view={view} expandKey={expandKey} find={find} editorTitle={title} />
    </div>
  )
}

function ToolBody({
  view,
  expandKey,
  find,
  editorTitle
}: {
  view: ToolView
  expandKey: string
  find: FindInPiece
  editorTitle: string
}): ReactNode {
  if (view.code === '') return <div className={css.empty}>{view.kind === 'json' ? '(no arguments)' : '(empty)'}</div>
  if (view.kind === 'edit') {
    return (
      <Collapsible text={view.code} expandKey={expandKey} editor={{ title: editorTitle, text: view.code }}>
        {(shown) => <DiffLines text={shown} find={find} />}
      </Collapsible>
    )
  }
  return (
    <CollapsibleCode
      code={view.code}
      language={view.language}
      expandKey={expandKey}
      find={find}
      editorTitle={editorTitle}
    />
  )
}

/**
 * A before/after edit: one line per row (block spans, so a copied selection still breaks lines), marked removed /
 * added / kept by its first character (see diffLines).
 */
function DiffLines({ text, find }: { text: string; find: FindInPiece }): ReactNode {
  const tree = useMemo(() => diffTree(text), [text])
  const marked = useMemo(() => markTree(tree, find.query, find.start), [tree, find.query, find.start])
  return (
    <pre className={cx(code.block, code.diff)} data-testid="tool-diff">
      <code>
        <HastView node={marked.tree} current={currentMark(find.partCurrent, find.start, marked.count)} />
      </code>
    </pre>
  )
}

const DIFF_CLASS: Record<string, string> = { '-': code.diffDel, '+': code.diffAdd, '@': code.diffGap }
const DIFF_OP: Record<string, string> = { '-': 'del', '+': 'add', '@': 'gap' }

function diffTree(text: string): Root {
  const row = (line: string): Element => {
    const op = line[0] ?? ' '
    const gap = op === '@'
    return {
      type: 'element',
      tagName: 'span',
      properties: {
        className: DIFF_CLASS[op] ? [code.diffLine, DIFF_CLASS[op]] : [code.diffLine],
        dataDiff: DIFF_OP[op] ?? 'context'
      },
      children: [
        {
          type: 'element',
          tagName: 'span',
          properties: { className: [code.diffOp] },
          children: [{ type: 'text', value: gap ? '⋯' : op }]
        },
        { type: 'text', value: gap ? '' : line.slice(1) }
      ]
    }
  }
  return { type: 'root', children: text.split('\n').map(row) }
}
