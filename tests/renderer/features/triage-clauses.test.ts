/** The label and anomaly menus add their clause to the typed filter, replace it, and take it off again. */
import { describe, expect, it } from 'vitest'
import {
  joinTriage,
  splitTriage,
  triageClause,
  withTriageClause
} from '../../../src-renderer/src/features/labels/triage-clauses'

const isLabel = (c: string): boolean => c.startsWith('label ') || c.startsWith('turn_label ')
const isAnomaly = (c: string): boolean => c.startsWith('anomaly ')

describe('triage clauses', () => {
  it('a menu pick is ANDed onto the typed filter, replaced by the next pick, and taken off by "Any"', () => {
    let f = 'steps > 20'
    f = withTriageClause(f, isLabel, 'label == "loop"')
    expect(f).toBe('steps > 20 and label == "loop"') // the typed filter was thrown away
    f = withTriageClause(f, isLabel, 'turn_label == "wrong tool"')
    expect(f).toBe('steps > 20 and turn_label == "wrong tool"')
    f = withTriageClause(f, isAnomaly, 'anomaly != null')
    expect(f).toBe('steps > 20 and turn_label == "wrong tool" and anomaly != null')
    expect(triageClause(f, isLabel)).toBe('turn_label == "wrong tool"')
    expect(triageClause(f, isAnomaly)).toBe('anomaly != null')
    f = withTriageClause(f, isLabel, null)
    expect(f).toBe('steps > 20 and anomaly != null')
    expect(withTriageClause(f, isAnomaly, null)).toBe('steps > 20')
  })

  it('with nothing typed a pick is the clause alone, as before', () => {
    expect(withTriageClause('', isLabel, 'label == "loop"')).toBe('label == "loop"')
    expect(withTriageClause('label == "loop"', isLabel, 'label == "flaky test"')).toBe('label == "flaky test"')
    expect(withTriageClause('label == "loop"', isLabel, null)).toBe('')
    expect(withTriageClause('anomaly == "tool-error"', isAnomaly, 'anomaly != null')).toBe('anomaly != null')
  })

  it('keeps an or in the typed part whole, and does not read a clause out of one', () => {
    const f = withTriageClause('reward < 0.5 or turns > 10', isLabel, 'label == "loop"')
    expect(f).toBe('(reward < 0.5 or turns > 10) and label == "loop"')
    expect(splitTriage(f)).toEqual({ rest: 'reward < 0.5 or turns > 10', clauses: ['label == "loop"'] })
    expect(withTriageClause(f, isLabel, null)).toBe('reward < 0.5 or turns > 10')
    // typed this way it reads a or (b and label): no menu clause
    expect(splitTriage('passed or turns > 3 and label == "loop"').clauses).toEqual([])
    // (a) or (b) is not one group
    expect(splitTriage('(passed) or (turns > 3) and label == "x"').clauses).toEqual([])
  })

  it('reads a typed filter of that shape, with quotes and words inside the label names', () => {
    expect(splitTriage('info.note ~ "x and y" and label == "a \\" and b"')).toEqual({
      rest: 'info.note ~ "x and y"',
      clauses: ['label == "a \\" and b"']
    })
    expect(triageClause('anomaly == "loop"', isAnomaly)).toBe('anomaly == "loop"')
    expect(triageClause('steps > 3', isAnomaly)).toBeNull()
    expect(joinTriage('', [])).toBe('')
  })
})
