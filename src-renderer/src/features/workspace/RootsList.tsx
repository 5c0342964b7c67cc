import { useMemo, type ReactNode } from 'react'
import { fmtInt, shortPath } from '../../lib/format'
import { useApp, useAppStore } from '../../state/store-context'
import { rootStats } from './source-stats'

/** The folders and files the user added, each with its file / episode counts and a remove button. */
export function RootsList(): ReactNode {
  const roots = useApp((s) => s.workspace?.roots)
  const sources = useApp((s) => s.workspace?.sources)
  const busy = useApp((s) => s.workspaceBusy)
  const store = useAppStore()
  const stats = useMemo(() => rootStats(roots ?? [], sources ?? []), [roots, sources])
  if (!roots || roots.length === 0) return null
  return (
    <section className="side-section">
      <h2 className="side-title">Roots</h2>
      <ul className="roots" data-testid="roots">
        {roots.map((root) => (
          <li key={root} className="root" data-testid="root-row">
            <span className="root-path mono" title={root}>
              {shortPath(root, 3)}
            </span>
            <span className="root-meta">
              {fmtInt(stats.get(root)?.files ?? 0)} files · {fmtInt(stats.get(root)?.episodes ?? 0)} ep
            </span>
            <button
              className="icon-btn"
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
