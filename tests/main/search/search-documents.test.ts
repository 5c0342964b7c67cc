/** Whole-file formats (an Inspect .eval archive, a SWE-agent .traj document) are searched too, turn by turn. */
import { afterEach, describe, expect, it } from 'vitest'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe.each([
  ['an Inspect .eval archive', 'inspect-ai/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval'],
  ['a SWE-agent trajectory', 'swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj']
])('search in %s', (_, rel) => {
  it('finds a phrase of a late turn of an episode in that turn', async () => {
    const t = tempEngine()
    engine = t.engine
    const report = await t.engine.indexPaths([fixture(rel)])
    expect(report.search?.episodes).toBe(report.episodes)
    const [run] = await t.engine.api.listRuns()
    const { items } = await t.engine.api.listEpisodes({ runId: run.id, limit: 1 })
    const episode = await t.engine.api.getEpisode(items[0].id)
    // the last turn with three words in a row in its text
    const turn = [...episode.turns].reverse().find((x) => /[a-z]{4,} [a-z]{4,} [a-z]{4,}/i.test(x.text))!
    const phrase = turn.text.match(/[a-z]{4,} [a-z]{4,} [a-z]{4,}/i)![0]
    const page = await t.engine.api.search(`"${phrase}"`, { limit: 1000 })
    expect(
      page.hits.find((h) => h.episodeId === episode.id && h.turn === turn.index),
      `"${phrase}" in turn ${turn.index}`
    ).toMatchObject({
      role: turn.role,
      runId: run.id
    })
  })
})
