import { useCallback, useMemo, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { RewardHistogram } from '@contract/compare'
import { fmtNum } from '../../../lib/format'
import { barPaths, withAlpha } from './chart-helpers'
import { themedAxis, UPlotChart, type ChartTheme } from './UPlotChart'
import txt from '../../../styles/text.module.css'

/** A's and B's episode rewards over the same bins, overlaid (translucent bars, B over A). */
export function RewardHistogramChart({ histogram }: { histogram: RewardHistogram }): ReactNode {
  // x is each bin's centre on the reward scale, so the axis gets round reward ticks however many bins there are
  const centres = useMemo(
    () => histogram.a.map((_, i) => (histogram.edges[i] + histogram.edges[i + 1]) / 2),
    [histogram]
  )
  const data = useMemo<uPlot.AlignedData>(() => [centres, histogram.a, histogram.b], [centres, histogram])
  const options = useCallback(
    (t: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: {
        x: { time: false, range: [histogram.edges[0], histogram.edges[histogram.edges.length - 1]] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] }
      },
      axes: [
        themedAxis(t, {
          label: 'reward',
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => fmtNum(v, 2))
        }),
        themedAxis(t, { label: 'episodes', size: 44 })
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
    <UPlotChart
      options={options}
      data={data}
      height={220}
      label="Reward histograms of A and B, overlaid"
      testId="chart-histogram"
    />
  )
}
