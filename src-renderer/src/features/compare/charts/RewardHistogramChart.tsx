import { useCallback, useMemo, type ReactNode } from 'react'
import type uPlot from 'uplot'
import { histogramShares, type RewardHistogram } from '@contract/compare'
import { fmtCount, fmtNum, fmtPct } from '../../../lib/format'
import { barPaths, withAlpha } from './chart-helpers'
import { themedAxis, UPlotChart, type ChartTheme } from './UPlotChart'
import txt from '../../../styles/text.module.css'

/**
 * A's and B's episode rewards over the same bins, overlaid (translucent bars, B over A), each bin as its share of its
 * side's episodes: runs of 8 and of 4 rollouts a task on one scale, as the HTML report draws them.
 */
export function RewardHistogramChart({ histogram }: { histogram: RewardHistogram }): ReactNode {
  // x is each bin's centre on the reward scale, so the axis gets round reward ticks however many bins there are
  const centres = useMemo(
    () => histogram.a.map((_, i) => (histogram.edges[i] + histogram.edges[i + 1]) / 2),
    [histogram]
  )
  const data = useMemo<uPlot.AlignedData>(
    () => [centres, histogramShares(histogram.a), histogramShares(histogram.b)],
    [centres, histogram]
  )
  const total = (counts: number[]): number => counts.reduce((s, n) => s + n, 0)
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: {
        x: { time: false, range: [histogram.edges[0], histogram.edges[histogram.edges.length - 1]] },
        y: { range: (_u, _min, max) => [0, Math.max(0.01, max) * 1.1] }
      },
      axes: [
        themedAxis(t, {
          label: 'reward',
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => fmtNum(v, 2))
        }),
        themedAxis(t, {
          label: 'share of episodes',
          size: 56,
          values: (_u, splits) => splits.map((v) => fmtPct(v))
        })
      ],
      legend: { live: false },
      cursor: { show: false },
      series: [
        { label: 'reward bin' },
        {
          label: 'A',
          stroke: t.a,
          fill: withAlpha(t.a, 0.35),
          width: 1,
          paths: barPaths(0.85),
          points: { show: false }
        },
        {
          label: 'B',
          stroke: t.b,
          fill: withAlpha(t.b, 0.35),
          width: 1,
          paths: barPaths(0.85),
          points: { show: false }
        }
      ]
    }),
    [histogram]
  )
  if (histogram.a.length === 0) return <p className={txt.hint}>No rewards to draw.</p>
  return (
    <>
      <UPlotChart
        options={options}
        data={data}
        height={220}
        label="Reward histograms of A and B, overlaid, as shares of each run's episodes"
        testId="chart-histogram"
      />
      <p className={txt.hint}>
        Each run&apos;s share of its own episodes: A {fmtCount(total(histogram.a), 'episode')}, B{' '}
        {fmtCount(total(histogram.b), 'episode')}.
      </p>
    </>
  )
}
