import { describe, expect, it } from 'vitest'
import { fmtMeanStd, fmtRange } from '@contract/display'
import {
  deltaText,
  manySections,
  missingWhy,
  valueText,
  verdictWithoutB
} from '../../../src-renderer/src/lib/many-rows'
import { fakeManyReport } from '../fake-analysis'

describe('N runs side by side: the table', () => {
  const report = fakeManyReport(['base', 'trained', 'rl'])
  const row = (key: string) => report.rows.find((r) => r.key === key)!

  it('puts the rows in sections, in the engine’s order within each', () => {
    expect(manySections(report.rows).map((s) => [s.id, s.rows.map((r) => r.key)])).toEqual([
      ['outcome', ['reward', 'passRate']],
      ['steps', ['steps']],
      ['cost', ['tokensOut', 'generationMs']],
      ['tools', ['toolFree:bash']],
      ['termination', ['termination:max_turns']],
      ['metrics', ['metric:tool_calls']]
    ])
    expect(manySections([{ ...row('reward'), key: 'somethingNew' }]).map((s) => s.id)).toEqual(['other'])
  })

  it('writes a value as mean (σ) with its range, but a share alone (each episode is 0 or 1)', () => {
    // written by the shared display rules (a reward's decimals are theirs to decide)
    expect(valueText(row('reward'), row('reward').values[0])).toEqual({
      main: fmtMeanStd('reward', 0.7314515625, 0.31),
      range: fmtRange('reward', 0, 1.462903125)
    })
    expect(valueText(row('passRate'), row('passRate').values[1])).toEqual({ main: '62.5%', range: null })
    expect(valueText(row('generationMs'), row('generationMs').values[2]).main).toBe('5.8 s (σ 1.9 s)')
    expect(valueText(row('reward'), null)).toEqual({ main: '–', range: null })
  })

  it('says why a cell has no value: an "Ends:" row of a run without termination reasons is unknown, not 0%', () => {
    expect(missingWhy(row('reward'), row('reward').values[0])).toBeNull()
    expect(missingWhy(row('termination:max_turns'), null)).toBe(
      'This run does not record how its episodes ended (its files give no termination reason): not 0%, unknown'
    )
    expect(missingWhy(row('generationMs'), null)).toBe('This run’s files do not record “Generation time”')
  })

  it('writes a change with its relative change and its CI over the shared tasks, in the row’s unit', () => {
    expect(deltaText(row('reward'), row('reward').vsBaseline[1])).toEqual({
      main: '+0.146 (+19.9%)',
      ci: '+0.056 to +0.236, 16 tasks'
    })
    expect(deltaText(row('steps'), row('steps').vsBaseline[2])?.main).toBe('−3 (−31%)')
    expect(deltaText(row('passRate'), row('passRate').vsBaseline[1])?.main).toBe('+31.3 pts (+100%)')
    expect(deltaText(row('reward'), row('reward').vsPrevious[1])?.ci).toBeNull()
    expect(deltaText(row('reward'), row('reward').vsBaseline[0])).toBeNull()
    // the paired change the CI is about, where it reads otherwise than the whole runs' change
    const unequal = { ...row('reward').vsBaseline[1]!, paired: 0.177 }
    expect(deltaText(row('reward'), unequal)?.ci).toBe('paired +0.177: +0.056 to +0.236, 16 tasks')
    expect(verdictWithoutB('B is better: +0.146 mean reward')).toBe('is better: +0.146 mean reward')
    expect(verdictWithoutB('No clear difference: …')).toBe('No clear difference: …')
  })
})
