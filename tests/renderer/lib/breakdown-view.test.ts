import { describe, expect, it } from 'vitest'
import {
  bestAndWorst,
  breakdownFilter,
  cellKey,
  crossTab,
  defaultBreakdownFields,
  fieldLabel,
  orderValues,
  nextBreakdownSort,
  rowLabel,
  rowScore,
  scoreSort,
  sortBreakdownRows,
  sortWords
} from '../../../src-renderer/src/lib/breakdown-view'
import type { BreakdownRow } from '@contract/breakdown'
import { fakeBreakdown } from '../fake-analysis'

describe('breakdown view', () => {
  it('opens with a difficulty / tier / category field, else the first field, else how episodes ended', () => {
    expect(defaultBreakdownFields(['repo', 'archetype', 'difficulty'], false)).toEqual(['difficulty'])
    expect(defaultBreakdownFields(['repo', 'tier'], false)).toEqual(['tier'])
    expect(defaultBreakdownFields(['repo', 'task_category'], false)).toEqual(['task_category'])
    expect(defaultBreakdownFields(['repo', 'lang'], false)).toEqual(['repo'])
    expect(defaultBreakdownFields([], true)).toEqual(['termination'])
    expect(defaultBreakdownFields([], false)).toEqual(['status'])
  })

  it('names the best and worst value by the ranking score, leaving "(none)" rows and ties out', () => {
    const b = fakeBreakdown('r', ['difficulty'])
    const bw = bestAndWorst(b)!
    expect(rowLabel(bw.best)).toBe('hard')
    expect(rowLabel(bw.worst)).toBe('easy')
    expect(rowScore(bw.best, 'meanReward')).toBeCloseTo(0.769, 3)
    expect(rowScore(bw.best, 'passRate')).toBe(0.25)
    const cross = fakeBreakdown('r', ['archetype', 'difficulty'])
    expect(rowLabel(bestAndWorst(cross)!.worst)).toBe('import-error × easy') // flaky-test × (none) is left out
    expect(bestAndWorst({ ...b, rows: b.rows.slice(0, 1) })).toBeNull()
    expect(bestAndWorst({ ...b, rows: b.rows.map((r) => ({ ...r, meanReward: 0.5 })) })).toBeNull()
  })

  it('lays two fields out as a grid with totals per row and per column', () => {
    const grid = crossTab(fakeBreakdown('r', ['archetype', 'difficulty']))!
    expect(grid.rowValues).toEqual(['flaky-test', 'import-error', 'off-by-one', 'wrong-api'])
    expect(grid.colValues).toEqual(['easy', 'hard', '(none)'])
    expect(grid.cells.get(cellKey('off-by-one', 'hard'))?.passed).toBe(3)
    expect(grid.cells.get(cellKey('wrong-api', 'easy'))).toBeUndefined()
    expect(grid.rowTotals.get('off-by-one')).toEqual({ episodes: 12, passed: 8, decided: 12, failed: 4 })
    expect(grid.colTotals.get('hard')).toEqual({ episodes: 12, passed: 3, decided: 12, failed: 9 })
    expect(crossTab(fakeBreakdown('r', ['difficulty']))).toBeNull()
  })

  it('orders values naturally: easy < medium < hard, numbers by value, "(none)" last', () => {
    expect(orderValues(['hard', '(none)', 'easy', 'medium'])).toEqual(['easy', 'medium', 'hard', '(none)'])
    expect(orderValues(['expert', 'easy', 'very easy'])).toEqual(['very easy', 'easy', 'expert'])
    expect(orderValues(['tier10', 'tier2', 'tier1'])).toEqual(['tier1', 'tier2', 'tier10'])
  })

  it('writes the episodes filter of a row in the filter language, odd names and values quoted', () => {
    expect(breakdownFilter(['difficulty'], ['hard'])).toBe('info.difficulty == "hard"')
    expect(breakdownFilter(['archetype', 'difficulty'], ['off-by-one', 'hard'])).toBe(
      'info.archetype == "off-by-one" and info.difficulty == "hard"'
    )
    expect(breakdownFilter(['termination'], ['max_steps'])).toBe('termination == "max_steps"')
    expect(breakdownFilter(['status'], ['error'])).toBe('status == "error"')
    expect(breakdownFilter(['a.b'], ['say "hi"'])).toBe('info."a.b" == "say \\"hi\\""')
    expect(breakdownFilter(['flag'], ['true'])).toBe('info.flag == true')
    expect(breakdownFilter(['tests_total'], ['18'])).toBe('(info.tests_total == 18 or info.tests_total == "18")')
    expect(breakdownFilter(['difficulty'], ['(none)'])).toBe('info.difficulty == null')
    expect(fieldLabel('termination')).toBe('termination (episode)')
    expect(fieldLabel('difficulty')).toBe('difficulty')
  })

  it('sorts by any column: best first is the engine order, rows without the figure last either way', () => {
    const b = fakeBreakdown('r', ['archetype', 'difficulty'])
    const labels = (rows: BreakdownRow[]): string[] => rows.map(rowLabel)
    // the engine sends the rows best first: sorted by the score, the order is theirs
    const engine = [...b.rows].sort((x, y) => y.meanReward! - x.meanReward!)
    expect(labels(sortBreakdownRows(b.rows, scoreSort(b)))).toEqual(labels(engine))
    // most failures first (triage), ties by value
    expect(sortBreakdownRows(b.rows, { key: 'failed', desc: true }).map((r) => [rowLabel(r), r.failed])).toEqual(
      [
        ['wrong-api × hard', 8],
        ['import-error × easy', 4],
        ['flaky-test × (none)', 4],
        ['off-by-one × easy', 3],
        ['off-by-one × hard', 1]
      ].sort((x, y) => (y[1] as number) - (x[1] as number) || String(x[0]).localeCompare(String(y[0])))
    )
    expect(labels(sortBreakdownRows(b.rows, { key: 'value', desc: false }))[0]).toBe('flaky-test × (none)')
    // a row without a figure stays last, whichever way
    const gap = [...b.rows.slice(0, 2), { ...b.rows[2], meanSteps: null }]
    for (const desc of [true, false])
      expect(sortBreakdownRows(gap, { key: 'meanSteps', desc }).at(-1)!.meanSteps).toBeNull()
    // a metric column
    const byMetric = sortBreakdownRows(b.rows, { key: 'metric:partial_progress_max', desc: false })
    expect(byMetric.map((r) => r.metrics!.partial_progress_max)).toEqual(
      [...b.rows.map((r) => r.metrics!.partial_progress_max)].sort((x, y) => x - y)
    )
  })

  it('clicks: the sorted column turns round, another sorts largest first (a value A to Z)', () => {
    expect(nextBreakdownSort({ key: 'meanReward', desc: true }, 'meanReward')).toEqual({
      key: 'meanReward',
      desc: false
    })
    expect(nextBreakdownSort({ key: 'meanReward', desc: true }, 'failed')).toEqual({ key: 'failed', desc: true })
    expect(nextBreakdownSort({ key: 'failed', desc: true }, 'value')).toEqual({ key: 'value', desc: false })
  })

  it('says how the rows are ordered', () => {
    const b = { score: 'meanReward' as const, fields: ['archetype', 'difficulty'] }
    expect(sortWords(b, scoreSort(b))).toBe('ranked by mean reward')
    expect(sortWords({ ...b, score: 'passRate' }, { key: 'passRate', desc: true })).toBe('ranked by pass rate')
    expect(sortWords(b, { key: 'meanReward', desc: false })).toBe('sorted by mean reward, smallest first')
    expect(sortWords(b, { key: 'failed', desc: true })).toBe('sorted by episodes failed, largest first')
    expect(sortWords(b, { key: 'value', desc: false })).toBe('sorted by archetype × difficulty, A to Z')
    expect(sortWords(b, { key: 'metric:tool_calls', desc: true })).toBe('sorted by tool_calls, largest first')
  })
})
