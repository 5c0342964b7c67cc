import { Fragment, useMemo, type ReactNode } from 'react'
import type { MultiCompareReport, MultiRow } from '@contract/multi-compare'
import { deltaText, manySections, missingWhy, valueText } from '../../lib/many-rows'
import { useAppStore } from '../../state/store-context'
import { changeTone } from '../compare/compare-format'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import controls from '../../styles/controls.module.css'
import side from '../../styles/side-tag.module.css'
import { toneClass } from '../compare/tone-class'
import css from './ManyTable.module.css'
import { ScrollX } from '../../components/ScrollX'

/** Changes against the baseline run, or against the run before each (a checkpoint sequence). */
export type DeltaBase = 'baseline' | 'previous'

/** One table: a row per figure (in sections), a column per run with its value, spread and change. */
export function ManyTable({
  report,
  names,
  against
}: {
  report: MultiCompareReport
  names: string[]
  against: DeltaBase
}): ReactNode {
  const store = useAppStore()
  const sections = useMemo(() => manySections(report.rows), [report.rows])
  const cols = report.runs.length + 1
  return (
    <section className={analysis.section}>
      <ScrollX label="Runs side by side">
        <table className={cx(tables.table, css.table)} data-testid="many-table">
          <thead>
            <tr>
              <th>Figure</th>
              {report.runs.map((r, i) => (
                <th
                  key={r.id}
                  className={cx(tables.num, css.runHead)}
                  title={`${r.name}\n${r.model ?? ''} · ${r.episodes} episodes · ${r.tasks} tasks`}
                  data-testid="many-run-head"
                >
                  <span className={css.runName}>{names[i]}</span>
                  {i === report.baseline ? (
                    <span className={cx(side.tag, css.baseTag)}>baseline</span>
                  ) : (
                    <button
                      className={controls.linkBtn}
                      onClick={() => store.getState().setManyBaseline(r.id)}
                      title="Make this run the baseline"
                    >
                      set baseline
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sections.map((sec) => (
              <Fragment key={sec.id}>
                <tr className={css.sectionRow}>
                  <th colSpan={cols}>{sec.title}</th>
                </tr>
                {sec.rows.map((row) => (
                  <ManyRowView key={row.key} row={row} baseline={report.baseline} against={against} />
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  )
}

function ManyRowView({ row, baseline, against }: { row: MultiRow; baseline: number; against: DeltaBase }): ReactNode {
  const deltas = against === 'baseline' ? row.vsBaseline : row.vsPrevious
  return (
    <tr data-testid="many-row" data-key={row.key}>
      <td className={css.label} title={`${row.key}${row.better ? ` · ${row.better} is better` : ''}`}>
        {row.label}
      </td>
      {row.values.map((v, i) => {
        const value = valueText(row, v)
        const d = deltas[i]
        const delta = deltaText(row, d)
        // coloured by the paired change its CI is about (the verdict's), where there is one
        const tone = d ? changeTone(d.paired ?? d.delta, d.ci95, row.better) : 'neutral'
        return (
          <td
            key={i}
            className={cx(tables.num, css.cell, i === baseline && against === 'baseline' && css.base)}
            data-testid="many-cell"
            title={missingWhy(row, v) ?? undefined}
          >
            <div className={css.value} data-testid="many-value">
              {value.main}
            </div>
            {value.range && (
              <div className={css.range} data-testid="many-range">
                {value.range}
              </div>
            )}
            {delta && (
              <div className={cx(css.delta, toneClass(tone))} data-testid="many-delta">
                {delta.main}
                {delta.ci && (
                  <div className={css.ci} data-testid="many-ci">
                    {delta.ci}
                  </div>
                )}
              </div>
            )}
          </td>
        )
      })}
    </tr>
  )
}
