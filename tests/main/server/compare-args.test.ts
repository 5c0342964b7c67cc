/** The compare methods' argument checks, as every transport applies them before the engine runs. */
import { describe, expect, it } from 'vitest'
import { parseApiArgs } from '@contract/guards'

describe('compare arguments', () => {
  it('takes two runs with or without options (undefined / null options too)', () => {
    expect(parseApiArgs('compareRuns', ['a', 'b'])).toEqual(['a', 'b'])
    expect(parseApiArgs('compareRuns', ['a', 'b', { category: 'difficulty', seed: 7 }])).toEqual([
      'a',
      'b',
      { category: 'difficulty', seed: 7 }
    ])
    expect(parseApiArgs('compareRuns', ['a', 'b', null])).toEqual(['a', 'b', null])
    expect(parseApiArgs('compareReportHtml', ['a', 'b', undefined])).toEqual(['a', 'b', undefined])
  })

  it('refuses unknown options, bad seeds and too few resamples, naming the argument', () => {
    expect(() => parseApiArgs('compareRuns', ['a', 'b', { colour: 'red' }])).toThrow(/compareRuns: /)
    expect(() => parseApiArgs('compareRuns', ['a', 'b', { seed: -1 }])).toThrow(/compareRuns: /)
    expect(() => parseApiArgs('compareRuns', ['a', 'b', { resamples: 10 }])).toThrow(/compareRuns: /)
    expect(() => parseApiArgs('compareRuns', ['a'])).toThrow(/compareRuns: /)
  })

  it('takes a series of one run (its training steps) up to 100 runs', () => {
    expect(parseApiArgs('compareSeries', [['r1']])).toEqual([['r1']])
    expect(() => parseApiArgs('compareSeries', [[]])).toThrow(/compareSeries: /)
    expect(() => parseApiArgs('compareSeries', [Array.from({ length: 101 }, (_, i) => `r${i}`)])).toThrow(
      /compareSeries: /
    )
  })
})
