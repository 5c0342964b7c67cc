import { describe, expect, it } from 'vitest'
import { fmtValue } from '@contract/display'
import { headlineFigure, runFacts, runProblems } from '../../../src-renderer/src/lib/run-facts'
import { run } from '../fake-api'

describe('run facts', () => {
  it('says steps (not messages), times apart, wall time and how episodes ended, only where the run has them', () => {
    expect(runFacts(run({ id: 'bare' }))).toEqual([])
    const facts = runFacts(
      run({
        id: 'tb',
        steps: { count: 40, mean: 9.671875, std: 2.372, min: 3, max: 12 },
        stepsPassed: 10.5,
        rewardPerStep: { pooled: 0.076, perEpisode: 0.079 },
        generationMs: { count: 40, mean: 5787.6, std: 1900, min: 1493, max: 11748 },
        durationMs: { count: 40, mean: 10834.8, std: 2000, min: 3000, max: 20000 },
        wallTimeMs: 1_497_304,
        terminations: [
          { reason: 'agent_timeout', count: 2 },
          { reason: 'parse_error', count: 2 },
          { reason: 'test_timeout', count: 2 },
          { reason: 'unknown_agent_error', count: 2 },
          { reason: 'context_length_exceeded', count: 1 }
        ]
      })
    )
    expect(Object.fromEntries(facts.map((f) => [f.key, f.text]))).toEqual({
      steps: '9.67 (σ 2.37), 3 – 12',
      stepsPassed: '10.5 steps',
      rewardPerStep: `${fmtValue('reward', 0.079)} (pooled ${fmtValue('reward', 0.076)})`,
      time: 'generation 5.8 s of total 11 s',
      wallTime: '24 min 57 s',
      termination: 'agent_timeout 2, parse_error 2, test_timeout 2, unknown_agent_error 2, +1 more'
    })
  })

  it('shows a producer’s headline as written, or to 4 decimals when it is a computed ratio; lists disagreements', () => {
    const h = {
      label: 'accuracy',
      value: 0.375,
      source: 'results.json accuracy',
      matches: 'passRate' as const,
      ours: 0.37499999999999994,
      agrees: true,
      note: null
    }
    expect(headlineFigure(h)).toEqual({ label: 'pass rate', ours: '37.5%', theirs: '0.375' })
    expect(headlineFigure({ ...h, matches: 'meanReward', value: 5 / 23, ours: 5 / 23 })).toEqual({
      label: 'mean reward',
      ours: '0.217',
      theirs: '0.2174'
    })
    const bad = {
      ...h,
      value: 0.4,
      agrees: false,
      note: 'results.json says accuracy 0.4; Rollscope’s pass rate is 0.375.'
    }
    expect(runProblems(run({ id: 'x', warnings: ['ids repeat'], headlines: [h, bad] }))).toEqual([
      'ids repeat',
      bad.note
    ])
  })
})
