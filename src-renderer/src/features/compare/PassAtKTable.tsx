import type { ReactNode } from 'react'
import type { CompareReport } from '@contract/compare'
import { fmtDelta, fmtValue } from '@contract/display'
import { fmtInt } from '../../lib/format'
import { changeTone } from './compare-format'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import { toneClass } from './tone-class'

/** pass@k (any of k rollouts passes) and pass^k (all k pass), unbiased estimators, per run. */
export function PassAtKTable({ report }: { report: CompareReport }): ReactNode {
  if (report.passAtK.length === 0) return null
  const delta = (a: number | null, b: number | null): number | null => (a !== null && b !== null ? b - a : null)
  return (
    <section className={analysis.section} data-testid="compare-passk">
      <h3>pass@k and pass^k</h3>
      <table className={tables.table}>
        <thead>
          <tr>
            <th>k</th>
            <th className={tables.num}>pass@k A</th>
            <th className={tables.num}>pass@k B</th>
            <th className={tables.num}>Δ</th>
            <th className={tables.num}>pass^k A</th>
            <th className={tables.num}>pass^k B</th>
            <th className={tables.num}>Δ</th>
            <th className={tables.num}>tasks</th>
          </tr>
        </thead>
        <tbody>
          {report.passAtK.map((p) => {
            const d1 = delta(p.a.passAtK, p.b.passAtK)
            const d2 = delta(p.a.passHatK, p.b.passHatK)
            return (
              <tr key={p.k}>
                <td>{p.k}</td>
                <td className={tables.num}>{fmtValue('rate', p.a.passAtK)}</td>
                <td className={tables.num}>{fmtValue('rate', p.b.passAtK)}</td>
                <td className={cx(tables.num, toneClass(changeTone(d1, null, 'higher')))}>{fmtDelta('rate', d1)}</td>
                <td className={tables.num}>{fmtValue('rate', p.a.passHatK)}</td>
                <td className={tables.num}>{fmtValue('rate', p.b.passHatK)}</td>
                <td className={cx(tables.num, toneClass(changeTone(d2, null, 'higher')))}>{fmtDelta('rate', d2)}</td>
                <td className={cx(tables.num, txt.hint)}>{fmtInt(p.tasks)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className={txt.hint}>
        pass@k: chance that at least one of k rollouts passes; pass^k: that all k pass (reliability).
      </p>
    </section>
  )
}
