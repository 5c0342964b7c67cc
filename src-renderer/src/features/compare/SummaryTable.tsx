import type { ReactNode } from 'react'
import type { CompareMetric, CompareReport } from '@contract/compare'
import { changeTone, fmtCi, fmtDelta, fmtRel, fmtValue } from './compare-format'
import { CiBar } from './CiBar'

/** metric | A | B | Δ | Δ% | 95% CI, coloured by whether the change is an improvement and whether its CI excludes 0. */
export function SummaryTable({ report }: { report: CompareReport }): ReactNode {
  return (
    <section className="cmp-section">
      <h3>Summary</h3>
      <table className="cmp-table" data-testid="compare-summary">
        <thead>
          <tr>
            <th>Metric</th>
            <th className="num">A</th>
            <th className="num">B</th>
            <th className="num">Δ</th>
            <th className="num">Δ%</th>
            <th>95% CI of Δ</th>
            <th className="num" title="Tasks in the paired computation">
              n
            </th>
          </tr>
        </thead>
        <tbody>
          {report.metrics.map((m) => (
            <MetricRow key={m.key} m={m} />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function MetricRow({ m }: { m: CompareMetric }): ReactNode {
  const tone = changeTone(m.delta, m.ci95, m.better)
  const direction = m.better === null ? 'no better direction' : `${m.better} is better`
  return (
    <tr data-testid="compare-metric" data-key={m.key} data-tone={tone}>
      <td title={`${m.key} · ${m.kind === 'paired' ? 'per-task means, paired' : 'whole-run statistic, no CI'} · ${direction}`}>{m.label}</td>
      <td className="num">{fmtValue(m.a, m.isRate)}</td>
      <td className="num">{fmtValue(m.b, m.isRate)}</td>
      <td className={`num cmp-delta tone-${tone}`}>{fmtDelta(m.delta, m.isRate)}</td>
      <td className={`num tone-${tone}`}>{fmtRel(m.relDelta)}</td>
      <td className="cmp-ci-cell">
        {m.ci95 ? (
          <>
            <CiBar delta={m.delta} ci={m.ci95} tone={tone} />
            <span className="cmp-ci-text">{fmtCi(m.ci95, m.isRate)}</span>
          </>
        ) : (
          <span className="hint">{m.kind === 'summary' ? 'whole-run statistic' : 'too few tasks'}</span>
        )}
      </td>
      <td className="num hint">{m.n}</td>
    </tr>
  )
}
