import { describe, expect, it } from 'vitest'
import { changeTone, fmtCi, fmtDelta, fmtPassCounts, fmtRel, fmtValue } from '../../../src-renderer/src/features/compare/compare-format'
import { reportFileName } from '../../../src-renderer/src/features/compare/export-file'

describe('compare formatting', () => {
  it('writes rates as percentages and their changes in points, other numbers by magnitude', () => {
    expect(fmtValue(0.3125, true)).toBe('31.3%')
    expect(fmtDelta(0.3125, true)).toBe('+31.3 pts')
    expect(fmtCi([0.125, 0.46875], true)).toBe('[+12.5, +46.9] pts')
    expect(fmtValue(16044.266, false)).toBe('16,044')
    expect(fmtDelta(-1329.219, false)).toBe('−1,329')
    expect(fmtValue(20.578, false)).toBe('20.58')
    expect(fmtValue(0.7313, false)).toBe('0.731')
    expect(fmtDelta(0, false)).toBe('±0')
    expect(fmtRel(0.367)).toBe('+36.7%')
    expect(fmtRel(null)).toBe('–')
    expect(fmtCi(null, false)).toBe('–')
  })

  it('colours a change by the metric direction, strongly only when the CI excludes zero', () => {
    expect(changeTone(0.1, [0.02, 0.2], 'higher')).toBe('better-clear')
    expect(changeTone(0.1, [-0.02, 0.2], 'higher')).toBe('better')
    expect(changeTone(0.1, [0.02, 0.2], 'lower')).toBe('worse-clear')
    expect(changeTone(-5, [-9, -1], 'lower')).toBe('better-clear')
    expect(changeTone(-5, [-9, -1], null)).toBe('neutral-clear')
    expect(changeTone(0, [0, 0], 'higher')).toBe('neutral')
    expect(changeTone(null, null, 'higher')).toBe('neutral')
  })

  it('writes success counts per category and a safe export file name', () => {
    expect(fmtPassCounts(0, 2, 3)).toBe('0/3 → 2/3')
    expect(fmtPassCounts(0, 0, 0)).toBe('–')
    expect(reportFileName('repo-repair · qwen3-8b (base)', 'a/b\\c:d')).toBe('compare-repo-repair-qwen3-8b-base-vs-a-b-c-d.html')
    expect(reportFileName('···', '')).toBe('compare-run-vs-run.html')
  })
})
