/** Export → import of labels, notes, taxonomy and saved views between two workspaces over the same real run. */
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LabelsExport } from '@contract/labels'
import type { Engine } from '../../../src-main/services/engine-types'
import { dispatch } from '../../../src-main/services/dispatch'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const WORDLE = fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini')
const open: Engine[] = []
afterEach(async () => {
  while (open.length) await open.pop()!.close()
})

async function workspace() {
  const { engine } = tempEngine()
  open.push(engine)
  await engine.indexPaths([WORDLE])
  const runId = (await engine.api.listRuns())[0].id
  const episodes = (await engine.api.listEpisodes({ runId, limit: 5000 })).items
  return { api: engine.api, runId, episodes }
}

describe('labels export and import', () => {
  it('round-trips labels, notes, a custom taxonomy label and saved views, and reports what it skipped', async () => {
    const src = await workspace()
    const [a, b] = src.episodes
    await src.api.setTaxonomy([...(await src.api.getTaxonomy()), { name: 'needs review', color: '#aabbcc', key: 9 }])
    await src.api.addLabel(a.id, 'needs review', null)
    await src.api.addLabel(a.id, 'good example', null)
    await src.api.addLabel(b.id, 'wrong tool', 2)
    await src.api.setNote(b.id, 'called the wrong guesser', null)
    await src.api.saveView(
      {
        name: 'loops',
        runIds: [src.runId],
        filter: 'label == "loop"',
        text: 'wordle',
        sort: 'reward',
        desc: true,
        columns: ['reward', 'labels']
      },
      null
    )
    const exported = await src.api.exportLabels()
    // the file is plain JSON
    const file = JSON.parse(JSON.stringify(exported)) as LabelsExport
    expect(file.items).toHaveLength(3)

    const dst = await workspace()
    const dA = dst.episodes.find((e) => e.taskKey === a.taskKey && e.rollout === a.rollout)!
    const dB = dst.episodes.find((e) => e.taskKey === b.taskKey && e.rollout === b.rollout)!
    await dst.api.setNote(dB.id, 'my own note', null)
    await dst.api.saveView({ name: 'Loops', runIds: [], filter: '', sort: null, desc: false, columns: [] }, null)
    file.items.push({
      sourcePath: '/elsewhere/results.jsonl',
      taskKey: 't',
      rollout: 0,
      turn: null,
      labels: ['no such label'],
      note: null
    })

    const imported = await dispatch(dst.api, 'importLabels', [file])
    expect(imported.ok).toBe(true)
    const report = imported.ok ? (imported.value as Awaited<ReturnType<typeof dst.api.importLabels>>) : null
    expect(report).toMatchObject({ taxonomyAdded: 1, labelsAdded: 3, notesSet: 0, viewsAdded: 0 })
    expect(report!.skipped.map((s) => s.reason)).toEqual([
      'a different note is already there',
      'not in the taxonomy',
      'a view with this name exists'
    ])

    expect((await dst.api.getTaxonomy()).at(-1)).toEqual({ name: 'needs review', color: '#aabbcc', key: 9 })
    expect((await dst.api.getEpisodeLabels(dA.id)).labels).toEqual(['good example', 'needs review'])
    const lb = await dst.api.getEpisodeLabels(dB.id)
    expect(lb.note).toBe('my own note')
    expect(lb.turns).toEqual([{ turn: 2, labels: ['wrong tool'], note: null }])

    // importing the same file twice adds nothing more
    const twice = await dst.api.importLabels(file)
    expect(twice).toMatchObject({ taxonomyAdded: 0, labelsAdded: 0, notesSet: 0 })

    // into an empty workspace everything (but the unknown label) arrives, the saved view included
    const fresh = await workspace()
    const all = await fresh.api.importLabels(file)
    expect(all).toMatchObject({ taxonomyAdded: 1, labelsAdded: 3, notesSet: 1, viewsAdded: 1 })
    expect(
      (await fresh.api.listSavedViews()).map((v) => [v.name, v.filter, v.text, v.sort, v.desc, v.columns])
    ).toEqual([['loops', 'label == "loop"', 'wordle', 'reward', true, ['reward', 'labels']]])
    // a file from before views kept their text: the view comes in with none
    const older = { ...file, views: file.views.map(({ text: _text, ...v }) => ({ ...v, name: 'older' })) }
    expect(await fresh.api.importLabels(older)).toMatchObject({ viewsAdded: 1 })
    expect((await fresh.api.listSavedViews()).find((v) => v.name === 'older')?.text).toBe('')
  })

  it('checks each item against the episode it names: no such turn is skipped, no such rollout or other content held back', async () => {
    const src = await workspace()
    const [a] = src.episodes
    await src.api.addLabel(a.id, 'loop', null)
    const file = JSON.parse(JSON.stringify(await src.api.exportLabels())) as LabelsExport
    const item = file.items[0]
    const turns = (await src.api.getEpisode(a.id)).turns.length
    file.items.push(
      { ...item, turn: 999, labels: ['good example'], note: 'a note' },
      { ...item, rollout: 777, labels: ['gave up'] },
      { ...item, labels: ['wrong tool'], fingerprint: 'made on other content' }
    )
    const dst = await workspace()
    const report = await dst.api.importLabels(file)
    expect(report).toMatchObject({ labelsAdded: 1, notesSet: 0, heldBack: 2, notHere: 0 })
    expect(report.skipped).toEqual([
      {
        what: expect.stringContaining('good example, a note on'),
        reason: `the episode has ${turns} turns (0 to ${turns - 1}); there is no turn 999`
      }
    ])
    const dA = dst.episodes.find((e) => e.taskKey === a.taskKey && e.rollout === a.rollout)!
    const on = await dst.api.getEpisodeLabels(dA.id)
    expect(on.labels).toEqual(['loop'])
    expect(on.turns).toEqual([])
  })

  it('moves labels to the same files at another path (another machine), and says what it moved and what is not here', async () => {
    const src = await workspace()
    const [a] = src.episodes
    await src.api.addLabel(a.id, 'loop', null)
    await src.api.setNote(a.id, 'guesses the same word', null)
    const file = await src.api.exportLabels()
    // the same run folder on another machine: copied under another root
    const root = mkdtempSync(join(tmpdir(), 'rs-labels-moved-'))
    const copy = join(root, 'evals', basename(WORDLE))
    cpSync(WORDLE, copy, { recursive: true })
    const { engine } = tempEngine()
    open.push(engine)
    await engine.indexPaths([root])
    const runId = (await engine.api.listRuns())[0].id
    const moved = (await engine.api.listEpisodes({ runId, limit: 5000 })).items.find(
      (e) => e.taskKey === a.taskKey && e.rollout === a.rollout
    )!
    // an item of a file indexed nowhere here is kept and counted, not lost
    file.items.push({ ...file.items[0], sourcePath: '/nowhere/x/results.jsonl', labels: ['loop'], note: null })
    const report = await engine.api.importLabels(file)
    const [from] = new Set(file.items.slice(0, 1).map((i) => i.sourcePath))
    expect(report.relocated).toEqual([{ from, to: join(copy, relative(WORDLE, from)) }])
    // the label of the file not here is counted apart (it was in labelsAdded too: 2)
    expect(report).toMatchObject({ labelsAdded: 1, notesSet: 1, notHere: 1, skipped: [] })
    expect(await engine.api.getEpisodeLabels(moved.id)).toMatchObject({
      labels: ['loop'],
      note: 'guesses the same word'
    })
    expect((await engine.api.listEpisodes({ runId, filter: 'label == "loop"' })).total).toBe(1)
    // the same file again: nothing new, nothing counted (notHere said 1 at every import)
    expect(await engine.api.importLabels(file)).toMatchObject({ labelsAdded: 0, notesSet: 0, notHere: 0 })
  })

  it('refuses a view whose sort is no sort of the table, naming it', async () => {
    const { api } = await workspace()
    const file = await api.exportLabels()
    // as a file from elsewhere would hold it (the type allows only the table's sorts)
    file.views.push({ name: 'bad', runIds: [], filter: '', sort: 'bogus' as 'reward', desc: false, columns: [] })
    const r = await dispatch(api, 'importLabels', [file])
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringMatching(/views.*sort/) }
    })
  })

  it('refuses a file that is not a labels export', async () => {
    const { api } = await workspace()
    const r = await dispatch(api, 'importLabels', [{ format: 'something', items: [] }])
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-request' } })
  })

  it('reads a file of the README’s shape (no exportedAt); a newer version is named as such', async () => {
    const { api } = await workspace()
    const file = { format: 'rollscope-labels', version: 1, taxonomy: [], items: [], views: [] }
    expect(await dispatch(api, 'importLabels', [file])).toMatchObject({ ok: true })
    const newer = await dispatch(api, 'importLabels', [{ ...file, version: 99 }])
    expect(newer).toMatchObject({ ok: false, error: { code: 'bad-request' } })
    expect(!newer.ok && newer.error.message).toMatch(
      /a labels file of version 99, written by a newer Rollscope \(this one reads version 1\): update Rollscope/
    )
  })
})

describe('saved views', () => {
  it('creates, renames, lists and deletes views; names are unique', async () => {
    const { api, runId } = await workspace()
    const v = await api.saveView(
      { name: 'hard fails', runIds: [runId], filter: 'not passed', sort: null, desc: false, columns: ['reward'] },
      null
    )
    expect(v).toMatchObject({
      name: 'hard fails',
      runIds: [runId],
      filter: 'not passed',
      sort: null,
      desc: false,
      columns: ['reward']
    })
    const dup = await dispatch(api, 'saveView', [
      { ...v, id: undefined, updatedAt: undefined, name: 'HARD FAILS' },
      null
    ])
    expect(dup.ok).toBe(false)
    const dup2 = await dispatch(api, 'saveView', [
      { name: 'HARD FAILS', runIds: [], filter: '', sort: null, desc: false, columns: [] },
      null
    ])
    expect(!dup2.ok && dup2.error.message).toContain('already named')
    const renamed = await api.saveView(
      { name: 'all fails', runIds: [runId], filter: 'not passed', sort: 'turns', desc: true, columns: [] },
      v.id
    )
    expect(renamed).toMatchObject({ id: v.id, name: 'all fails', sort: 'turns', desc: true })
    expect((await api.listSavedViews()).map((x) => x.name)).toEqual(['all fails'])
    expect(await api.deleteView(v.id)).toEqual([])
    expect(await dispatch(api, 'deleteView', [v.id])).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})
