/**
 * Labels, notes and the taxonomy over the real engine and a real fixture (the verifiers Wordle run): they survive a
 * forced re-index and a deleted-and-rebuilt index database, and drive the episodes filter.
 */
import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import type { EpisodeSummary } from '@contract/model'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { dispatch } from '../../../src-main/services/dispatch'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const WORDLE = fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini')
const open: Engine[] = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
})

async function indexed(engine: Engine): Promise<{ runId: string; episodes: EpisodeSummary[] }> {
  open.push(engine)
  await engine.indexPaths([WORDLE])
  const runs = await engine.api.listRuns()
  expect(runs.length).toBe(1)
  const runId = runs[0].id
  return { runId, episodes: (await engine.api.listEpisodes({ runId, limit: 5000 })).items }
}

const ids = async (engine: Engine, runId: string, filter: string): Promise<string[]> =>
  (await engine.api.listEpisodes({ runId, filter, limit: 5000 })).items.map((e) => e.id)

/** The episode with this task and rollout (its id may differ between indexes). */
const find = (episodes: EpisodeSummary[], e: EpisodeSummary): EpisodeSummary =>
  episodes.find((x) => x.taskKey === e.taskKey && x.rollout === e.rollout)!

describe('labels over a real run', () => {
  it('labels episodes and turns, filters by them, and keeps them through a deleted-and-rebuilt index', async () => {
    const { engine, dbPath } = tempEngine()
    const { runId, episodes } = await indexed(engine)
    expect(episodes.length).toBeGreaterThan(3)
    const [a, b, c] = episodes
    const api = engine.api

    // the default taxonomy, with keys 1–7
    const taxonomy = await api.getTaxonomy()
    expect(taxonomy.map((d) => d.name)).toEqual([
      'format error',
      'wrong tool',
      'loop',
      'gave up',
      'hallucinated success',
      'environment error',
      'good example'
    ])
    expect(taxonomy.map((d) => d.key)).toEqual([1, 2, 3, 4, 5, 6, 7])

    await api.addLabel(a.id, 'loop', null)
    const la = await api.addLabel(a.id, 'Gave Up', null) // case-insensitive, stored in the taxonomy's spelling
    expect(la.labels).toEqual(['loop', 'gave up'])
    await api.addLabel(b.id, 'loop', 1)
    const lc = await api.setNote(c.id, 'reads the board wrong', null)
    expect(lc.note).toBe('reads the board wrong')
    await api.setNote(b.id, 'turn note', 1)
    const lb = await api.getEpisodeLabels(b.id)
    expect(lb.labels).toEqual([])
    expect(lb.turns).toEqual([{ turn: 1, labels: ['loop'], note: 'turn note' }])

    expect(await ids(engine, runId, 'label == "loop"')).toEqual([a.id])
    expect(await ids(engine, runId, 'label in ["gave up", "good example"]')).toEqual([a.id])
    expect(await ids(engine, runId, 'turn_label == "LOOP"')).toEqual([b.id])
    expect(await ids(engine, runId, 'has_note')).toEqual([b.id, c.id])
    expect((await ids(engine, runId, 'not label == "loop"')).length).toBe(episodes.length - 1)
    expect((await ids(engine, runId, 'label != "loop"')).length).toBe(episodes.length - 1)
    expect((await ids(engine, runId, 'label == null')).length).toBe(episodes.length - 1)
    expect(await ids(engine, runId, 'label ~ "gave"')).toEqual([a.id])
    expect(await api.labelsOfEpisodes([a.id, b.id, c.id])).toEqual({ [a.id]: ['loop', 'gave up'] })
    // the labels on turns, each once, in taxonomy order (the table shows them apart)
    await api.addLabel(b.id, 'loop', 2)
    await api.addLabel(b.id, 'gave up', 3)
    expect(await api.turnLabelsOfEpisodes([a.id, b.id, c.id])).toEqual({ [b.id]: ['loop', 'gave up'] })
    await api.removeLabel(b.id, 'loop', 2)
    await api.removeLabel(b.id, 'gave up', 3)
    expect(await api.labelCounts(runId)).toEqual([
      { label: 'loop', episodes: 1, turns: 1 },
      { label: 'gave up', episodes: 1, turns: 0 }
    ])

    // a forced re-index keeps them
    await engine.indexPaths([WORDLE], { force: true })
    const again = (await api.listEpisodes({ runId, limit: 5000 })).items
    expect((await api.getEpisodeLabels(find(again, a).id)).labels).toEqual(['loop', 'gave up'])

    // delete the index database (and its WAL files), rebuild it from the same files: labels attach to the same episodes
    open.pop()
    await engine.close()
    for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true })
    const rebuilt = createEngine({ dbPath, mode: 'cli', demoPath: null, version: 'test', indexer: 'inline' })
    const r = await indexed(rebuilt)
    expect((await rebuilt.api.getEpisodeLabels(find(r.episodes, a).id)).labels).toEqual(['loop', 'gave up'])
    expect((await rebuilt.api.getEpisodeLabels(find(r.episodes, c).id)).note).toBe('reads the board wrong')
    expect((await rebuilt.api.getEpisodeLabels(find(r.episodes, b).id)).turns).toEqual([
      { turn: 1, labels: ['loop'], note: 'turn note' }
    ])
    expect(await ids(rebuilt, r.runId, 'label == "loop"')).toEqual([find(r.episodes, a).id])
  })

  it('removes labels and notes, refuses unknown labels and turns, and renames a label where it is applied', async () => {
    const { engine } = tempEngine()
    const { runId, episodes } = await indexed(engine)
    const [a] = episodes
    const api = engine.api
    await api.addLabel(a.id, 'loop', null)
    await api.setNote(a.id, 'x', null)
    expect((await api.removeLabel(a.id, 'loop', null)).labels).toEqual([])
    expect((await api.setNote(a.id, '  ', null)).note).toBeNull()

    const unknown = await dispatch(api, 'addLabel', [a.id, 'lopo', null])
    expect(unknown).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(!unknown.ok && unknown.error.message).toContain('unknown label "lopo"')
    const turns = (await api.getEpisode(a.id)).turns.length
    expect(await dispatch(api, 'addLabel', [a.id, 'loop', turns])).toMatchObject({
      ok: false,
      error: { code: 'bad-request' }
    })
    expect(await dispatch(api, 'addLabel', ['nope', 'loop', null])).toMatchObject({
      ok: false,
      error: { code: 'not-found' }
    })

    await api.addLabel(a.id, 'loop', null)
    const tax = await api.getTaxonomy()
    const renamed = tax.map((d) =>
      d.name === 'loop' ? { ...d, name: 'repeats itself', previousName: 'loop', color: '#123456' } : d
    )
    const after = await api.setTaxonomy(renamed)
    expect(after.find((d) => d.key === 3)).toEqual({ name: 'repeats itself', color: '#123456', key: 3 })
    expect((await api.getEpisodeLabels(a.id)).labels).toEqual(['repeats itself'])
    expect(await ids(engine, runId, 'label == "repeats itself"')).toEqual([a.id])

    // a change of case only keeps the label where it is applied (the column compares without case)
    const recased = (await api.getTaxonomy()).map((d) =>
      d.name === 'repeats itself' ? { ...d, name: 'Repeats itself', previousName: 'repeats itself' } : d
    )
    await api.setTaxonomy(recased)
    expect((await api.getEpisodeLabels(a.id)).labels).toEqual(['Repeats itself'])
    expect(await ids(engine, runId, 'label == "Repeats itself"')).toEqual([a.id])

    // two labels swapped in one save keep their own episodes
    const b = (await engine.api.listEpisodes({ runId, limit: 2 })).items[1]
    const other = (await api.getTaxonomy()).find((d) => d.name !== 'Repeats itself')!.name
    await api.addLabel(b.id, other, null)
    const swapped = (await api.getTaxonomy()).map((d) =>
      d.name === 'Repeats itself'
        ? { ...d, name: other, previousName: 'Repeats itself' }
        : d.name === other
          ? { ...d, name: 'Repeats itself', previousName: other }
          : d
    )
    await api.setTaxonomy(swapped)
    expect((await api.getEpisodeLabels(a.id)).labels).toEqual([other])
    expect((await api.getEpisodeLabels(b.id)).labels).toEqual(['Repeats itself'])
    await api.setTaxonomy(tax.map((d) => (d.name === 'loop' ? { ...d, name: 'repeats itself' } : d)))

    const clash = tax.map((d) => (d.name === 'loop' ? { ...d, key: 1 } : d))
    const refused = await dispatch(api, 'setTaxonomy', [clash])
    expect(!refused.ok && refused.error.message).toContain('key 1 is given to both')
    expect(await dispatch(api, 'setTaxonomy', [[{ name: 'x', color: 'red', key: null }]])).toMatchObject({
      ok: false,
      error: { code: 'bad-request' }
    })
  })

  it('a label filter is a bad request where it is mistyped', async () => {
    const { engine } = tempEngine()
    const { runId } = await indexed(engine)
    const r = await dispatch(engine.api, 'listEpisodes', [{ runId, filter: 'label > "loop"' }])
    expect(!r.ok && r.error.message).toContain('does not work on "label"')
    const typo = await dispatch(engine.api, 'listEpisodes', [{ runId, filter: 'lable == "loop"' }])
    expect(!typo.ok && typo.error.message).toContain('did you mean "label"')
  })
})
