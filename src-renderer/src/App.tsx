import type { ReactNode } from 'react'
import { NoticeBanner } from './components/NoticeBanner'
import { EpisodeView } from './features/episode/EpisodeView'
import { EpisodesPanel } from './features/episodes/EpisodesPanel'
import { RunsPanel } from './features/runs/RunsPanel'
import { DropZone } from './features/workspace/DropZone'
import { Sidebar } from './features/workspace/Sidebar'
import { useApp } from './state/store-context'

/** The window: workspace sidebar on the left; runs + episodes, or the open episode, on the right. */
export function App(): ReactNode {
  const episodeOpen = useApp((s) => s.openEpisodeId !== null)
  return (
    <DropZone>
    <div className="app">
      <Sidebar />
      <main className="main">
        <NoticeBanner />
        {episodeOpen ? (
          <EpisodeView />
        ) : (
          <div className="browse">
            <RunsPanel />
            <EpisodesPanel />
          </div>
        )}
      </main>
    </div>
    </DropZone>
  )
}
