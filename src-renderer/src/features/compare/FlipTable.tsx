import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { fmtInt } from '../../lib/format'
import type { FlipCell } from '../../state/compare-slice'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import txt from '../../styles/text.module.css'
import verdict from '../../styles/verdict-colours.module.css'
import css from './FlipTable.module.css'

/** Each cell's name, with the sign that says it without colour (▲ better, ▼ worse, = and × unchanged). */
export const FLIP_CELLS: Record<FlipCell, { sign: string; label: string }> = {
  fixed: { sign: '▲', label: 'fixed (A fail → B pass)' },
  broken: { sign: '▼', label: 'broken (A pass → B fail)' },
  bothPass: { sign: '=', label: 'still pass' },
  bothFail: { sign: '×', label: 'still fail' }
}

const TONE_CLASS = { better: css.better, worse: css.worse, neutral: undefined }

/** Tasks by verdict in A and in B; a cell lists its tasks in the per-task table below (pressed again: fixed and broken). */
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
        title={`List only the ${FLIP_CELLS[c].label} tasks below`}
      >
        <span className={css.count}>
          <span className={css.sign} aria-hidden>
            {FLIP_CELLS[c].sign}
          </span>
          <span data-testid="flip-count">{fmtInt(f[c].length)}</span>
        </span>
        <span className={css.label}>{FLIP_CELLS[c].label}</span>
      </button>
    </td>
  )
  return (
    <section className={cx(analysis.section, verdict.palette)} data-testid="compare-flips">
      <h3>Flips</h3>
      {/* A's verdict down the side, B's across the top: the same way round as the HTML and Markdown reports */}
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
    </section>
  )
}
