import { useMemo, type ReactNode } from 'react'
import type { CategoryRow, CategoryWhole, CompareReport, MetricUnit } from '@contract/compare'
import { fmtCi, fmtDelta, fmtFraction, fmtValue } from '@contract/display'
import { fmtCount, fmtInt } from '../../lib/format'
import { useApp, useAppStore } from '../../state/store-context'
import { CategoryBarsChart } from './charts/CategoryBarsChart'
import { changeTone, fmtPassCounts } from './compare-format'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import { toneClass } from './tone-class'
import css from './CategoryBreakdown.module.css'
import { readable } from '../../lib/readable'

/** Rows of one field, best change first (no delta last), as the reports list them. */
export function rowsByField(rows: CategoryRow[]): Map<string, CategoryRow[]> {
  const byField = new Map<string, CategoryRow[]>()
  for (const r of rows) byField.set(r.field, [...(byField.get(r.field) ?? []), r])
  for (const list of byField.values()) list.sort((x, y) => (y.delta ?? -Infinity) - (x.delta ?? -Infinity))
  return byField
}

/** The breakdown by an info field (difficulty, archetype…): chooser, table and bars with CI whiskers per field. */
export function CategoryBreakdown({ report }: { report: CompareReport }): ReactNode {
  const store = useAppStore()
  const category = useApp((s) => s.compare?.category ?? null)
  const byField = useMemo(() => rowsByField(report.perCategory), [report.perCategory])
  // category scores are mean rewards, or pass rates when the runs have no reward
  const unit: MetricUnit = report.metrics.some((m) => m.key === 'reward' && (m.a !== null || m.b !== null))
    ? 'reward'
    : 'rate'
  if (report.categoryFields.length === 0) {
    return (
      <section className={analysis.section} data-testid="compare-categories">
        <h3>By category</h3>
        <p className={txt.hint}>
          The runs share no category field (an info field such as difficulty with a few values).
        </p>
      </section>
    )
  }
  return (
    <section className={analysis.section} data-testid="compare-categories">
      <div className={analysis.sectionHead}>
        <h3>By category</h3>
        <label className={txt.hint}>
          field{' '}
          <select
            value={category ?? ''}
            onChange={(e) => store.getState().setCompareCategory(e.target.value || null)}
            data-testid="compare-category-field"
          >
            <option value="">every field</option>
            {report.categoryFields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      </div>
      {[...byField].map(([field, rows]) => (
        <div key={field} data-field={field}>
          <h4>{field}</h4>
          <div className={analysis.row}>
            <CategoryTable rows={rows} unit={unit} />
            <div className={css.chart}>
              <CategoryBarsChart rows={rows} field={field} />
            </div>
          </div>
        </div>
      ))}
    </section>
  )
}

function CategoryTable({ rows, unit }: { rows: CategoryRow[]; unit: MetricUnit }): ReactNode {
  return (
    <table className={tables.table} data-testid="compare-category-table">
      <thead>
        <tr>
          <th rowSpan={2}>Value</th>
          <th colSpan={6} className={tables.groupHead} title="Paired on the tasks both runs have with this value">
            shared tasks
          </th>
          <th
            colSpan={2}
            className={cx(tables.groupHead, tables.wholeCol)}
            title="Each run over all its episodes with this value (shared tasks or not)"
          >
            whole runs
          </th>
        </tr>
        <tr>
          <th className={tables.num}>tasks</th>
          <th className={tables.num}>A</th>
          <th className={tables.num}>B</th>
          <th className={tables.num}>Δ</th>
          <th>95% CI</th>
          <th className={tables.num} title="Tasks passed / tasks with a verdict, A → B">
            passed
          </th>
          <th className={cx(tables.num, tables.wholeCol)} title="Run A: score, episodes passed / with a verdict">
            A
          </th>
          <th className={tables.num} title="Run B: score, episodes passed / with a verdict">
            B
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const tone = changeTone(r.delta, r.ci95, 'higher')
          return (
            <tr key={r.value} data-testid="compare-category-row">
              <td>{readable(r.value)}</td>
              <td className={tables.num}>{fmtInt(r.tasks)}</td>
              <td className={tables.num}>{fmtValue(unit, r.a)}</td>
              <td className={tables.num}>{fmtValue(unit, r.b)}</td>
              <td className={cx(tables.num, analysis.delta, toneClass(tone))}>{fmtDelta(unit, r.delta)}</td>
              <td className={txt.hint}>{fmtCi(unit, r.ci95)}</td>
              <td className={tables.num}>{fmtPassCounts(r.passedA, r.passedB, r.decided)}</td>
              <WholeCell whole={r.wholeA} unit={unit} side="a" />
              <WholeCell whole={r.wholeB} unit={unit} side="b" />
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** One run's figures over all its episodes with the value: "0.52 · 8/20". */
function WholeCell({ whole, unit, side }: { whole: CategoryWhole; unit: MetricUnit; side: 'a' | 'b' }): ReactNode {
  return (
    <td
      className={cx(tables.num, side === 'a' && tables.wholeCol)}
      data-testid={`category-whole-${side}`}
      title={`${fmtCount(whole.episodes, 'episode')}`}
    >
      {fmtValue(unit, whole.score)} <span className={txt.hint}>· {fmtFraction(whole.passed, whole.decided)}</span>
    </td>
  )
}
