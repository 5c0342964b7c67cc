import { memo, type ReactNode } from 'react'
import type { CurvePoint, TrainingCurve } from '@contract/training'
import { fmtMeanStd, fmtPercent, fmtRange, fmtValue } from '@contract/display'
import { fmtInt } from '../../lib/format'
import { cx } from '../../lib/cx'
import analysis from '../../styles/analysis.module.css'
import tables from '../../styles/tables.module.css'
import txt from '../../styles/text.module.css'
import { ScrollX } from '../../components/ScrollX'

/** The curve as a table, a row per step; a row picks that step (Enter too): its best and worst groups show. */
export function CurveTable({
  report,
  hover,
  picked,
  onPick
}: {
  report: TrainingCurve
  hover: number | null
  /** The step whose groups are shown (its row is marked). */
  picked: number | null
  onPick(index: number): void
}): ReactNode {
  const kept = report.points.some((p) => p.kept)
  const logged = report.points.some((p) => p.producer)
  return (
    <section className={analysis.section}>
      <h3>By step</h3>
      <ScrollX label="Figures by step">
        <table className={tables.table} data-testid="curve-table">
          <thead>
            <tr>
              <th className={tables.num}>step</th>
              <th className={tables.num}>rollouts</th>
              <th className={tables.num}>tasks</th>
              <th className={tables.num} title="Mean reward (population σ) of the step's batch">
                mean reward (σ)
              </th>
              <th className={tables.num}>min – max</th>
              <th className={tables.num}>pass</th>
              <th
                className={tables.num}
                title="Groups (a task's rollouts at the step) whose rewards are all equal, over groups of 2+"
              >
                no signal
              </th>
              <th className={tables.num}>steps</th>
              <th className={tables.num}>messages</th>
              <th className={tables.num}>tokens in / out</th>
              <th className={tables.num}>truncated</th>
              <th className={tables.num}>errored</th>
              {logged && (
                <th
                  className={tables.num}
                  title={`The mean reward the trainer logged for the step (${report.producerSource})`}
                >
                  trainer’s log
                </th>
              )}
              {kept && (
                <th
                  className={tables.num}
                  title="Rollouts the trainer's batch filters kept (effective), and their mean reward"
                >
                  kept (mean)
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {report.points.map((p, i) => (
              <CurveRow
                key={p.step}
                p={p}
                index={i}
                active={hover === i || picked === p.step}
                logged={logged}
                kept={kept}
                onPick={onPick}
              />
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  )
}

/** One step's row: drawn again only when its step or its highlight changes (hovering a chart moves the highlight). */
const CurveRow = memo(function CurveRow({
  p,
  index,
  active,
  logged,
  kept,
  onPick
}: {
  p: CurvePoint
  index: number
  active: boolean
  logged: boolean
  kept: boolean
  onPick(index: number): void
}): ReactNode {
  return (
    <tr
      key={p.step}
      className={cx(tables.clickRow, active && tables.hovered)}
      aria-current={active || undefined}
      tabIndex={0}
      onClick={() => onPick(index)}
      // Enter on the focused row opens it, as a click does: the row's own key
      onKeyDown={(e) => e.key === 'Enter' && onPick(index)}
      title={`Show the best and worst groups of step ${p.step}`}
      data-testid="curve-row"
      data-step={p.step}
    >
      <td className={tables.num}>{fmtInt(p.step)}</td>
      <td className={tables.num}>{fmtInt(p.episodes)}</td>
      <td className={tables.num}>{fmtInt(p.tasks)}</td>
      <td className={tables.num}>{fmtMeanStd('reward', p.meanReward, p.rewardStd)}</td>
      <td className={tables.num}>{fmtRange('reward', p.rewardMin, p.rewardMax)}</td>
      <td className={tables.num}>{fmtPercent(p.passRate)}</td>
      <td className={tables.num}>
        {fmtPercent(p.noSignalShare)} <span className={txt.hint}>of {fmtInt(p.groups)}</span>
      </td>
      <td className={tables.num}>{fmtValue('steps', p.meanSteps)}</td>
      <td className={tables.num}>{fmtValue('messages', p.meanMessages)}</td>
      <td className={tables.num}>
        {fmtValue('tokens', p.tokensIn)} / {fmtValue('tokens', p.tokensOut)}
      </td>
      <td className={tables.num}>{fmtPercent(p.truncatedShare)}</td>
      <td className={tables.num}>{fmtPercent(p.errorShare)}</td>
      {logged && (
        <td
          className={cx(tables.num, p.producer && !p.producer.agrees && txt.badText)}
          title={p.producer ? `${p.producer.label}: ${p.producer.value}` : 'not logged'}
          data-testid="curve-producer"
        >
          {p.producer ? `${fmtValue('reward', p.producer.value)} ${p.producer.agrees ? '✓' : '≠'}` : '–'}
        </td>
      )}
      {kept && (
        <td className={tables.num}>
          {p.kept ? (
            <>
              {fmtInt(p.kept.episodes)} <span className={txt.hint}>({fmtValue('reward', p.kept.meanReward)})</span>
            </>
          ) : (
            '–'
          )}
        </td>
      )}
    </tr>
  )
})
