import { useMemo, type ReactNode } from 'react'
import { baseName, fmtInt, shortPath } from '../../lib/format'
import { useApp, useAppStore } from '../../state/store-context'
import { rootStats } from './source-stats'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import sidebar from './Sidebar.module.css'
import css from './RootsList.module.css'

/** The folders and files the user added, each with its file / episode counts and a remove button. */
export function RootsList(): ReactNode {
  const roots = useApp((s) => s.workspace?.roots)
  const sources = useApp((s) => s.workspace?.sources)
  const busy = useApp((s) => s.workspaceBusy)
  const store = useAppStore()
  const stats = useMemo(() => rootStats(roots ?? [], sources ?? []), [roots, sources])
  if (!roots || roots.length === 0) return null
  return (
    <section className={sidebar.section}>
      <h2 className={sidebar.title}>Roots</h2>
      <ul className={css.roots} data-testid="roots">
        {roots.map((root) => (
          <li key={root} className={css.root} data-testid="root-row">
            <RootPath root={root} />
            <span className={css.meta}>
              {plural(stats.get(root)?.files ?? 0, 'file')} · {fmtInt(stats.get(root)?.episodes ?? 0)} ep
            </span>
            <button
              className={controls.iconBtn}
              data-testid="remove-root"
              title="Remove from the workspace (files on disk are not touched)"
              aria-label={`Remove ${root}`}
              disabled={busy}
              onClick={() => void store.getState().removeRoot(root)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The folder part may be cut with an ellipsis, the last segment (what tells roots apart) stays visible. */
function RootPath({ root }: { root: string }): ReactNode {
  const base = baseName(root)
  const short = shortPath(root, 3)
  const dir = short.endsWith(base) ? short.slice(0, short.length - base.length) : ''
  return (
    <span className={cx(css.path, txt.mono)} title={root}>
      {dir && <span className={css.dir}>{dir}</span>}
      <span className={css.base}>{dir ? base : short}</span>
    </span>
  )
}

function plural(n: number, word: string): string {
  return `${fmtInt(n)} ${word}${n === 1 ? '' : 's'}`
}
