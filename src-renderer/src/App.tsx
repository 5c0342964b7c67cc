import type { ReactNode } from 'react'
import { NoticeBanner } from './components/NoticeBanner'
import { SplitPanes } from './components/SplitPanes'
import { CompareView } from './features/compare/CompareView'
import { EpisodeView } from './features/episode/EpisodeView'
import { EpisodesPanel } from './features/episodes/EpisodesPanel'
import { RunsPanel } from './features/runs/RunsPanel'
import { SearchView } from './features/search/SearchView'
import { DropZone } from './features/workspace/DropZone'
import { Sidebar } from './features/workspace/Sidebar'
import { TaxonomyEditor } from './features/labels/TaxonomyEditor'
import { useApp } from './state/store-context'

/**
 * The window: workspace sidebar on the left; on the right runs over episodes, or the open episode, or the comparison
 * of runs; both splits resizable.
 */
export function App(): ReactNode {
  const comparing = useApp((s) => s.compare !== null || s.series !== null)
  const searching = useApp((s) => s.search.open)
  const episodeOpen = useApp((s) => s.openEpisodeId !== null)
  const hasRuns = useApp((s) => s.runs.length > 0)
  const main = (
    <main className="main">
      <NoticeBanner />
      <TaxonomyEditor />
      {searching ? (
        <SearchView />
      ) : comparing ? (
        <CompareView />
      ) : episodeOpen ? (
        <EpisodeView />
      ) : hasRuns ? (
        <SplitPanes
          id="rs-browse"
          orientation="vertical"
          className="browse"
          first={<RunsPanel />}
          second={<EpisodesPanel />}
          defaultFirst="34%"
          minFirst={96}
          maxFirst="80%"
          minSecond={160}
        />
      ) : (
        <div className="browse">
          <RunsPanel />
        </div>
      )}
    </main>
  )
  return (
    <DropZone>
      <SplitPanes
        id="rs-app"
        orientation="horizontal"
        className="app"
        first={<Sidebar />}
        second={main}
        defaultFirst={300}
        minFirst={220}
        maxFirst="50%"
        minSecond={480}
      />
    </DropZone>
  )
}
