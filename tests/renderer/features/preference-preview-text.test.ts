/** The preference dialog's line: the pairs the rewards make and the selected episodes in no pair, by reason. */
import { describe, expect, it } from 'vitest'
import type { ExportPreview } from '@contract/export'
import { preferencePreviewText } from '../../../src-renderer/src/features/episodes/preference-preview-text'

const preview = (selected: number, preference: ExportPreview['preference']): ExportPreview => ({
  format: 'preference',
  selected,
  scanned: selected,
  complete: true,
  willWrite: null,
  endings: { tool: 0, empty: 0, other: 0 },
  trimmed: 0,
  skipped: { notPassed: 0, noVerdict: 0, labelled: 0, noAssistant: 0, ending: 0, notReadWhole: 0 },
  preference
})

describe('preferencePreviewText', () => {
  it('says the pairs, their episodes and why the others are in none', () => {
    expect(
      preferencePreviewText(preview(64, { pairs: 12, skippedBy: { notCompared: 32, tie: 8, noReward: 0 } }), false)
    ).toBe(
      '64 episodes selected: 12 pairs (24 episodes); in no pair: 8 in ties (equal rewards), 32 neither the best nor ' +
        'the worst rollout of their task.'
    )
  })

  it('says two runs’ reasons in their words, and one pair / one episode in the singular', () => {
    expect(preferencePreviewText(preview(5, { pairs: 1, skippedBy: { notCompared: 2, taskInOneRun: 1 } }), true)).toBe(
      '5 episodes selected: 1 pair (2 episodes); in no pair: 2 not their run’s best rollout of the task, ' +
        '1 of a task the other run does not have.'
    )
    expect(preferencePreviewText(preview(1, { pairs: 0, skippedBy: { loneRollout: 1 } }), false)).toBe(
      '1 episode selected: 0 pairs (0 episodes); in no pair: 1 the only scored rollout of their task.'
    )
  })
})
