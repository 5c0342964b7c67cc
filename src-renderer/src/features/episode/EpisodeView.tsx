import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { dismissBootLayer } from '../../boot/boot-layer'
import { EPISODE_FIND, EPISODE_RUN, EPISODE_STEP, EPISODE_TURN } from '../../keymap/bindings/episode'
import { TOGGLE_SHEET } from '../../keymap/bindings/global'
import { KeyHint } from '../../keymap/KeyCaps'
import { fmtInt } from '../../lib/format'
import { episodeAtRow, tableRowCount } from '../../state/episodes-slice'
import { findRun } from '../../state/runs-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { EpisodeHeader } from './EpisodeHeader'
import { AdvanceNotice } from '../labels/AdvanceNotice'
import { Transcript } from './Transcript'
import { HeadTranscript } from './HeadTranscript'
import { ReadCutsNotice } from './ReadCutsNotice'
import { FindBar } from './FindBar'
import { RewardStrip } from './RewardStrip'
import { cx } from '../../lib/cx'
import crumbs from '../../styles/crumbs.module.css'
import panels from '../../styles/panels.module.css'
import txt from '../../styles/text.module.css'
import css from './EpisodeView.module.css'

// Monaco (~4 MB) loads with the first view that needs it, so opening the app and an episode stays fast
const RawView = lazy(() => import('./RawView'))
const EditorOverlay = lazy(() => import('./EditorOverlay'))
const editorLoading = <div className={panels.placeholder}>Loading editor…</div>

/** The open episode: header with outcome and metrics, then the transcript or the raw record (its keys: keymap/bindings/episode.ts). */
export function EpisodeView(): ReactNode {
  const store = useAppStore()
  const detail = useApp((s) => s.episode.detail)
  const head = useApp((s) => s.episode.head)
  const loading = useApp((s) => s.episode.loading)
  const error = useApp((s) => s.episode.error)
  const gone = useApp((s) => s.episode.gone)
  const tab = useApp((s) => s.episodeTab)
  const runName = useApp((s) => findRun(s.runs, s.selectedRunId)?.name ?? s.selectedRunId)
  const findOpen = useApp((s) => s.episode.find.open)
  const editor = useApp((s) => s.episode.editor)
  const rowInfo = useApp((s) => {
    const total = tableRowCount(s)
    const fromTable =
      total !== null && s.openEpisodeId !== null && episodeAtRow(s, s.episodes.activeIndex)?.id === s.openEpisodeId
    return fromTable ? `${fmtInt(s.episodes.activeIndex + 1)} / ${fmtInt(total)}` : null
  })

  // a deep link's first paint (boot/) leaves when the transcript's rows replace it; this episode will show none
  const noRows = !!error || (!!detail && (tab !== 'transcript' || detail.turns.length === 0))
  useEffect(() => {
    if (noRows) dismissBootLayer(document)
  }, [noRows])
  // opened with Enter from the table (which went): the focus fell to the page's body, and Tab started over from the
  // window's top; the view takes it (Esc back gives it to the table again, EpisodesTable)
  const viewRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      viewRef.current?.focus({ preventScroll: true })
  }, [])

  return (
    <section ref={viewRef} tabIndex={-1} className={css.view} data-testid="episode-view" aria-label="Episode">
      <nav className={crumbs.crumbs} data-testid="episode-crumbs">
        <button
          className={crumbs.back}
          data-testid="episode-back"
          onClick={() => store.getState().closeEpisode()}
          title="Back to the episodes (Esc)"
        >
          ← Episodes
        </button>
        <span className={crumbs.crumb} title={runName ?? undefined}>
          {runName}
        </span>
        {rowInfo && <span className={cx(crumbs.crumb, crumbs.whole, txt.mutedText)}>row {rowInfo}</span>}
        <span className={txt.spacer} />
        <span className={cx(txt.hint, crumbs.keys)}>
          <KeyHint binding={EPISODE_TURN} /> turn · <KeyHint binding={EPISODE_STEP} /> episode ·{' '}
          <KeyHint binding={EPISODE_RUN} /> run · <KeyHint binding={EPISODE_FIND} /> find ·{' '}
          <KeyHint binding={TOGGLE_SHEET} /> keys
        </span>
      </nav>
      {editor && (
        <Suspense fallback={editorLoading}>
          <EditorOverlay key={editor.title} view={editor} />
        </Suspense>
      )}
      {loading && !detail && !head && <div className={panels.placeholder}>Loading episode…</div>}
      {!detail && head && <HeadTranscript head={head} />}
      {error && !detail && (
        <div className={cx(panels.placeholder, panels.failed)} data-testid="episode-error">
          {error}
        </div>
      )}
      {detail && (
        <>
          <EpisodeHeader detail={detail} />
          {gone && (
            <div className={css.noTranscript} role="note" data-testid="episode-gone">
              No longer in its file: the file was rewritten without this episode, or deleted, since it was opened. It is
              shown as it was; its labels cannot change.
            </div>
          )}
          {!detail.transcript && (
            <div className={css.noTranscript} role="note" data-testid="no-transcript">
              No transcript on disk: known from the harness report (its result and figures, not its steps).
            </div>
          )}
          {detail.cuts && detail.cuts.length > 0 && <ReadCutsNotice cuts={detail.cuts} />}
          <div className={css.tabs} role="tablist">
            <button
              role="tab"
              aria-selected={tab === 'transcript'}
              className={cx(css.tab, tab === 'transcript' && css.active)}
              data-testid="tab-transcript"
              onClick={() => store.getState().setEpisodeTab('transcript')}
            >
              Transcript{' '}
              <span className={txt.count} data-testid="transcript-turn-count">
                {fmtInt(detail.turns.length)}
              </span>
            </button>
            <button
              role="tab"
              aria-selected={tab === 'raw'}
              className={cx(css.tab, tab === 'raw' && css.active)}
              data-testid="raw-tab"
              onClick={() => store.getState().setEpisodeTab('raw')}
            >
              Raw
            </button>
          </div>
          <AdvanceNotice />
          {tab === 'transcript' ? (
            <>
              <RewardStrip turns={detail.turns} />
              {findOpen && <FindBar />}
              <Transcript key={detail.id} detail={detail} />
            </>
          ) : (
            <Suspense fallback={editorLoading}>
              <RawView />
            </Suspense>
          )}
        </>
      )}
    </section>
  )
}
