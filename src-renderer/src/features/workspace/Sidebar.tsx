import type { ReactNode } from 'react'
import { useAppShallow } from '../../state/store-context'
import { AddPathControls } from './AddPathControls'
import { ProgressPanel } from './ProgressPanel'
import { RootsList } from './RootsList'
import { SourcesList } from './SourcesList'
import { ThemeToggle } from './ThemeToggle'
import { SearchBox } from '../search/SearchBox'
import { SidebarToggle } from './SidebarToggle'
import css from './Sidebar.module.css'

/** Left column: the workspace (roots, indexing progress, per-file status). */
export function Sidebar(): ReactNode {
  const { version, mode, dbPath } = useAppShallow((s) => ({
    version: s.appInfo?.version ?? null,
    mode: s.appInfo?.mode ?? null,
    dbPath: s.workspace?.dbPath ?? null
  }))
  return (
    <aside className={css.sidebar} data-testid="sidebar">
      <header className={css.brand}>
        <span className={css.brandName}>Rollscope</span>
        {version && (
          <span className={css.brandMeta} title={dbPath ? `Database: ${dbPath}` : undefined}>
            v{version}
            {mode === 'browser' ? ' · browser' : ''}
          </span>
        )}
        <span className={css.brandSpacer} />
        <ThemeToggle />
        <SidebarToggle />
      </header>
      <SearchBox />
      <section className={css.section}>
        <h2 className={css.title}>Workspace</h2>
        <AddPathControls />
      </section>
      <ProgressPanel />
      <RootsList />
      <SourcesList />
    </aside>
  )
}
