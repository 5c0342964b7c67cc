import { useMemo, type ReactNode } from 'react'
import type { ToolCall } from '@contract/model'
import { toolView, type ToolView, type ToolViewKind } from '../../lib/tool-view'
import { Collapsible, CollapsibleCode } from './HighlightedCode'

const KIND_LABEL: Record<ToolViewKind, string | null> = {
  shell: 'shell',
  python: 'python',
  edit: 'edit',
  create: 'create',
  patch: 'patch',
  json: null
}

/** One tool call: its name, what kind of call it is, the file it touches, then its body drawn for that kind. */
export function ToolCallView({ call, expandKey }: { call: ToolCall; expandKey: string }): ReactNode {
  const view = useMemo(() => toolView(call), [call])
  const kind = KIND_LABEL[view.kind]
  return (
    <div className={`tool-call tool-kind-${view.kind}`} data-testid="tool-call" data-tool-kind={view.kind}>
      <div className="tool-call-head">
        <span className="tool-icon" aria-hidden>
          ⚙
        </span>
        <span className="tool-name mono" data-testid="tool-call-name">
          {call.name}
        </span>
        {kind && <span className="tool-kind">{kind}</span>}
        {view.path && (
          <span className="tool-path mono" title={view.path}>
            {view.path}
          </span>
        )}
        {view.summary && <span className="tool-summary mono">{view.summary}</span>}
        {call.id && <span className="muted-text mono tool-id">{call.id}</span>}
        {typeof call.arguments === 'string' && view.kind === 'json' && <span className="muted-text">(arguments are not valid JSON)</span>}
      </div>
      {view.extras.length > 0 && (
        <div className="tool-extras mono" data-testid="tool-extras">
          {view.extras.map((x) => (
            <span key={x.key} className="tool-extra">
              <span className="tool-extra-key">{x.key}</span>=<span className="tool-extra-value">{x.value}</span>
            </span>
          ))}
        </div>
      )}
      <ToolBody view={view} expandKey={expandKey} />
    </div>
  )
}

function ToolBody({ view, expandKey }: { view: ToolView; expandKey: string }): ReactNode {
  if (view.code === '') return <div className="muted-text tool-empty">{view.kind === 'json' ? '(no arguments)' : '(empty)'}</div>
  if (view.kind === 'edit') {
    return (
      <Collapsible text={view.code} expandKey={expandKey}>
        {(shown) => <DiffLines text={shown} />}
      </Collapsible>
    )
  }
  return <CollapsibleCode code={view.code} language={view.language} expandKey={expandKey} />
}

/**
 * A before/after edit: one line per row (block spans, so a copied selection still breaks lines), marked removed /
 * added / kept by its first character (see diffLines).
 */
function DiffLines({ text }: { text: string }): ReactNode {
  const lines = text.split('\n')
  return (
    <pre className="code-block diff-view" data-testid="tool-diff">
      <code>
        {lines.map((line, i) => {
          const op = line[0]
          const cls = op === '-' ? 'diff-del' : op === '+' ? 'diff-add' : op === '@' ? 'diff-gap' : 'diff-ctx'
          return (
            <span key={i} className={`diff-line ${cls}`}>
              <span className="diff-op" aria-hidden>
                {op === '@' ? '⋯' : op === ' ' ? ' ' : op}
              </span>
              {op === '@' ? '' : line.slice(1)}
            </span>
          )
        })}
      </code>
    </pre>
  )
}
