/** The viewer's first answer for a big episode leaves long texts out (their previews and sizes stay); small ones go whole. */
import { describe, expect, it } from 'vitest'
import type { EpisodeDetail } from '@contract/model'
import { countLines, previewText } from '@contract/long-text'
import { toPreview, WHOLE_EPISODE_CHARS } from '../../../src-main/services/episode-preview'
import { makeTurn } from '../../helpers/make-turn'

function detailOf(turns: EpisodeDetail['turns']): Omit<EpisodeDetail, 'raw'> {
  return {
    id: 'e',
    runId: 'r',
    ordinal: 0,
    taskKey: 't',
    taskKeyKind: 'explicit',
    sourceId: null,
    rollout: 0,
    step: null,
    reward: null,
    passed: null,
    status: 'ok',
    error: null,
    steps: null,
    termination: null,
    unscored: null,
    transcript: true,
    generationMs: null,
    preview: '',
    answer: null,
    metrics: {},
    info: {},
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    anomalies: [],
    turnCount: turns.length,
    runName: 'r',
    sourcePath: '/x',
    infoFull: {},
    turns,
    tools: [],
    related: { sameTask: [], sameTaskInRuns: [] }
  }
}

describe('episode preview', () => {
  it('sends a small episode whole', () => {
    const d = detailOf([makeTurn({ text: 'x\n'.repeat(100) })])
    const p = toPreview(d)
    expect(p.complete).toBe(true)
    expect(p.turns).toBe(d.turns)
    expect(p).not.toHaveProperty('raw')
  })

  it('cuts every long text and reasoning of a big episode to its preview, with the full sizes', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `line ${i} ${'y'.repeat(40)}`).join('\n')
    const turns = [
      makeTurn({ index: 0, role: 'user', text: 'short prompt' }),
      ...Array.from({ length: 5 }, (_, i) =>
        makeTurn({ index: i + 1, role: 'tool', text: long, reasoning: i === 0 ? long : null })
      )
    ]
    expect(turns.reduce((n, t) => n + t.text.length, 0)).toBeGreaterThan(WHOLE_EPISODE_CHARS)
    const p = toPreview(detailOf(turns))
    expect(p.complete).toBe(false)
    expect(p.turns[0]).toEqual(turns[0])
    expect(p.turns[1].text).toBe(previewText(long))
    expect(p.turns[1].reasoning).toBe(previewText(long))
    expect(p.turns[1].elided).toEqual({
      text: { chars: long.length, lines: countLines(long) },
      reasoning: { chars: long.length, lines: 3000 }
    })
    expect(p.turns[2].elided).toEqual({ text: { chars: long.length, lines: 3000 } })
    // what is sent is a small fraction of the whole
    expect(JSON.stringify(p).length).toBeLessThan(JSON.stringify(turns).length / 50)
  })
})
