/** The one set of display rules (src-main/contract/display.ts) that the app, the CLI and the reports share. */
import { describe, expect, it } from 'vitest'
import {
  fmtCi,
  fmtDelta,
  fmtDuration,
  fmtFraction,
  fmtMeanStd,
  fmtNumber,
  fmtP,
  fmtPercent,
  fmtRange,
  fmtRelative,
  fmtValue,
  noCiReason,
  toFixedClean
} from '@contract/display'
import { fmtMeanCi, fmtReward } from '../../../src-renderer/src/lib/format'
import { formatReward } from '../../../src-main/report/text-format'

describe('display rules', () => {
  it('shares are percentages, their changes percentage points written "pts", with real minus signs', () => {
    expect(fmtPercent(0.36)).toBe('36%')
    expect(fmtPercent(0.3881)).toBe('38.8%')
    expect(fmtValue('rate', 0.6667)).toBe('66.7%')
    expect(fmtDelta('rate', 0.6667)).toBe('+66.7 pts')
    expect(fmtDelta('rate', -0.168)).toBe('−16.8 pts')
    expect(fmtDelta('rate', 0)).toBe('±0 pts')
    expect(fmtCi('rate', [-0.245, -0.098])).toBe('−24.5 to −9.8 pts')
  })

  it('one mean summed in two orders shows alike everywhere (0.7005 read 0.701 on the curve, 0.700 in the compare)', () => {
    // the 32 rewards of the demo's step 9 (a mean of 0.7005), summed in two orders: half rounds away from zero
    const sums = [0.70050000000000001, 0.7004999999999999]
    expect(new Set(sums.map((m) => fmtValue('reward', m)))).toEqual(new Set(['0.701']))
    expect(new Set(sums.map((m) => fmtReward(m)))).toEqual(new Set(['0.701']))
    expect(new Set(sums.map((m) => formatReward(m)))).toEqual(new Set(['0.701']))
    expect(new Set(sums.map((m) => fmtMeanCi(m, null)))).toEqual(new Set(['0.701']))
    expect(new Set(sums.map((m) => fmtNumber(m)))).toEqual(new Set(['0.701']))
    expect(new Set([0.2345, 0.23449999999999999].map((m) => fmtPercent(m)))).toEqual(new Set(['23.5%']))
    expect(fmtValue('reward', -0.7004999999999999)).toBe('−0.701')
    // only the noise goes: a real difference further down still rounds as it should
    expect(toFixedClean(0.70049, 3)).toBe('0.700')
    expect(toFixedClean(-0.0004999, 3)).toBe('0.000')
    expect(toFixedClean(123456.78, 1)).toBe('123456.8')
    expect(toFixedClean(1 / 3, 3)).toBe('0.333')
  })

  it('rewards have three decimals, large figures are grouped, changes signed', () => {
    expect(fmtValue('reward', 0.785167)).toBe('0.785')
    expect(fmtValue('reward', 1)).toBe('1.000')
    expect(fmtDelta('reward', 0.2021667)).toBe('+0.202')
    expect(fmtDelta('reward', -2.867)).toBe('−2.867')
    expect(fmtValue('tokens', 14598.5)).toBe('14,599')
    expect(fmtValue('steps', 8.6667)).toBe('8.67')
    expect(fmtNumber(1234567)).toBe('1,234,567')
    expect(fmtRelative(0.425)).toBe('+42.5%')
    expect(fmtRelative(-0.41)).toBe('−41%')
  })

  it('durations pick their unit by size', () => {
    expect(fmtDuration(850)).toBe('850 ms')
    expect(fmtDuration(3400)).toBe('3.4 s')
    expect(fmtDuration(34_000)).toBe('34 s')
    expect(fmtDuration(60_000)).toBe('1 min')
    expect(fmtDuration(80_000)).toBe('1 min 20 s')
    expect(fmtDuration(25 * 60_000)).toBe('25 min')
    expect(fmtDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 5 min')
    expect(fmtDelta('ms', 22 * 60_000)).toBe('+22 min')
  })

  it('a CI end at exactly 0 reads 0 in every unit', () => {
    expect(fmtCi('reward', [-0.04, 0])).toBe('−0.040 to 0')
    expect(fmtCi('rate', [0, 0.1])).toBe('0 to +10 pts')
  })

  it('means with σ, ranges, p-values, counts, and a dash for what is missing', () => {
    expect(fmtMeanStd('reward', 0.785, 0.1)).toBe('0.785 (σ 0.100)')
    expect(fmtRange('steps', 5, 18)).toBe('5 – 18')
    expect(fmtP(0.0000012)).toBe('< 0.001')
    expect(fmtP(0.0390625)).toBe('0.039')
    expect(fmtFraction(2, 3)).toBe('2/3')
    expect(fmtFraction(0, 0)).toBe('–')
    expect(fmtValue('reward', null)).toBe('–')
    expect(fmtDelta('rate', Number.NaN)).toBe('–')
  })
  it('a row without a CI says why: a whole-run figure, a run lacking it, no or one shared task', () => {
    const row = { kind: 'paired' as const, a: 0.5, b: 0.6, n: 8 }
    expect(noCiReason({ ...row, kind: 'summary' })).toBe('whole-run statistic')
    expect(noCiReason({ ...row, a: null })).toBe('run A does not record it')
    expect(noCiReason({ ...row, b: Number.NaN })).toBe('run B does not record it')
    expect(noCiReason({ ...row, a: null, b: null, n: 0 })).toBe('neither run records it')
    expect(noCiReason({ ...row, n: 0 })).toBe('no task has it in both runs')
    expect(noCiReason({ ...row, n: 1 })).toBe('one shared task: no spread')
  })
})
