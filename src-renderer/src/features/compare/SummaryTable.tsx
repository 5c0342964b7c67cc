import type { ReactNode } from 'react'
import type { CompareMetric, CompareReport } from '@contract/compare'
import { fmtCi, fmtDelta, fmtRelative, fmtValue, noCiReason } from '@contract/display'
import { fmtInt } from '../../lib/format'
import { changeTone } from './compare-format'
import { CiBar } from './CiBar'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import { toneClass } from './tone-class'
import css from './SummaryTable.module.css'
import { ScrollX } from '../../components/ScrollX'

/**
 * metric | A | B | Δ | Δ% | 95% CI | n on the shared tasks, coloured by whether the change is an improvement and
 * whether its CI excludes 0; when the task sets differ, each whole run's figures beside them (every episode, as the
 * runs table and the producer count).
 */
export function SummaryTable({ report }: { report: CompareReport }): ReactNode {
  const showWhole = report.onlyA + report.onlyB > 0 && report.metrics.some((m) => m.whole)
  return (
    <section className={analysis.section}>
      <h3>
        Summary{' '}
        <span className={txt.hint}>
          on the {fmtInt(report.sharedTasks)} shared tasks (per task first, then over tasks)
        </span>
      </h3>
      <ScrollX label="Summary">
        <table className={tables.table} data-testid="compare-summary">
          <thead>
            <tr>
              <th>Metric</th>
              <th className={tables.num}>A</th>
              <th className={tables.num}>B</th>
              <th className={tables.num}>Δ</th>
              <th className={tables.num}>Δ%</th>
              <th>95% CI of Δ</th>
              <th
                className={tables.num}
                title="Tasks in the paired computation; a row without pairing: the episodes each run's figure is over"
              >
                n
              </th>
              {showWhole && (
                <>
                  <th
                    className={cx(tables.num, tables.wholeCol)}
                    title="Run A over all its episodes (shared tasks or not)"
                  >
                    whole A
                  </th>
                  <th className={tables.num} title="Run B over all its episodes (shared tasks or not)">
                    whole B
                  </th>
                  <th className={tables.num} title="Change of the whole-run figures (not paired)">
                    whole Δ
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {report.metrics.map((m) => (
              <MetricRow key={m.key} m={m} showWhole={showWhole} />
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  )
}

function MetricRow({ m, showWhole }: { m: CompareMetric; showWhole: boolean }): ReactNode {
  const tone = changeTone(m.delta, m.ci95, m.better)
  const direction = m.better === null ? 'no better direction' : `${m.better} is better`
  const w = m.whole
  return (
    <tr data-testid="compare-metric" data-key={m.key} data-tone={tone}>
      <td
        title={`${m.key} · ${m.kind === 'paired' ? 'per-task means, paired' : 'whole-run statistic, no CI'} · ${direction}`}
      >
        {m.label}
      </td>
      <td className={tables.num}>{fmtValue(m.unit, m.a)}</td>
      <td className={tables.num}>{fmtValue(m.unit, m.b)}</td>
      <td className={cx(tables.num, analysis.delta, toneClass(tone))}>{fmtDelta(m.unit, m.delta)}</td>
      <td className={cx(tables.num, toneClass(tone))}>{fmtRelative(m.relDelta)}</td>
      <td className={css.ciCell}>
        {m.ci95 ? (
          <>
            <CiBar delta={m.delta} ci={m.ci95} tone={tone} />
            <span className={css.ciText}>{fmtCi(m.unit, m.ci95)}</span>
          </>
        ) : (
          <span className={txt.hint}>{noCiReason(m)}</span>
        )}
      </td>
      {m.episodes ? (
        <td
          className={cx(tables.num, txt.hint)}
          title={`Not paired: A's figure is over ${fmtInt(m.episodes.a)} episodes, B's over ${fmtInt(m.episodes.b)}`}
          data-testid="compare-metric-episodes"
        >
          {fmtInt(m.episodes.a)}&nbsp;/&nbsp;{fmtInt(m.episodes.b)}&nbsp;ep
        </td>
      ) : (
        <td className={cx(tables.num, txt.hint)}>{m.n}</td>
      )}
      {showWhole && (
        <>
          <td className={cx(tables.num, tables.wholeCol)} data-testid="compare-whole-a">
            {w ? fmtValue(m.unit, w.a) : ''}
          </td>
          <td className={tables.num}>{w ? fmtValue(m.unit, w.b) : ''}</td>
          <td className={cx(tables.num, txt.hint)}>{w ? fmtDelta(m.unit, w.delta) : ''}</td>
        </>
      )}
    </tr>
  )
}
