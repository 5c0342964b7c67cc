import { useEffect, type ReactNode } from 'react'
import { dismissBootLayer } from './boot/boot-layer'
import { NoticeBanner } from './components/NoticeBanner'
import { SplitPanes } from './components/SplitPanes'
import { BreakdownView } from './features/breakdown/BreakdownView'
import { CompareView } from './features/compare/CompareView'
import { CurveView } from './features/curve/CurveView'
import { ManyView } from './features/many/ManyView'
import { EpisodeView } from './features/episode/EpisodeView'
import { EpisodesPanel } from './features/episodes/EpisodesPanel'
import { RunsPanel } from './features/runs/RunsPanel'
import { SearchView } from './features/search/SearchView'
import { DropZone } from './features/workspace/DropZone'
import { Sidebar } from './features/workspace/Sidebar'
import { SidebarRail } from './features/workspace/SidebarToggle'
import { TaxonomyEditor } from './features/labels/TaxonomyEditor'
import { mainView } from './state/main-view'
import { useApp } from './state/store-context'
import css from './App.module.css'

/**
 * The window: workspace sidebar on the left (or, hidden, a rail); on the right runs over episodes, or the open episode, or a screen over
 * the runs (a comparison, a series, a run's breakdown, N runs side by side, a training curve); both splits resizable.
 */
export function App(): ReactNode {
  const view = useApp(mainView)
  const sidebarHidden = useApp((s) => s.sidebarHidden)
  // runs over episodes once a run is picked; before that the runs table has the whole height (issue 15)
  const split = useApp((s) => s.runs.length > 0 && s.selectedRunId !== null)
  // a deep link's first paint (boot/) is an episode's: another view replaces it at once
  useEffect(() => {
    if (view !== 'episode') dismissBootLayer(document)
  }, [view])
  const main = (
    <main className={css.main}>
      <NoticeBanner />
      <TaxonomyEditor />
      {view === 'search' ? (
        <SearchView />
      ) : view === 'breakdown' ? (
        <BreakdownView />
      ) : view === 'many' ? (
        <ManyView />
      ) : view === 'curve' ? (
        <CurveView />
      ) : view === 'compare' || view === 'series' ? (
        <CompareView />
      ) : view === 'episode' ? (
        <EpisodeView />
      ) : split ? (
        <SplitPanes
          id="rs-browse"
          label="Resize the runs and episodes panes"
          orientation="vertical"
          className={css.browse}
          first={<RunsPanel />}
          second={<EpisodesPanel />}
          defaultFirst="34%"
          minFirst={96}
          maxFirst="80%"
          minSecond={160}
        />
      ) : (
        <div className={css.browse}>
          <RunsPanel />
        </div>
      )}
    </main>
  )
  return (
    <DropZone>
      {sidebarHidden ? (
        <div className={css.railed}>
          <SidebarRail />
          {main}
        </div>
      ) : (
        <SplitPanes
          id="rs-app"
          label="Resize the sidebar"
          orientation="horizontal"
          className={css.app}
          first={<Sidebar />}
          second={main}
          defaultFirst={300}
          minFirst={220}
          maxFirst="50%"
          minSecond={480}
        />
      )}
    </DropZone>
  )
}
