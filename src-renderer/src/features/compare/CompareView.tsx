import { useMemo, type ReactNode } from 'react'
import { EnvRefusal } from '../../components/EnvRefusal'
import { NotComparable } from '../../components/NotComparable'
import { runNameHints, withNameHint } from '../../lib/run-list'
import { findRun } from '../../state/runs-slice'
import { sideName } from '@contract/display'
import { WHOLE_RUNS } from '../../state/compare-steps'
import { useApp, useAppStore } from '../../state/store-context'
import { CompareHeader } from './CompareHeader'
import { CompareTop } from './CompareTop'
import { CompareReportBody } from './CompareReportBody'
import { CompareTask } from './CompareTask'
import { useKeptScroll } from '../../lib/use-kept-scroll'
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
  const steps = useApp((s) => s.compare?.steps ?? WHOLE_RUNS)
  // before a report (loading, refused) the runs list names them
  const nameA = useApp((s) => sideName({ name: findRun(s.runs, runA)?.name ?? runA, step: steps.a }))
  const nameB = useApp((s) => sideName({ name: findRun(s.runs, runB)?.name ?? runB, step: steps.b }))
  const shownA = report ? sideName(report.runA) : nameA
  const shownB = report ? sideName(report.runB) : nameB
  // runs of one name are told apart as in the runs table (their folder or model)
  const runs = useApp((s) => s.runs)
  const hints = useMemo(() => runNameHints(runs), [runs])
  const hintA = hints.get(runA)
  const hintB = hints.get(runB)
  // two steps of one training run: back leads to its curve, where they were picked
  const ofCurve = runA === runB && steps.a !== null && steps.b !== null
  // back from a task, the report is where it was left (the Tasks table the task was opened from)
  const scrollRef = useKeptScroll<HTMLDivElement>(
    [runA, runB, steps.a, steps.b, tab].join('\n'),
    report !== null && taskKey === null
  )

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
          onClick={() => (ofCurve ? s.openCurve(runA) : s.closeCompare())}
          title={ofCurve ? 'Back to the training curve' : 'Back to the runs (Esc)'}
          data-testid="compare-back"
        >
          {ofCurve ? '← Training curve' : '← Runs'}
        </button>
        {/* a long name cuts the crumb, B first (a hover on the ellipsis lands on A): one title over it all reads both */}
        <span
          className={crumbs.crumb}
          title={`Compare ${withNameHint(shownA, hintA)} → ${withNameHint(shownB, hintB)}`}
          data-testid="compare-crumb"
        >
          Compare <b>{shownA}</b>
          <NameHint hint={hintA} /> → <b>{shownB}</b>
          <NameHint hint={hintB} />
        </span>
        <button
          onClick={() => s.openCompare(runB, runA, null, store.getState().compare?.anyway, { a: steps.b, b: steps.a })}
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
      <div className={analysis.scroll} ref={scrollRef} data-testid="compare-scroll">
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

function NameHint({ hint }: { hint: string | undefined }): ReactNode {
  return hint ? (
    <span className={txt.hint} data-testid="compare-name-hint">
      {' '}
      ({hint})
    </span>
  ) : null
}
