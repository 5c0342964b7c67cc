import type { ReactNode } from 'react'
import { EnvRefusal } from '../../components/EnvRefusal'
import { NotComparable } from '../../components/NotComparable'
import { findRun } from '../../state/runs-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { CompareHeader } from './CompareHeader'
import { CompareTop } from './CompareTop'
import { CompareReportBody } from './CompareReportBody'
import { CompareTask } from './CompareTask'
import { GroupsTab } from './GroupsTab'
import { SeriesView } from './SeriesView'
import { ExportButton } from './ExportButton'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import crumbs from '../../styles/crumbs.module.css'
import panels from '../../styles/panels.module.css'
import css from './CompareView.module.css'

/** The compare screen: two runs paired by task (or a checkpoint series of more). */
export function CompareView(): ReactNode {
  const isSeries = useApp((s) => s.series !== null)
  return isSeries ? <SeriesView /> : <CompareRunsView />
}

function CompareRunsView(): ReactNode {
  const store = useAppStore()
  const runA = useApp((s) => s.compare?.runA ?? '')
  const runB = useApp((s) => s.compare?.runB ?? '')
  const taskKey = useApp((s) => s.compare?.taskKey ?? null)
  const report = useApp((s) => s.compare?.report ?? null)
  const loading = useApp((s) => s.compare?.loading ?? false)
  const error = useApp((s) => s.compare?.error ?? null)
  const refused = useApp((s) => s.compare?.refused ?? null)
  const tab = useApp((s) => s.compareTab)
  // before a report (loading, refused) the runs list names them
  const nameA = useApp((s) => findRun(s.runs, runA)?.name ?? runA)
  const nameB = useApp((s) => findRun(s.runs, runB)?.name ?? runB)

  if (taskKey !== null) {
    // a forced comparison stays marked on the task view too
    return report?.envMismatch ? (
      <div className={css.taskWrap}>
        <NotComparable envs={[report.envMismatch.a, report.envMismatch.b]} overTask />
        <CompareTask runA={runA} runB={runB} taskKey={taskKey} />
      </div>
    ) : (
      <CompareTask runA={runA} runB={runB} taskKey={taskKey} />
    )
  }
  const s = store.getState()
  return (
    <div className={analysis.screen} data-testid="compare-view">
      <div className={crumbs.crumbs}>
        <button
          className={crumbs.back}
          onClick={() => s.closeCompare()}
          title="Back to the runs (Esc)"
          data-testid="compare-back"
        >
          ← Runs
        </button>
        <span className={crumbs.crumb}>
          Compare <b>{report?.runA.name ?? nameA}</b> → <b>{report?.runB.name ?? nameB}</b>
        </span>
        <button
          onClick={() => s.openCompare(runB, runA, null, store.getState().compare?.anyway)}
          title="Swap A and B"
          data-testid="compare-swap"
        >
          ⇄ Swap
        </button>
        <div className={css.tabs} role="tablist">
          <button
            role="tab"
            aria-selected={tab !== 'groups'}
            onClick={() => s.setCompareTab('summary')}
            data-testid="compare-tab-summary"
          >
            Report
          </button>
          <button
            role="tab"
            aria-selected={tab === 'groups'}
            onClick={() => s.setCompareTab('groups')}
            data-testid="compare-tab-groups"
          >
            Groups
          </button>
        </div>
        {loading && report && <span className={txt.hint}>updating…</span>}
        <span className={txt.spacer} />
        <ExportButton />
      </div>
      <div className={analysis.scroll}>
        {error && (
          <div className={analysis.error} role="alert" data-testid="compare-error">
            Could not compare these runs: {error}
          </div>
        )}
        {refused && <EnvRefusal reason={refused} onAnyway={() => s.compareAnyway()} onBack={() => s.closeCompare()} />}
        {!report && loading && <div className={panels.placeholder}>Pairing tasks and computing the statistics…</div>}
        {report && (
          <>
            <CompareTop report={report} />
            <CompareHeader report={report} />
            {tab === 'groups' ? <GroupsTab report={report} /> : <CompareReportBody report={report} />}
          </>
        )}
      </div>
    </div>
  )
}
