/**
 * The breakdown renderers (Markdown, terminal) over report-shaped RunBreakdowns: report 002's success per tier as
 * "2/3", report 000's best and worst values and its failures by archetype × difficulty; hostile values inert.
 */
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { describe, expect, it } from 'vitest'
import { breakdownMarkdown } from '../../../src-main/report/breakdown-markdown'
import { formatBreakdown } from '../../../src-main/report/breakdown-text'
import { bestAndWorst, failureLines } from '../../../src-main/report/breakdown-sections'
import { crossTabBreakdown, tierBreakdown } from './breakdown-fixture'

const render = (md: string): string => micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })

describe('breakdownMarkdown', () => {
  it('ranks one field\'s values best first with counts like "expert: 2/3", the whole run under them', () => {
    const md = breakdownMarkdown(tierBreakdown())
    expect(md.split('\n')[0]).toBe('# aws-rl · SFT adapter: scores by tier')
    expect(md).toContain(
      'Over all 15 episodes of the run (15 tasks), one row per value, ranked by mean reward, best first.'
    )
    expect(md).toContain('Best: **warmup** (1.000); worst: **advanced** (0.500).')
    // the producer's metrics per tier too (report 002 breaks its six metrics down per tier), by name
    expect(md).toContain(
      '| tier | Episodes | Tasks | Mean reward (σ) | Passed | Pass rate | Failed | Perfect | Mean steps | hint_used | max_progress |'
    )
    expect(md).toContain('| expert | 3 | 3 | 0.800 (σ 0.283) | 2/3 | 66.7% | 1 | 66.7% | 8 | 0.667 | 0.9 |')
    expect(md).toContain('| advanced | 3 | 3 | 0.500 (σ 0.356) | 1/3 | 33.3% | 2 | 33.3% | 11.67 | 1 | 0.6 |')
    expect(md).toContain('| **Whole run** | 15 | 15 | 0.860 (σ 0.282) | 12/15 | 80% | 3 | 80% | 5.8 | 0.4 | 0.9 |')
    // five values: no separate best / worst tables
    expect(md).not.toContain('## Best')
    expect(md).toContain('- **advanced**: 2 failed of 3 (66.7% of the failures)')
    expect(md).toContain('Other fields to break down by: service, status.')
    expect(md.split('population standard deviation').length - 1).toBe(1)
  })

  it('cross-tabulates two fields, with best and worst tables past 14 values and the failures by pair (report 000)', () => {
    const md = breakdownMarkdown(crossTabBreakdown())
    expect(md.split('\n')[0]).toBe('# bs4 · RL step 440: scores by archetype × difficulty')
    expect(md).toContain('## Best 7\n\n| archetype | difficulty | Episodes |')
    expect(md).toContain(
      '## Worst 7\n\n| archetype | difficulty | Episodes | Tasks | Mean reward (σ) | Passed | Pass rate | Failed | Perfect | Mean steps |\n| --- | --- | --: |'
    )
    expect(md).toMatch(
      /## Worst 7\n\n.*\n.*\n\| mvp\.aggregation_min_max \| hard \| 15 \| 5 \| 0\.100 \(σ 0\.200\) \| 3\/15 \| 20% \| 12 \|/
    )
    expect(md).toContain('## Every value')
    expect(md).toContain('| **Whole run** |  | 150 | 50 |')
    expect(md).toContain(
      "## Failures by archetype × difficulty\n\n12 of the run's 150 episodes with a verdict failed:\n\n- **mvp.aggregation_min_max** × **hard**: 12 failed of 15 (100% of the failures)"
    )
  })

  it('leaves out columns the run has no figures for, and says so when nothing has a verdict', () => {
    const b = tierBreakdown()
    for (const r of [...b.rows, b.total])
      Object.assign(r, {
        perfectRate: null,
        meanSteps: null,
        passed: 0,
        decided: 0,
        passRate: null,
        failed: 0,
        metrics: {}
      })
    const md = breakdownMarkdown(b)
    expect(md).toContain('| tier | Episodes | Tasks | Mean reward (σ) |\n')
    expect(md).not.toContain('## Failures')
  })

  it("renders hostile values as text and keeps the table's cells", () => {
    const hostile = '<img src=x onerror=alert(1)> | *em*'
    const b = crossTabBreakdown()
    b.runName = hostile
    b.rows[15].values = [hostile, 'hard']
    const html = render(breakdownMarkdown(b))
    expect(html).not.toMatch(/<img|<em>/)
    const rows = (html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []).filter((r) => r.includes('onerror'))
    expect(rows.map((r) => r.match(/<td/g)?.length)).toEqual([10, 10])
  })
})

describe('breakdown-sections', () => {
  it('best and worst exclude rows without a score; failures sort by count', () => {
    const b = crossTabBreakdown()
    b.rows[0].meanReward = null
    const top = bestAndWorst(b, 5)
    expect(top?.best[0].values[0]).toBe('mvp.archetype_01')
    expect(top?.worst[0].values[0]).toBe('mvp.aggregation_min_max')
    expect(bestAndWorst(tierBreakdown())).toBeNull()
    expect(failureLines(tierBreakdown()).map((f) => [f.values[0], f.failed])).toEqual([
      ['advanced', 2],
      ['expert', 1]
    ])
  })
})

describe('formatBreakdown', () => {
  it('prints the table with best, worst and the whole run marked, then the failures', () => {
    const text = formatBreakdown(crossTabBreakdown())
    expect(text.split('\n')[0]).toBe(
      'bs4 · RL step 440: scores by archetype × difficulty over all 150 episodes, by mean reward, best first'
    )
    expect(text).toMatch(
      /^ARCHETYPE\s+DIFFICULTY\s+EPISODES\s+TASKS\s+MEAN REWARD \(σ\)\s+PASSED\s+PASS RATE\s+FAILED\s+PERFECT\s+MEAN STEPS$/m
    )
    expect(text).toMatch(
      /^mvp\.archetype_00\s+medium\s+9\s+3\s+1\.000 \(σ 0\.000\)\s+9\/9\s+100%\s+0\s+100%\s+3\s+best$/m
    )
    expect(text).toMatch(
      /^mvp\.aggregation_min_max\s+hard\s+15\s+5\s+0\.100 \(σ 0\.200\)\s+3\/15\s+20%\s+12\s+0%\s+6\s+worst$/m
    )
    expect(text).toMatch(/^ALL\s+150\s+50\s+0\.910 \(σ 0\.277\)\s+138\/150\s+92%\s+12\s+90%\s+3\.3\s+whole run$/m)
    expect(text).toContain(
      'FAILURES BY ARCHETYPE × DIFFICULTY: 12 of 150 episodes with a verdict\n  mvp.aggregation_min_max × hard: 12 failed of 15 (100% of the failures)'
    )
  })

  it('shows the producer metrics per row, a few in a terminal', () => {
    const text = formatBreakdown(tierBreakdown())
    expect(text).toMatch(
      /^TIER\s+EPISODES\s+TASKS\s+MEAN REWARD \(σ\)\s+PASSED\s+PASS RATE\s+FAILED\s+PERFECT\s+MEAN STEPS\s+hint_used\s+max_progress$/m
    )
    expect(text).toMatch(/^expert\s+3\s+3\s+0\.800 \(σ 0\.283\)\s+2\/3\s+66\.7%\s+1\s+66\.7%\s+8\s+0\.667\s+0\.9$/m)
    const many = tierBreakdown()
    for (const r of [...many.rows, many.total])
      r.metrics = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`m${i}`, i]))
    const wide = formatBreakdown(many)
    expect(wide).toContain('3 more metrics per row: --md or --json lists them.')
    expect(wide).not.toMatch(/\bm6\b/)
    expect(breakdownMarkdown(many)).toMatch(/\| m8 \|$/m)
  })

  it('leaves out a metric that only repeats the reward (as the compare does)', () => {
    const b = tierBreakdown()
    for (const r of [...b.rows, b.total]) r.metrics.reward = r.meanReward as number
    expect(breakdownMarkdown(b)).toContain('| Mean steps | hint_used | max_progress |')
    b.rows[0].metrics.reward = 0.5
    expect(breakdownMarkdown(b)).toContain('| Mean steps | hint_used | max_progress | reward |')
  })

  it('keeps control characters of a value off the terminal', () => {
    const b = tierBreakdown()
    b.rows[0].values = ['warm\u001b[2Jup']
    expect(formatBreakdown(b)).not.toContain('\u001b')
  })
})
