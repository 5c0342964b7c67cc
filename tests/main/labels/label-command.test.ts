/** `rollscope label` in-process over the real engine (inline indexer) and the real Wordle run. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeLabels } from '@contract/labels'
import type { EpisodeSummary } from '@contract/model'
import { fixture } from '../../helpers/fixtures-path'
import { captureCli } from '../../helpers/capture-cli'

const WORDLE = fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini')
let db: string
let episodes: EpisodeSummary[]

const cli = captureCli(() => db)

beforeAll(async () => {
  db = join(mkdtempSync(join(tmpdir(), 'rollscope-label-')), 'r.db')
  expect((await cli('index', WORDLE, '--json')).code).toBe(0)
  episodes = JSON.parse((await cli('episodes', 'wordle--gpt-4.1-mini', '--json')).stdout)
})

describe('rollscope label', () => {
  it('labels an episode and a turn, sets notes, and the label filters the episodes', async () => {
    const [a] = episodes
    const r = await cli('label', a.id, 'LOOP', '--json')
    expect(r).toMatchObject({ code: 0, stderr: '' })
    const labels = JSON.parse(r.stdout) as EpisodeLabels
    expect(labels).toMatchObject({
      episodeId: a.id,
      identity: { taskKey: a.taskKey, rollout: a.rollout },
      labels: ['loop'],
      note: null
    })
    expect(labels.identity.sourcePath).toMatch(/results\.jsonl$/)

    const t = await cli('label', a.id, 'gave up', '--turn', '1', '--note', 'stops guessing')
    expect(t.code).toBe(0)
    expect(t.stdout).toBe(
      `Episode ${a.id} (task ${a.taskKey}, rollout ${a.rollout}): loop\n  turn 1: gave up\n    note: stops guessing\n`
    )
    const n = await cli('label', a.id, '--note', 'episode note', '--json')
    expect(JSON.parse(n.stdout)).toMatchObject({
      labels: ['loop'],
      note: 'episode note',
      turns: [{ turn: 1, labels: ['gave up'], note: 'stops guessing' }]
    })

    const filtered = JSON.parse(
      (await cli('episodes', 'wordle--gpt-4.1-mini', '--filter', 'label == "loop"', '--json')).stdout
    ) as EpisodeSummary[]
    expect(filtered.map((e) => e.id)).toEqual([a.id])

    // in any case, as labels are added
    const removed = await cli('label', a.id, 'LOOP', '--remove', '--json')
    expect(JSON.parse(removed.stdout).labels).toEqual([])
  })

  it('exits 2 for an unknown label, a turn past the end or a missing LABEL to remove, and 1 for an unknown episode', async () => {
    const [a] = episodes
    const unknown = await cli('label', a.id, 'lopo')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown label "lopo"')
    expect(unknown.stdout).toBe('')
    expect((await cli('label', a.id, 'loop', '--turn', String(a.turns))).code).toBe(2)
    expect((await cli('label', a.id, 'loop', '--turn', '-1')).code).toBe(2)
    // neither a LABEL nor --note: shows what the episode carries (issue 17: labels made on other content are seen)
    expect(await cli('label', a.id)).toMatchObject({ code: 0, stderr: '' })
    expect((await cli('label', a.id)).stdout).toMatch(new RegExp(`^Episode ${a.id} \\(task `))
    expect((await cli('label', a.id, '--remove')).code).toBe(2)
    // taking off a label the episode has not: said, exit 2 (it was exit 0 and changed nothing)
    const notThere = await cli('label', a.id, 'nosuchlabel', '--remove')
    expect(notThere.code).toBe(2)
    expect(notThere.stderr).toContain('the episode has no label "nosuchlabel"')
    expect((await cli('label', a.id, 'gave', 'up')).stderr).toContain('quote a label with spaces')
    const missing = await cli('label', 'no-such-episode', 'loop')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('no episode with id no-such-episode')
  })
})

describe('rollscope labels export / import', () => {
  it('exports to a file and imports it into another database, reporting what it skipped', async () => {
    const [a] = episodes
    expect((await cli('label', a.id, 'good example', '--note', 'clean run')).code).toBe(0)
    const dir = mkdtempSync(join(tmpdir(), 'rollscope-labels-x-'))
    const file = join(dir, 'labels.json')
    const wrote = await cli('labels', 'export', '--out', file)
    expect(wrote).toMatchObject({ code: 0, stdout: '' })
    expect(wrote.stderr).toMatch(
      /^Exported \d+ labels? and \d+ notes? on \d+ episodes? or turns?, \d+ taxonomy labels? and \d+ saved views? to .*labels\.json\.\n$/
    )
    const exported = JSON.parse(readFileSync(file, 'utf8'))
    // --json: what was written, counted from the file's own items
    const json = await cli('labels', 'export', '--out', file, '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({
      out: file,
      items: exported.items.length,
      labels: exported.items.reduce((n: number, i: { labels: string[] }) => n + i.labels.length, 0),
      notes: exported.items.filter((i: { note: string | null }) => i.note).length,
      taxonomy: exported.taxonomy.length,
      views: exported.views.length
    })
    // into a folder that is not there: says so, exit 1
    const missing = await cli('labels', 'export', '--out', join(dir, 'nope', 'labels.json'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/the folder .*nope does not exist/)
    expect(exported.format).toBe('rollscope-labels')
    expect(exported.items).toContainEqual(
      expect.objectContaining({
        taskKey: a.taskKey,
        rollout: a.rollout,
        turn: null,
        labels: ['good example'],
        note: 'clean run'
      })
    )
    // to stdout the same document
    expect(JSON.parse((await cli('labels', 'export')).stdout).items).toEqual(exported.items)

    const first = db
    db = join(dir, 'other.db')
    try {
      expect((await cli('index', WORDLE)).code).toBe(0)
      const r = await cli('labels', 'import', file, '--json')
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout)).toMatchObject({
        labelsAdded: exported.items.reduce((n: number, i: { labels: string[] }) => n + i.labels.length, 0),
        skipped: []
      })
      const mine = JSON.parse(
        (await cli('episodes', 'wordle--gpt-4.1-mini', '--filter', 'label == "good example" and has_note', '--json'))
          .stdout
      ) as EpisodeSummary[]
      expect(mine.map((e) => [e.taskKey, e.rollout])).toEqual([[a.taskKey, a.rollout]])
      const again = await cli('labels', 'import', file)
      expect(again.stdout).toMatch(/^Imported 0 labels, 0 notes/)
      writeFileSync(join(dir, 'bad.json'), '{"format":"other"}')
      expect((await cli('labels', 'import', join(dir, 'bad.json'))).code).toBe(2)
      expect((await cli('labels', 'import', join(dir, 'missing.json'))).code).toBe(1)
      expect((await cli('labels', 'frobnicate')).code).toBe(2)
    } finally {
      db = first
    }
  })
})
