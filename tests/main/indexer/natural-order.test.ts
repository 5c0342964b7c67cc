import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { naturalCompare } from '../../../src-main/indexer/natural-order'

const sorted = (names: string[]): string[] => [...names].sort(naturalCompare)

describe('naturalCompare (the walk order of file names)', () => {
  it('puts step folders and per-step files in step order', () => {
    expect(sorted(['10.jsonl', '2.jsonl', '1.jsonl', '100.jsonl'])).toEqual([
      '1.jsonl',
      '2.jsonl',
      '10.jsonl',
      '100.jsonl'
    ])
    expect(sorted(['step_10', 'step_9', 'step_100', 'step_0'])).toEqual(['step_0', 'step_9', 'step_10', 'step_100'])
    expect(sorted(['global_step_20_evals', 'global_step_3_evals'])).toEqual([
      'global_step_3_evals',
      'global_step_20_evals'
    ])
  })

  it('keeps code-unit order where no digits meet digits, and zero padding as a last tie-break', () => {
    expect(sorted(['b.json', 'a.json', 'B.json', 'x1.jsonl', 'x.jsonl'])).toEqual([
      'B.json',
      'a.json',
      'b.json',
      'x.jsonl',
      'x1.jsonl'
    ])
    expect(sorted(['0001.jsonl', '1.jsonl', '01.jsonl'])).toEqual(['1.jsonl', '01.jsonl', '0001.jsonl'])
    expect(naturalCompare('99999999999999999999a', '100000000000000000000a')).toBeLessThan(0)
  })

  it('is a consistent order: antisymmetric, transitive, zero only for equal names', () => {
    const name = fc.stringMatching(/^[a-c0-2_.]{0,8}$/)
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0)
        expect(naturalCompare(a, b) === 0).toBe(a === b)
        if (naturalCompare(a, b) <= 0 && naturalCompare(b, c) <= 0) expect(naturalCompare(a, c)).toBeLessThanOrEqual(0)
      }),
      { numRuns: 2000 }
    )
  })
})
