import type { ReactNode } from 'react'
import type { IndexProgress } from '@contract/model'
import { fmtDuration, fmtCount, fmtInt, fmtNum, shortPath } from '../../lib/format'
import { isIndexing, progressFraction } from '../../state/progress'
import { useApp, useAppStore } from '../../state/store-context'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import css from './ProgressPanel.module.css'
import { lastJobText } from './last-job-text'

/** The indexing progress bar (files, episodes, MB/s, ETA, current file, Cancel), or the last job's outcome. */
export function ProgressPanel(): ReactNode {
  const progress = useApp((s) => s.progress)
  if (!progress || progress.state === 'idle') return null
  if (!isIndexing(progress)) return <LastJob progress={progress} />
  if (progress.state === 'waiting') return <Waiting message={progress.message} />
  const pct = Math.round(progressFraction(progress) * 100)
  return (
    <section className={css.panel} data-testid="index-progress">
      <PanelHead title={progress.state === 'scanning' ? 'Scanning…' : 'Indexing…'} />
      <div
        className={css.track}
        role="progressbar"
        // a named progress bar (WCAG: a screen reader says what progresses; axe found it unnamed mid-index)
        aria-label={progress.state === 'scanning' ? 'Scanning for trace files' : 'Indexing progress'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        data-testid="progress-bar"
      >
        <div className={css.fill} style={{ width: `${pct}%` }} />
      </div>
      <div className={css.stats}>
        <span data-testid="progress-files">
          {fmtInt(progress.filesDone)}/{fmtCount(progress.filesTotal, 'file')}
        </span>
        <span>{fmtCount(progress.episodes, 'episode')}</span>
        <span>{fmtNum(progress.mbPerSec, 1)} MB/s</span>
        <span>ETA {progress.etaSec === null ? '…' : fmtDuration(progress.etaSec)}</span>
      </div>
      {progress.currentFile && (
        <div className={css.file} title={progress.currentFile}>
          {shortPath(progress.currentFile, 3)}
        </div>
      )}
    </section>
  )
}

/** Another process indexes the same database (a `rollscope index` in a terminal): who, and a way out. */
function Waiting({ message }: { message: string | null }): ReactNode {
  return (
    <section className={css.panel} data-testid="index-progress">
      <PanelHead title="Waiting to index…" />
      <div className={css.waiting} data-testid="index-waiting">
        {message ?? 'another process is indexing this database'}
      </div>
    </section>
  )
}

/** A running or waiting job's title and its Cancel. */
function PanelHead({ title }: { title: string }): ReactNode {
  const store = useAppStore()
  return (
    <div className={css.head}>
      <span>{title}</span>
      <button
        className={controls.smallBtn}
        data-testid="cancel-index"
        onClick={() => void store.getState().cancelIndex()}
      >
        Cancel
      </button>
    </div>
  )
}

function LastJob({ progress }: { progress: IndexProgress }): ReactNode {
  const { line, failed, message } = lastJobText(progress)
  return (
    <section className={css.lastJob} data-testid="last-index">
      <span>{line}</span>
      {failed && <span className={txt.badText}> · {failed}</span>}
      {message && <div className={css.lastJobMsg}>{message}</div>}
    </section>
  )
}
