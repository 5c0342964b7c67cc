import { describe, expect, it } from 'vitest'
import { fmtPercent, fmtRange as displayRange } from '@contract/display'
import {
  baseName,
  fmtBytes,
  fmtCiRange,
  fmtCompact,
  fmtDuration,
  fmtInt,
  fmtMeanCi,
  fmtNum,
  fmtPassed,
  fmtPct,
  fmtRange,
  fmtReward,
  fmtScalar,
  fmtTokens,
  oneLine,
  shortPath
} from '../../../src-renderer/src/lib/format'

describe('number formatting', () => {
  it('fmtNum trims trailing zeros and keeps integers whole', () => {
    expect(fmtNum(0.5)).toBe('0.5')
    expect(fmtNum(0.73333)).toBe('0.733')
    expect(fmtNum(12345)).toBe('12,345')
    expect(fmtNum(2.0004, 3)).toBe('2')
    expect(fmtNum(0.00001)).toBe('1.00e-5')
    expect(fmtNum(null)).toBe('–')
    expect(fmtNum(Number.NaN)).toBe('–')
  })
  it('fmtReward always shows 3 decimals', () => {
    expect(fmtReward(1)).toBe('1.000')
    expect(fmtReward(0.25)).toBe('0.250')
    expect(fmtReward(null)).toBe('–')
  })
  it('fmtMeanCi shows mean ± half the CI width with 2 significant digits', () => {
    expect(fmtMeanCi(0.7333, [0.6133, 0.8533])).toBe('0.733 ± 0.12')
    expect(fmtMeanCi(0.35, [0.3472, 0.3528])).toBe('0.350 ± 0.0028')
    expect(fmtMeanCi(0.5, null)).toBe('0.500')
    // 2 significant digits keep their zero; a CI cut at the reward's bound shows each side (the runs table's math run)
    expect(fmtMeanCi(0.5, [0.4, 0.6])).toBe('0.500 ± 0.10')
    expect(fmtMeanCi(14 / 15, [0.79, 1])).toBe('0.933 −0.14 +0.067')
    expect(fmtMeanCi(1, [1, 1])).toBe('1.000 ± 0')
    expect(fmtMeanCi(null, null)).toBe('–')
  })
  it('fmtCiRange explains a missing CI', () => {
    expect(fmtCiRange([0.61333, 0.85333])).toBe('95% CI 0.613 – 0.853')
    expect(fmtCiRange(null)).toMatch(/fewer than 2/)
  })
  it('percentages, compact counts, tokens and ranges', () => {
    expect(fmtPct(0.4567)).toBe('45.7%')
    expect(fmtPct(0.3)).toBe('30%')
    expect(fmtPct(1)).toBe('100%')
    expect(fmtCompact(999)).toBe('999')
    expect(fmtCompact(1234)).toBe('1.2k')
    expect(fmtCompact(94_900_000)).toBe('94.9M')
    expect(fmtTokens(284_900, 48_500)).toBe('284.9k / 48.5k')
    expect(fmtTokens(null, 10)).toBe('– / 10')
    expect(fmtTokens(null, null)).toBe('–')
    // a reward range is written by the shared display rules
    expect(fmtRange(0, 1)).toBe(displayRange('reward', 0, 1))
    expect(fmtPct(0.3125)).toBe(fmtPercent(0.3125))
    expect(fmtInt(1e6)).toBe('1,000,000')
  })
  it('bytes (decimal units) and durations', () => {
    expect(fmtBytes(512)).toBe('512 B')
    expect(fmtBytes(2_700_000)).toBe('2.7 MB')
    expect(fmtBytes(1_250_000_000)).toBe('1.25 GB')
    expect(fmtDuration(0.3)).toBe('0.3s')
    expect(fmtDuration(0.02)).toBe('<0.1s')
    expect(fmtDuration(45)).toBe('45s')
    expect(fmtDuration(185)).toBe('3m 05s')
    expect(fmtDuration(7800)).toBe('2h 10m')
    expect(fmtDuration(null)).toBe('–')
  })
})

describe('text helpers', () => {
  it('scalars and pass flags', () => {
    expect(fmtScalar('hard')).toBe('hard')
    expect(fmtScalar(true)).toBe('true')
    expect(fmtScalar(null)).toBe('–')
    expect(fmtScalar(0.125)).toBe('0.125')
    expect(fmtPassed(true)).toBe('✓')
    expect(fmtPassed(false)).toBe('✗')
    expect(fmtPassed(null)).toBe('–')
  })
  it('paths', () => {
    expect(shortPath('/a/b/c/d.jsonl')).toBe('…/c/d.jsonl')
    expect(shortPath('c/d.jsonl')).toBe('c/d.jsonl')
    expect(baseName('C:\\evals\\run\\results.jsonl')).toBe('results.jsonl')
  })
  it('oneLine collapses whitespace and cuts long text', () => {
    expect(oneLine('a\n\n  b\tc')).toBe('a b c')
    expect(oneLine('x'.repeat(10), 5)).toBe('xxxx…')
    expect(oneLine(null)).toBe('')
  })
})
