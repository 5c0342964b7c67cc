import type { ReactNode } from 'react'
import type { MultiCompareReport } from '@contract/multi-compare'
import { fmtValue } from '@contract/display'
import { heatStyle } from '../../lib/heat'
import { fmtCount, fmtInt } from '../../lib/format'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import rollout from '../../styles/rollout-cells.module.css'
import css from './PerTaskRewards.module.css'
import { readable } from '../../lib/readable'
import { ScrollX } from '../../components/ScrollX'

/** Each task's rollout rewards in every run (report 004's "r1: [0.636, 0.9, 0.85]"), folded until asked for. */
export function PerTaskRewards({ report, names }: { report: MultiCompareReport; names: string[] }): ReactNode {
  if (report.perTask.length === 0) return null
  const unit = report.perTask.every((t) => t.rewards.every((rs) => rs.every((r) => r === null || (r >= 0 && r <= 1))))
  return (
    <details className={cx(analysis.section, rollout.outlined, css.perTask)} data-testid="many-per-task">
      <summary>
        <h3>Per task: every rollout’s reward</h3>{' '}
        <span className={txt.hint}>
          {fmtCount(report.perTask.length, 'task')}
          {report.perTaskCapped ? ' (the first ones; more exist)' : ''}
        </span>
      </summary>
      <ScrollX label="Reward per task">
        <table className={tables.table}>
          <thead>
            <tr>
              <th>Task</th>
              {names.map((n, i) => (
                <th key={report.runs[i].id}>{n}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.perTask.map((t) => (
              <tr key={t.taskKey}>
                <td className={txt.mono}>{readable(t.taskKey)}</td>
                {t.rewards.map((rs, i) => (
                  <td key={i}>
                    <span className={rollout.cells} title={rs.map((r) => fmtValue('reward', r)).join(', ')}>
                      {rs.length === 0 ? (
                        <span className={txt.hint}>–</span>
                      ) : (
                        rs.map((r, k) => <span key={k} className={rollout.cell} style={unit ? heatStyle(r) : {}} />)
                      )}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </details>
  )
}
