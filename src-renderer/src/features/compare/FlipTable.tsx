import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { fmtInt } from '../../lib/format'
import type { FlipCell } from '../../state/compare-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { TaskList } from './TaskList'

const CELL_LABEL: Record<FlipCell, string> = {
  fixed: 'fixed (A fail → B pass)',
  broken: 'broken (A pass → B fail)',
  bothPass: 'still pass',
  bothFail: 'still fail'
}

/** Tasks by verdict in A and in B; each cell opens the list of its tasks. */
export function FlipTable({ report }: { report: CompareReport }): ReactNode {
  const store = useAppStore()
  const open = useApp((s) => s.flipCell)
  const f = report.flips
  const cell = (c: FlipCell, tone: string): ReactNode => (
    <td>
      <button
        className={`flip-cell tone-${tone}`}
        aria-pressed={open === c}
        onClick={() => store.getState().setFlipCell(open === c ? null : c)}
        data-testid={`flip-${c}`}
        title={`List the ${CELL_LABEL[c]} tasks`}
      >
        <span className="flip-count">{fmtInt(f[c].length)}</span>
        <span className="flip-label">{CELL_LABEL[c]}</span>
      </button>
    </td>
  )
  return (
    <section className="cmp-section" data-testid="compare-flips">
      <h3>Flips</h3>
      <table className="flip-table">
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
      <p className="hint" data-testid="compare-mcnemar">
        McNemar exact p = {f.mcnemarP === null ? '– (no task flipped)' : f.mcnemarP < 0.001 ? '< 0.001' : f.mcnemarP.toFixed(3)}
        {f.undecided > 0 && ` · ${fmtInt(f.undecided)} shared tasks without a pass/fail verdict`} · a task passes when more than half its
        rollouts pass
      </p>
      {open && (
        <div className="flip-tasks" data-testid="flip-task-list">
          <h4>
            {CELL_LABEL[open]}: {fmtInt(f[open].length)}
          </h4>
          <TaskList tasks={f[open]} />
        </div>
      )}
    </section>
  )
}
