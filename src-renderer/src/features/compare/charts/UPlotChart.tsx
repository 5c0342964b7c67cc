import { useEffect, useRef, type ReactNode } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useColorScheme } from '../../../lib/use-color-scheme'
import chartCss from './UPlotChart.module.css'

/** Colours a chart draws with, read from the theme's CSS variables (canvas cannot use var()). */
export interface ChartTheme {
  fg: string
  muted: string
  grid: string
  /** Run A (base) and run B (trained). */
  a: string
  b: string
  good: string
  bad: string
  /** A change (B − A), and the app's accent (one run's own figures). */
  delta: string
  accent: string
}

function readTheme(el: HTMLElement): ChartTheme {
  const css = getComputedStyle(el)
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback
  return {
    fg: v('--fg', '#1c1f24'),
    muted: v('--fg-muted', '#59616d'),
    grid: v('--border', '#dfe3e8'),
    a: v('--cmp-a', '#2563eb'),
    b: v('--cmp-b', '#ea580c'),
    good: v('--good', '#18773a'),
    bad: v('--bad', '#c62828'),
    delta: v('--cmp-delta', '#0d9488'),
    accent: v('--accent', '#2563c9')
  }
}

/** Axis styling shared by every chart: theme colours, thin grid. */
export function themedAxis(theme: ChartTheme, extra: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: theme.muted,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    ...extra
  }
}

interface UPlotChartProps {
  /**
   * Builds the chart's options for the current theme. Keep it stable (useCallback / module function): a new
   * function rebuilds the chart.
   */
  options(theme: ChartTheme): Omit<uPlot.Options, 'width' | 'height'>
  data: uPlot.AlignedData
  height: number
  /** What the chart shows, for screen readers (a canvas has no text). */
  label: string
  testId?: string
}

/**
 * One uPlot chart: created when mounted (and again when its options, data or the light/dark theme change, since
 * uPlot bakes colours into its canvas), destroyed when unmounted, resized with its container's width.
 */
export function UPlotChart({ options, data, height, label, testId }: UPlotChartProps): ReactNode {
  const ref = useRef<HTMLDivElement>(null)
  const scheme = useColorScheme()
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const width = Math.max(200, el.clientWidth)
    const chart = new uPlot({ ...options(readTheme(el)), width, height }, data, el)
    el.dataset.drawn = 'true'
    const observer = new ResizeObserver(() => {
      const w = Math.max(200, el.clientWidth)
      if (w !== chart.width) chart.setSize({ width: w, height })
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      chart.destroy()
      delete el.dataset.drawn
    }
  }, [options, data, height, scheme])
  return (
    <div ref={ref} className={chartCss.host} role="img" aria-label={label} data-testid={testId} data-scheme={scheme} />
  )
}
