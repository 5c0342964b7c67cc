import { describe, expect, it } from 'vitest'
import type { EpisodePreview, Turn } from '@contract/model'
import { episodeHead } from '../../../src-main/services/episode-head'
import { makeTurn } from '../../helpers/make-turn'

const turns: Turn[] = [
  makeTurn({ index: 0, role: 'system', isPrompt: true, text: 'sys' }),
  makeTurn({ index: 1, role: 'user', isPrompt: true, text: 'task' }),
  ...Array.from({ length: 8 }, (_, i) => makeTurn({ index: i + 2, role: 'assistant', text: `step ${i}` }))
]
const preview = { id: 'e', runId: 'r', runName: 'run', turns, complete: true } as unknown as EpisodePreview

describe('episodeHead', () => {
  it('sends the first turns and the whole count', () => {
    const h = episodeHead(preview, 0, 3)
    expect(h.turns.map((t) => t.index)).toEqual([0, 1, 2])
    expect(h).toMatchObject({ id: 'e', runId: 'r', runName: 'run', turnCount: 10, userPromptBefore: false })
  })

  it("starts at the link's turn and says whether the user prompt came before it", () => {
    const h = episodeHead(preview, 5, 3)
    expect(h.turns.map((t) => t.index)).toEqual([5, 6, 7])
    expect(h.userPromptBefore).toBe(true)
  })

  it('gives the last turns for a turn past the end', () => {
    expect(episodeHead(preview, 99, 4).turns.map((t) => t.index)).toEqual([6, 7, 8, 9])
  })
})
