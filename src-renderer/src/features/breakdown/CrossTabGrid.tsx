import { Fragment, useState, type CSSProperties, type ReactNode } from 'react'
import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'
import { fmtFraction, fmtValue } from '@contract/display'
import { breakdownFilter, cellKey, rowScore, type Counts, type CrossTab } from '../../lib/breakdown-view'
import { heatStyle } from '../../lib/heat'
import { fmtCount, fmtInt } from '../../lib/format'
import { useAppStore } from '../../state/store-context'
import { scoreUnit } from './score-unit'
import { RadioSegments } from '../../components/RadioSegments'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import controls from '../../styles/controls.module.css'
import css from './CrossTabGrid.module.css'
import { readable } from '../../lib/readable'
import { ScrollX } from '../../components/ScrollX'

type CellMode = 'score' | 'passed' | 'failed'

const MODES: { id: CellMode; label: string }[] = [
  { id: 'score', label: 'score' },
  { id: 'passed', label: 'passed / decided' },
  { id: 'failed', label: 'failures' }
]

/**
 * Two fields as a grid (the first down, the second across), each cell one combination's score, pass count or
 * failures ("failures by archetype × difficulty"), shaded by value; totals on the right and at the bottom. A cell
 * opens its episodes.
 */
export function CrossTabGrid({ report, grid }: { report: RunBreakdown; grid: CrossTab }): ReactNode {
  const store = useAppStore()
  const [mode, setMode] = useState<CellMode>('score')
  const unit = scoreUnit(report)
  const [rowField, colField] = report.fields
  const maxFailed = Math.max(1, ...report.rows.map((r) => r.failed))
  const open = (values: string[]): void =>
    store.getState().openRunEpisodes(report.runId, breakdownFilter(report.fields, values))

  const cell = (r: BreakdownRow | undefined, values: string[]): ReactNode => {
    if (!r) return <td className={cx(css.cell, css.empty)}>–</td>
    const score = rowScore(r, report.score)
    const style: CSSProperties =
      mode === 'failed'
        ? heatStyle(1 - r.failed / maxFailed)
        : mode === 'passed'
          ? heatStyle(r.decided ? r.passed / r.decided : null)
          : heatStyle(unit === 'rate' || inUnit(report) ? score : null)
    return (
      <td
        className={cx(css.cell, tables.num)}
        style={style}
        data-testid="crosstab-cell"
        data-values={values.join(' × ')}
      >
        <button
          className={css.btn}
          onClick={() => open(values)}
          title={`${readable(values.join(' × '))}: ${fmtCount(r.episodes, 'episode')}; open them`}
        >
          {mode === 'score'
            ? fmtValue(unit, score)
            : mode === 'passed'
              ? fmtFraction(r.passed, r.decided)
              : fmtInt(r.failed)}
          {mode === 'score' && <span className={css.n}> {fmtFraction(r.passed, r.decided)}</span>}
        </button>
      </td>
    )
  }
  const total = (c: Counts | undefined): ReactNode => (
    <td className={cx(tables.num, css.total)}>
      {!c ? '–' : mode === 'failed' ? fmtInt(c.failed) : fmtFraction(c.passed, c.decided)}
    </td>
  )

  return (
    <section className={analysis.section} data-testid="breakdown-crosstab">
      <div className={analysis.sectionHead}>
        <h3>
          {rowField} × {colField}
        </h3>
        <RadioSegments<CellMode>
          label="What a cell shows"
          value={mode}
          choices={MODES.map((m) => ({ id: m.id, content: m.label, testId: `crosstab-mode-${m.id}` }))}
          onChange={setMode}
        />
      </div>
      <ScrollX label="Cross table">
        <table className={cx(tables.table, css.grid)}>
          <thead>
            <tr>
              <th className={css.corner}>
                {rowField} ↓ · {colField} →
              </th>
              {grid.colValues.map((c) => (
                <th key={c} className={tables.num}>
                  {readable(c)}
                </th>
              ))}
              <th className={cx(tables.num, css.total)}>{mode === 'failed' ? 'failures' : 'passed'}</th>
            </tr>
          </thead>
          <tbody>
            {grid.rowValues.map((rv) => (
              <tr key={rv}>
                <th scope="row">{readable(rv)}</th>
                {grid.colValues.map((cv) => (
                  <Fragment key={cv}>{cell(grid.cells.get(cellKey(rv, cv)), [rv, cv])}</Fragment>
                ))}
                {total(grid.rowTotals.get(rv))}
              </tr>
            ))}
            <tr className={tables.totalRow}>
              <th scope="row">{mode === 'failed' ? 'failures' : 'passed'}</th>
              {grid.colValues.map((cv) => (
                <Fragment key={cv}>{total(grid.colTotals.get(cv))}</Fragment>
              ))}
              {total({
                episodes: report.total.episodes,
                passed: report.total.passed,
                decided: report.total.decided,
                failed: report.total.failed
              })}
            </tr>
          </tbody>
        </table>
      </ScrollX>
    </section>
  )
}

/** Whether every row's mean reward lies in [0, 1] (a reward heat scale makes sense). */
const inUnit = (report: RunBreakdown): boolean =>
  report.rows.every((r) => r.meanReward === null || (r.meanReward >= 0 && r.meanReward <= 1))
