import { useState, type FormEvent, type ReactNode } from 'react'
import { useApp, useAppStore, useTransport } from '../../state/store-context'
import { demoIsOpen } from '../../state/workspace-slice'
import txt from '../../styles/text.module.css'
import css from './AddPathControls.module.css'

type PickKind = 'folder' | 'file'

/**
 * Add folder / file, Reindex and the demo (or, while the demo is open, what to try in it). Native dialogs on desktop;
 * a typed server path in browser mode.
 */
export function AddPathControls(): ReactNode {
  const { desktop } = useTransport()
  const store = useAppStore()
  const busy = useApp((s) => s.workspaceBusy)
  const hasRoots = useApp((s) => (s.workspace?.roots.length ?? 0) > 0)
  const inDemo = useApp((s) => demoIsOpen(s.workspace))
  const [typing, setTyping] = useState<PickKind | null>(null)

  const pick = async (kind: PickKind): Promise<void> => {
    if (!desktop) {
      setTyping(typing === kind ? null : kind)
      return
    }
    try {
      const paths = await desktop.pickPaths(kind)
      if (paths.length) await store.getState().addPaths(paths)
    } catch (err) {
      store.getState().pushError(err, 'Could not open the file dialog')
    }
  }

  return (
    <div className={css.controls}>
      <div className={css.btnRow}>
        <button data-testid="add-folder-button" onClick={() => void pick('folder')} disabled={busy}>
          Add folder…
        </button>
        <button data-testid="add-file-button" onClick={() => void pick('file')} disabled={busy}>
          Add file…
        </button>
        <button
          data-testid="reindex-button"
          title="Re-scan every root (unchanged files are skipped). Shift+click re-reads every file."
          onClick={(e) => void store.getState().reindex(e.shiftKey)}
          disabled={busy || !hasRoots}
        >
          Reindex
        </button>
      </div>
      {typing && <PathForm kind={typing} onDone={() => setTyping(null)} />}
      {inDemo ? (
        <DemoIntro />
      ) : (
        <button
          className={css.demoBtn}
          data-testid="demo-button"
          onClick={() => void store.getState().openDemo()}
          disabled={busy}
        >
          Open demo workspace
        </button>
      )}
    </div>
  )
}

/**
 * The first-run line of the demo: what it holds and three things to try in it. Emphasis is <strong>, never <b>: the
 * security E2E proves hostile trace markup (`<b>`) never became an element by finding no <b> in the app.
 */
function DemoIntro(): ReactNode {
  return (
    <p className={css.demoIntro} data-testid="demo-intro">
      <strong>This is the demo</strong>: a base and an RL-trained run of one agent task. Try: tick both{' '}
      <strong>repo-repair · qwen3-8b</strong> runs, then <strong>Compare</strong>; open an episode, <kbd>j</kbd> /{' '}
      <kbd>k</kbd> step through it; <kbd>Ctrl</kbd>+<kbd>K</kbd> searches every turn.
    </p>
  )
}

/** Browser mode has no native dialog: the user types a path that exists on the server's machine. */
function PathForm(props: { kind: PickKind; onDone: () => void }): ReactNode {
  const store = useAppStore()
  const busy = useApp((s) => s.workspaceBusy)
  const [value, setValue] = useState('')
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    if (await store.getState().addPaths([value])) {
      setValue('')
      props.onDone()
    }
  }
  return (
    <form className={css.pathForm} onSubmit={(e) => void submit(e)}>
      <label className={css.pathLabel} htmlFor="add-path-input">
        {props.kind === 'folder' ? 'Folder path' : 'File path'} on the server
      </label>
      <div className={css.pathRow}>
        <input
          id="add-path-input"
          data-testid="add-path-input"
          className={txt.mono}
          autoFocus
          spellCheck={false}
          placeholder={props.kind === 'folder' ? '/home/me/evals' : '/home/me/evals/results.jsonl'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          // the box's own Esc cancels: about the focused box, not a shortcut
          onKeyDown={(e) => e.key === 'Escape' && props.onDone()}
        />
        <button type="submit" data-testid="add-path-submit" disabled={busy || !value.trim()}>
          Add
        </button>
      </div>
      <p className={txt.hint}>
        Browser mode: type a path on the machine running <code>rollscope serve</code>, not on this computer.
      </p>
    </form>
  )
}
