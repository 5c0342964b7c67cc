import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { fmtInt } from '../../lib/format'
import type { FlipCell } from '../../state/compare-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { TaskList } from './TaskList'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import css from './FlipTable.module.css'

const CELL_LABEL: Record<FlipCell, string> = {
  fixed: 'fixed (A fail → B pass)',
  broken: 'broken (A pass → B fail)',
  bothPass: 'still pass',
  bothFail: 'still fail'
}

const TONE_CLASS = { better: css.better, worse: css.worse, neutral: undefined }

/** Tasks by verdict in A and in B; each cell opens the list of its tasks. */
export function FlipTable({ report }: { report: CompareReport }): ReactNode {
  const store = useAppStore()
  const open = useApp((s) => s.flipCell)
  const f = report.flips
  const cell = (c: FlipCell, tone: 'better' | 'worse' | 'neutral'): ReactNode => (
    <td>
      <button
        className={cx(css.cell, TONE_CLASS[tone])}
        aria-pressed={open === c}
        onClick={() => store.getState().setFlipCell(open === c ? null : c)}
        data-testid={`flip-${c}`}
        title={`List the ${CELL_LABEL[c]} tasks`}
      >
        <span className={css.count} data-testid="flip-count">
          {fmtInt(f[c].length)}
        </span>
        <span className={css.label}>{CELL_LABEL[c]}</span>
      </button>
    </td>
  )
  return (
    <section className={analysis.section} data-testid="compare-flips">
      <h3>Flips</h3>
      <table className={css.table}>
        <thead>
          <tr>
            <th />
            <th>B pass</th>
            <th>B fail</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>A fail</th>
            {cell('fixed', 'better')}
            {cell('bothFail', 'neutral')}
          </tr>
          <tr>
            <th>A pass</th>
            {cell('bothPass', 'neutral')}
            {cell('broken', 'worse')}
          </tr>
        </tbody>
      </table>
      <p className={txt.hint} data-testid="compare-mcnemar">
        McNemar exact p ={' '}
        {f.mcnemarP === null ? '– (no task flipped)' : f.mcnemarP < 0.001 ? '< 0.001' : f.mcnemarP.toFixed(3)}
        {f.undecided > 0 && ` · ${fmtInt(f.undecided)} shared tasks without a pass/fail verdict`} · a task passes when
        more than half its rollouts pass
      </p>
      {open && (
        <div className={css.tasks} data-testid="flip-task-list">
          <h4>
            {CELL_LABEL[open]}: {fmtInt(f[open].length)}
          </h4>
          <TaskList tasks={f[open]} />
        </div>
      )}
    </section>
  )
}
