import { useState, type ReactNode } from 'react'
import type { MultiCompareReport } from '@contract/multi-compare'
import { STD_NOTE } from '@contract/display'
import { EnvRefusal } from '../../components/EnvRefusal'
import { NotComparable } from '../../components/NotComparable'
import { RankedWarnings } from '../../components/RankedWarnings'
import { Verdict } from '../../components/Verdict'
import { fmtInt } from '../../lib/format'
import { verdictWithoutB } from '../../lib/many-rows'
import { shortRunLabels } from '../../lib/run-labels'
import { useApp, useAppStore } from '../../state/store-context'
import { ScreenCrumbs } from '../screens/ScreenCrumbs'
import { ManyTable, type DeltaBase } from './ManyTable'
import { PerTaskRewards } from './PerTaskRewards'
import { RadioSegments } from '../../components/RadioSegments'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import controls from '../../styles/controls.module.css'
import panels from '../../styles/panels.module.css'

/**
 * Three or more runs side by side: each run's whole-run figures (mean, σ, range) in one table, with absolute and
 * relative changes against the baseline (or the run before) and paired CIs on the tasks they share; each run's
 * verdict against the baseline first, then what can change it.
 */
export function ManyView(): ReactNode {
  const store = useAppStore()
  const view = useApp((s) => s.many)
  const [against, setAgainst] = useState<DeltaBase>('baseline')
  if (!view) return null
  const s = store.getState()
  const report = view.report
  const names = report ? shortRunLabels(report.runs.map((r) => r.name)) : view.runIds
  const baseIndex = report?.baseline ?? 0
  return (
    <div className={cx(analysis.screen, analysis.narrowSelects)} data-testid="many-view">
      <ScreenCrumbs title={<>{fmtInt(view.runIds.length)} runs side by side</>}>
        {report && (
          <>
            <label className={txt.hint}>
              baseline{' '}
              {/* the crumbs keep the select narrow (narrowSelects): a long baseline's name is cut, its title reads whole */}
              <select
                value={report.runs[baseIndex]?.id}
                title={report.runs[baseIndex]?.name}
                onChange={(e) => s.setManyBaseline(e.target.value)}
                data-testid="many-baseline"
              >
                {report.runs.map((r, i) => (
                  <option key={r.id} value={r.id}>
                    {names[i]}
                  </option>
                ))}
              </select>
            </label>
            <RadioSegments<DeltaBase>
              label="Changes against"
              value={against}
              choices={[
                { id: 'baseline', content: 'Δ vs baseline', testId: 'many-vs-baseline' },
                { id: 'previous', content: 'Δ vs previous run', testId: 'many-vs-previous' }
              ]}
              onChange={setAgainst}
            />
          </>
        )}
        {view.loading && report && <span className={txt.hint}>updating…</span>}
      </ScreenCrumbs>
      <div className={analysis.scroll}>
        {view.error && (
          <div className={analysis.error} role="alert" data-testid="many-error">
            Could not compare these runs: {view.error}
          </div>
        )}
        {view.refused && (
          <EnvRefusal reason={view.refused} onAnyway={() => s.compareManyAnyway()} onBack={() => s.closeCompare()} />
        )}
        {!report && view.loading && <div className={panels.placeholder}>Pairing every run with the baseline…</div>}
        {report && <ManyBody report={report} names={names} against={against} />}
      </div>
    </div>
  )
}

function ManyBody({
  report,
  names,
  against
}: {
  report: MultiCompareReport
  names: string[]
  against: DeltaBase
}): ReactNode {
  const base = report.baseline
  return (
    <>
      <div className={analysis.top}>
        {report.envMismatch && <NotComparable envs={report.envMismatch.envs} />}
        <div
          data-testid="many-verdicts"
          title={`Each run against the baseline, ${names[base]}, on the tasks they share`}
        >
          {report.verdicts.map((v, i) =>
            v ? (
              <Verdict
                key={report.runs[i].id}
                verdict={{ ...v, text: verdictWithoutB(v.text) }}
                who={names[i]}
                testId="many-verdict"
                wrap
              />
            ) : null
          )}
        </div>
        <RankedWarnings warnings={report.warnings} prominent testId="many-top-warnings" />
      </div>
      <p className={analysis.shared} data-testid="many-shared">
        <b>{fmtInt(report.sharedTasks)} tasks</b> in every run. Each column is over its whole run (every episode); each
        change’s 95% CI is paired over the tasks the two runs share.
      </p>
      <ManyTable report={report} names={names} against={against} />
      <PerTaskRewards report={report} names={names} />
      <RankedWarnings warnings={report.warnings} prominent={false} testId="many-warnings" />
      <p className={txt.hint} data-testid="std-note">
        {STD_NOTE}
      </p>
    </>
  )
}
