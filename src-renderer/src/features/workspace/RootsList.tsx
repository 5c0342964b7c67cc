import { useMemo, type ReactNode } from 'react'
import { baseName, fmtCount, fmtInt, shortPath } from '../../lib/format'
import { useApp, useAppStore } from '../../state/store-context'
import { rootStats, type RootStat } from './source-stats'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import sidebar from './Sidebar.module.css'
import css from './RootsList.module.css'
import { readable } from '../../lib/readable'

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
            <RootCounts stat={stats.get(root)} />
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
  const base = readable(baseName(root))
  const short = readable(shortPath(root, 3))
  const dir = short.endsWith(base) ? short.slice(0, short.length - base.length) : ''
  return (
    <span className={cx(css.path, txt.mono)} title={readable(root)}>
      {dir && <span className={css.dir}>{dir}</span>}
      <span className={css.base}>{dir ? base : short}</span>
    </span>
  )
}

/**
 * A root's files and episodes. Roots may overlap: a file is counted once, under the innermost root holding it, and
 * an outer root says how many more it holds through a root inside it (so the counts add up to the workspace's).
 */
function RootCounts({ stat }: { stat: RootStat | undefined }): ReactNode {
  const s = stat ?? { files: 0, notWalked: 0, episodes: 0, nestedFiles: 0 }
  return (
    <span
      className={css.meta}
      data-testid="root-counts"
      title={`${fmtCount(s.files, 'file')} · ${fmtCount(s.episodes, 'episode')}${
        s.nestedFiles > 0
          ? `; ${fmtCount(s.nestedFiles, 'more file')} under a root inside this one: counted there, once`
          : ''
      }${s.notWalked > 0 ? `; ${fmtCount(s.notWalked, 'place')} the walk could not go (listed with the files)` : ''}`}
    >
      {fmtCount(s.files, 'file')} · {fmtInt(s.episodes)} ep
      {s.nestedFiles > 0 && <span data-testid="root-nested"> · +{fmtInt(s.nestedFiles)} inside</span>}
    </span>
  )
}
