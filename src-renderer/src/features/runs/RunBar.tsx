import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { fmtNum, shortPath } from '../../lib/format'
import { useAppStore } from '../../state/store-context'
import { RunActions } from './RunActions'
import { RunNotes } from './RunNotes'
import { parseThreshold } from './threshold'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import css from './RunBar.module.css'
import { readable } from '../../lib/readable'

/** The selected run's identity, what it opens (breakdown, training curve), its editable pass threshold, and how its figures were counted. */
export function RunBar({ run }: { run: RunSummary }): ReactNode {
  return (
    <>
      <RunIdentity run={run} />
      <RunNotes run={run} />
    </>
  )
}

function RunIdentity({ run }: { run: RunSummary }): ReactNode {
  return (
    <div className={css.bar} data-testid="run-bar">
      <span className={css.name} title={run.id}>
        {run.name}
      </span>
      {run.model && (
        <span className={css.meta} title={run.model}>
          {run.model}
        </span>
      )}
      {run.env && (
        <span className={css.meta} title={run.env}>
          {run.env}
        </span>
      )}
      <span className={cx(css.meta, txt.mono)} title={readable(run.source)}>
        {readable(shortPath(run.source, 3))}
      </span>
      <RunActions runId={run.id} />
      <span className={txt.spacer} />
      <PassThreshold run={run} />
    </div>
  )
}

function PassThreshold({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const shown = run.passThreshold === null ? '' : fmtNum(run.passThreshold, 6)
  const [text, setText] = useState(shown)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setText(shown), [shown])

  const submit = async (e?: FormEvent): Promise<void> => {
    e?.preventDefault()
    const parsed = parseThreshold(text)
    if ('error' in parsed) {
      setError(parsed.error)
      return
    }
    setError(null)
    if (parsed.value === run.passThreshold && (parsed.value !== null || !run.passThresholdIsUser)) return
    await store.getState().setPassThreshold(run.id, parsed.value)
  }

  return (
    <form
      className={css.threshold}
      onSubmit={(e) => void submit(e)}
      title="An episode passes when reward ≥ threshold (formats with a success flag use it instead). Empty = default."
    >
      <label htmlFor="pass-threshold">Pass threshold</label>
      <input
        id="pass-threshold"
        data-testid="pass-threshold-input"
        className={cx(txt.mono, !!error && controls.invalid)}
        value={text}
        placeholder="default"
        size={6}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void submit()}
      />
      <span className={css.thresholdKind} data-testid="pass-threshold-kind">
        {run.passThresholdIsUser ? 'custom' : run.passThreshold === null ? 'success flag' : 'default'}
      </span>
      {run.passThresholdIsUser && (
        <button
          type="button"
          className={controls.linkBtn}
          onClick={() => void store.getState().setPassThreshold(run.id, null)}
        >
          reset
        </button>
      )}
      {error && <span className={txt.fieldError}>{error}</span>}
    </form>
  )
}
