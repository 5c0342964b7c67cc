/**
 * An episode of tens of MB of text goes into the full-text index in batches of BATCH_CHARS, not as one batch holding
 * all of it (and its copy): three 60 MB lines peaked the indexer at 556 MB before, 420 MB after. The rows of such an
 * episode are numbered as if it were one batch, a transaction commits whole episodes only (a cancel waits for the
 * episode's end, so the progress marker, an episode's rowid, is a place the next pass can go on from), and a pass
 * that goes on inside an episode (its reader thread failed there) starts at the first row not yet written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { runJob } from '../../../src-main/indexer/index-job'
import { ProgressTracker } from '../../../src-main/indexer/progress-tracker'
import { buildSearchIndex, FTS_AUTOMERGE, FTS_HASH_BYTES } from '../../../src-main/search/build-search-index'
import { EPISODE_SHIFT } from '../../../src-main/search/fts-columns'
import type { RowBatch } from '../../../src-main/search/row-batch'
import { CHUNK_CHARS } from '../../../src-main/search/search-rows'
import { BATCH_CHARS, BATCH_EPISODES, transcriptBatches } from '../../../src-main/search/transcript-batches'
import { chatRecord } from '../../helpers/chat-record'

/** About `chars` characters of words, `marker` among them every 1,000 words. */
const longText = (chars: number, marker: string): string => {
  const words: string[] = []
  for (let n = 0, i = 0; n < chars; i++) {
    const w = i % 1000 === 0 ? marker : `word${i % 97}`
    words.push(w)
    n += w.length + 1
  }
  return words.join(' ')
}

/** A long episode, then more small ones than a batch holds, another long one, a few small ones. */
const SMALL_FIRST = BATCH_EPISODES + 300
const EPISODES = 1 + SMALL_FIRST + 1 + 10

let dir: string
let file: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-long-episode-'))
  file = join(dir, 'long.jsonl')
  const lines = [chatRecord('long-a', longText(2_600_000, 'zebrafirst'))]
  for (let i = 0; i < SMALL_FIRST; i++) lines.push(chatRecord(`s${i}`, `small answer ${i}`))
  lines.push(chatRecord('long-b', longText(2_200_000, 'zebrasecond')))
  for (let i = 0; i < 10; i++) lines.push(chatRecord(`t${i}`, `tail answer ${i}`))
  writeFileSync(file, lines.join('\n') + '\n')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The file listed and searched, into a fresh database. */
function indexed(name: string): Db {
  const db = openDb(join(dir, `${name}.db`))
  runJob(
    db,
    { type: 'index', roots: [file], scope: 'added', force: false },
    { isCancelled: () => false, tracker: new ProgressTracker(() => {}), onChanged: () => {} }
  )
  return db
}

const episodeRowids = (db: Db): number[] =>
  db.prepare('SELECT rowid FROM episodes ORDER BY rowid').pluck().all() as number[]

/** Every full-text row's id, and how many rows match a word (a row written twice would be counted twice). */
function index(db: Db): { ids: number[]; matches: Record<string, number> } {
  const ids = db.prepare('SELECT id FROM search_fts_docsize ORDER BY id').pluck().all() as number[]
  const count = db.prepare('SELECT count(*) FROM search_fts WHERE search_fts MATCH ?').pluck()
  const matches: Record<string, number> = {}
  for (const w of ['zebrafirst', 'zebrasecond', 'word5', 'small', 'tail'])
    matches[w] = count.get(`text : ${w}`) as number
  return { ids, matches }
}

describe('a long episode in the full-text pass', () => {
  it('is cut into batches of BATCH_CHARS, numbered as one episode, each batch saying where it stopped', () => {
    const db = indexed('batches')
    const [sourceId] = db.prepare('SELECT id FROM sources').pluck().all() as number[]
    const rowids = episodeRowids(db)
    expect(rowids).toHaveLength(EPISODES)
    const batches = [...transcriptBatches(db, [{ sourceId, afterRowid: 0 }])]
    for (const b of batches) expect(b.chars).toBeLessThanOrEqual(BATCH_CHARS + CHUNK_CHARS)
    // the first long episode spans several batches, each open inside it, before it is counted
    const open = batches.filter((b) => b.openEpisode?.rowid === rowids[0])
    expect(open.length).toBeGreaterThanOrEqual(2)
    for (const b of open) expect(b).toMatchObject({ lastRowid: 0, episodes: 0, sourceDone: false })
    const rowsSoFar = open.map((b) => b.openEpisode!.rows)
    expect(rowsSoFar).toEqual([...rowsSoFar].sort((x, y) => x - y))
    // only an episode of more than a batch is cut: every other batch ends between episodes (a transaction ends only
    // there: cutting every batch made the whole pass one transaction)
    for (const b of batches)
      if (b.openEpisode) expect([rowids[0], rowids[SMALL_FIRST + 1]]).toContain(b.openEpisode.rowid)
    expect(batches.filter((b) => b.openEpisode === null).length).toBeGreaterThan(2)
    // every row once, in order: each episode's rows numbered from 0 without a gap
    const all = batches.flatMap((b) => [...b.rowids])
    expect(new Set(all).size).toBe(all.length)
    expect(all).toEqual([...all].sort((x, y) => x - y))
    const perEpisode = new Map<number, number[]>()
    for (const id of all) {
      const ep = Math.floor(id / EPISODE_SHIFT)
      perEpisode.set(ep, [...(perEpisode.get(ep) ?? []), id % EPISODE_SHIFT])
    }
    expect([...perEpisode.keys()]).toEqual(rowids)
    for (const seqs of perEpisode.values()) expect(seqs).toEqual(seqs.map((_, i) => i))
    expect(perEpisode.get(rowids[0])!.length).toBeGreaterThan(2_600_000 / CHUNK_CHARS)
    expect(batches.reduce((n, b) => n + b.episodes, 0)).toBe(EPISODES)
    expect(batches.at(-1)).toMatchObject({ sourceDone: true, openEpisode: null, lastRowid: rowids.at(-1) })

    // going on inside the long episode: from the first row not yet written
    const [first] = open
    const rest = [
      ...transcriptBatches(db, [{ sourceId, afterRowid: 0, open: { rowid: rowids[0], rows: first.openEpisode!.rows } }])
    ]
    const firstIds = [...first.rowids]
    expect([...firstIds, ...rest.flatMap((b: RowBatch) => [...b.rowids])]).toEqual(all)
    db.close()
  })

  it('but episodes under a batch each are never cut: their batches end between episodes', () => {
    const mediumFile = join(dir, 'medium.jsonl')
    writeFileSync(
      mediumFile,
      Array.from({ length: 12 }, (_, i) => chatRecord(`m${i}`, longText(300_000, 'zebramedium'))).join('\n') + '\n'
    )
    const db = openDb(join(dir, 'medium.db'))
    runJob(
      db,
      { type: 'index', roots: [mediumFile], scope: 'added', force: false },
      { isCancelled: () => false, tracker: new ProgressTracker(() => {}), onChanged: () => {} }
    )
    const [sourceId] = db.prepare('SELECT id FROM sources').pluck().all() as number[]
    const batches = [...transcriptBatches(db, [{ sourceId, afterRowid: 0 }])]
    expect(batches.length).toBeGreaterThan(2)
    for (const b of batches) expect(b.openEpisode).toBeNull()
    db.close()
  })

  it('is committed whole when the pass is cancelled inside it, and the next pass goes on without a row twice', () => {
    const whole = indexed('whole')
    const want = index(whole)
    expect(want.matches).toMatchObject({ small: SMALL_FIRST, tail: 10 })
    // a marker every 1,000 words: in well over a hundred rows of each long episode
    expect(want.matches.zebrafirst).toBeGreaterThan(100)
    expect(want.matches.zebrasecond).toBeGreaterThan(100)
    whole.close()

    const db = indexed('cancelled')
    db.exec(`DELETE FROM search_sources; INSERT INTO search_fts (search_fts) VALUES ('delete-all')`)
    // asked to stop at its second chance: inside the first long episode, which it finishes first
    let asked = 0
    const cancelled = buildSearchIndex(db, { isCancelled: () => asked++ >= 1 })
    expect(cancelled.cancelled).toBe(true)
    const rowids = episodeRowids(db)
    const marker = db.prepare('SELECT last_rowid FROM search_sources').pluck().get() as number
    const partial = index(db)
    const written = new Set(partial.ids.map((id) => Math.floor(id / EPISODE_SHIFT)))
    // whole episodes only, up to the marker; the first long one among them
    expect([...written]).toEqual(rowids.filter((r) => r <= marker))
    expect(partial.matches.zebrafirst).toBe(want.matches.zebrafirst)
    expect(marker).toBeLessThan(rowids.at(-1)!)

    const rest = buildSearchIndex(db, { isCancelled: () => false })
    expect(rest.cancelled).toBe(false)
    expect(index(db)).toEqual(want)
    db.close()
  })

  it('is written with the table’s write settings (hash size, merge width), kept in its config', () => {
    const db = indexed('settings')
    const config = Object.fromEntries(
      (db.prepare('SELECT k, v FROM search_fts_config').raw().all() as [string, unknown][]).map(([k, v]) => [k, v])
    )
    expect(config).toMatchObject({ hashsize: FTS_HASH_BYTES, automerge: FTS_AUTOMERGE })
    db.close()
  })
})
