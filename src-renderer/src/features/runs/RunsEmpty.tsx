import type { ReactNode } from 'react'
import { useApp, useAppStore, useTransport } from '../../state/store-context'
import { demoIsOpen } from '../../state/workspace-slice'
import controls from '../../styles/controls.module.css'
import css from './RunsEmpty.module.css'

/** First start / empty workspace: how to add traces, and the demo. */
export function RunsEmpty({ indexing }: { indexing: boolean }): ReactNode {
  const store = useAppStore()
  const { desktop } = useTransport()
  const busy = useApp((s) => s.workspaceBusy)
  const hasRoots = useApp((s) => (s.workspace?.roots.length ?? 0) > 0)
  const inDemo = useApp((s) => demoIsOpen(s.workspace))
  // a place the walk could not go is listed with the files, but it is none
  const listsFiles = useApp((s) => s.workspace?.sources.some((f) => !f.walkProblem) ?? false)
  return (
    <section className={css.empty} data-testid="runs-empty">
      <h2>{indexing ? 'Indexing…' : hasRoots ? 'No runs found yet' : 'No runs yet'}</h2>
      {indexing ? (
        <p>Runs appear here as soon as their files are indexed.</p>
      ) : (
        <>
          <p>
            Add a folder of eval results or rollout traces with <strong>Add folder…</strong> in the sidebar
            {desktop ? '' : ' (type a path on the machine running the server)'}. Rollscope finds every trace file below
            it — verifiers <code>results.jsonl</code>, chat JSONL, and the other supported formats — and indexes it.
            Source files are only read, never changed.
          </p>
          {hasRoots && (
            <p data-testid="runs-empty-why">
              {listsFiles
                ? 'The workspace has roots but no indexed runs: check the file list in the sidebar for reasons.'
                : 'There is no file under the workspace’s roots (or none left: files indexed before were moved or deleted).'}
            </p>
          )}
          {!inDemo && (
            <>
              <p>Or look around with a small bundled example: a base and a trained run of one environment.</p>
              <button
                className={controls.primary}
                data-testid="empty-demo-button"
                disabled={busy}
                onClick={() => void store.getState().openDemo()}
              >
                Open demo workspace
              </button>
            </>
          )}
        </>
      )}
    </section>
  )
}
