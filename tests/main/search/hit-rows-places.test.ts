/**
 * Hits read back from their rows' places (row-places.ts) are the rows the full-text pass indexed: on every real
 * fixture (JSONL records and JSON documents), each episode's rows read through readHitRows (places where the pass
 * found them, the record otherwise) equal episodeSearchRows of the episode read whole. A file changed since it was listed is never read by place.
 */
import { copyFileSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { EPISODE_SHIFT } from '../../../src-main/search/build-search-index'
import { HitRowCache, readHitRows } from '../../../src-main/search/hit-rows'
import { episodeSearchRows, type SearchRow } from '../../../src-main/search/search-rows'
import { openEpisodeSource, readIndexedEpisode } from '../../../src-main/formats/open-episode-source'
import { MAX_PLACED_CHARS, type RowPlace } from '../../../src-main/search/row-places'
import type { Engine } from '../../../src-main/services/engine-types'
import { FIXTURES, fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

/** An mtime in whole seconds (2023-11-14). */
const LISTED_AT = 1_700_000_000

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

interface EpisodeRow {
  rowid: number
  byte_offset: number
  byte_length: number
  locator: string | null
  prompt_hash: string | null
  path: string
  format: string
  size: number
  mtime_ms: number
  places: string | null
}

function episodesOf(db: Db): EpisodeRow[] {
  return db
    .prepare(
      `SELECT e.rowid, e.byte_offset, e.byte_length, e.locator, e.prompt_hash, s.path, s.format, s.size, s.mtime_ms,
              p.places
       FROM episodes e JOIN sources s ON s.id = e.source_id
       LEFT JOIN search_row_places p ON p.episode_rowid = e.rowid ORDER BY e.rowid`
    )
    .all() as EpisodeRow[]
}

/** An episode's rows as the full-text pass makes them (its record read whole) and as readHitRows reads them back. */
function rowsBothWays(db: Db, e: EpisodeRow): { expected: SearchRow[]; back: (SearchRow | undefined)[] } {
  const { body } = readIndexedEpisode(
    { path: e.path, format: e.format, size: e.size, mtimeMs: e.mtime_ms },
    { byteOffset: e.byte_offset, byteLength: e.byte_length, locator: e.locator }
  )
  const expected = episodeSearchRows(body)
  const ids = expected.map((_, seq) => e.rowid * EPISODE_SHIFT + seq)
  const back = readHitRows(db, ids, new HitRowCache(0))
  return { expected, back: ids.map((id) => back.get(id)) }
}

describe('hit rows read back by their places', () => {
  it('are the indexed rows on every real fixture', { timeout: 120_000 }, async () => {
    const t = tempEngine()
    engine = t.engine
    await t.engine.indexPaths([FIXTURES])
    const db = openDb(t.dbPath, { readonly: true })
    try {
      let rows = 0
      let placed = 0
      const formats = new Set<string>()
      const placedEpisodesOf = new Map<string, number>()
      for (const e of episodesOf(db)) {
        const { expected, back } = rowsBothWays(db, e)
        expect(back, `${e.path} ${e.locator ?? e.byte_offset}`).toEqual(expected)
        const places = e.places ? (JSON.parse(e.places) as (RowPlace | null)[]) : []
        placed += places.filter(Boolean).length
        rows += expected.length
        if (places.some(Boolean)) {
          formats.add(e.format)
          placedEpisodesOf.set(e.path, (placedEpisodesOf.get(e.path) ?? 0) + 1)
        }
      }
      // most rows of the JSONL fixtures have a place (521 of 551 verifiers rows, 286 of 320 NeMo Gym rows)
      expect(rows).toBeGreaterThan(1000)
      expect(placed / rows).toBeGreaterThan(0.3)
      // JSON documents too (a trajectory file is one episode: its hits read as their bytes, not the file parsed)
      expect([...formats].sort()).toEqual(
        expect.arrayContaining(['atif', 'mini-swe-agent', 'nemo-gym', 'swe-agent', 'tau-bench', 'verifiers'])
      )
      // a document of several episodes: its first alone (the others would each scan the file from its start)
      const tau = [...placedEpisodesOf].filter(([path]) => path.includes('tau-bench'))
      expect(tau.length).toBeGreaterThan(0)
      expect(tau.every(([, n]) => n === 1)).toBe(true)
    } finally {
      db.close()
    }
  })

  it('reads a row by its place while the file is the one listed, and a changed file from its records', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'results.jsonl')
    copyFileSync(fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini/9a56fe55/results.jsonl'), file)
    copyFileSync(
      fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini/9a56fe55/metadata.json'),
      join(t.dir, 'metadata.json')
    )
    // a whole second, so that the same mtime can be set again below
    utimesSync(file, LISTED_AT, LISTED_AT)
    await t.engine.indexPaths([t.dir])
    const db = openDb(t.dbPath, { readonly: true })
    try {
      const [first] = episodesOf(db)
      const places = JSON.parse(first.places ?? '[]') as (RowPlace | null)[]
      // the prompt's first row and a later row, both with a place
      expect(places[0]).toBeTruthy()
      const later = places.findIndex((p, seq) => seq > 0 && p !== null && p[1] === 'assistant')
      expect(later).toBeGreaterThan(0)
      const id = first.rowid * EPISODE_SHIFT + later
      const text = readHitRows(db, [id]).get(id)?.text
      expect(text).toBeTruthy()
      const original = readFileSync(file)
      // the record's opening brace broken, the size and mtime those listed: the row is read by its place alone (from
      // the record it could not be read at all)
      const broken = Buffer.from(original)
      broken[first.byte_offset] = 0x7a
      writeFileSync(file, broken)
      utimesSync(file, LISTED_AT, LISTED_AT)
      expect(readHitRows(db, [id], new HitRowCache(0)).get(id)?.text).toBe(text)
      // the same size, other bytes in the prompt, a new mtime: the record no longer has its indexed prompt, so its
      // hits are not shown (until the file is listed again), though the later row's bytes did not move
      const changed = Buffer.from(original)
      const at = first.byte_offset + (places[0] as RowPlace)[3]
      changed.fill(0x7a, at, at + 4)
      writeFileSync(file, changed)
      utimesSync(file, LISTED_AT + 60, LISTED_AT + 60)
      expect(readHitRows(db, [id], new HitRowCache(0)).get(id)).toBeUndefined()
    } finally {
      db.close()
    }
  })

  it('reads a row of a document by its place while the file is the one listed, and none once it changed', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'marshmallow-code__marshmallow-1867.traj')
    copyFileSync(fixture('swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj'), file)
    utimesSync(file, LISTED_AT, LISTED_AT)
    await t.engine.indexPaths([t.dir])
    const db = openDb(t.dbPath, { readonly: true })
    try {
      const [doc] = episodesOf(db)
      expect(doc.byte_offset).toBe(0) // a document's places are in its file
      const places = JSON.parse(doc.places ?? '[]') as (RowPlace | null)[]
      const seq = places.findIndex((p) => p !== null && p[4] >= 8 && p[5] === undefined)
      expect(seq).toBeGreaterThanOrEqual(0)
      const id = doc.rowid * EPISODE_SHIFT + seq
      const [, , , at, length] = places[seq] as RowPlace
      // that string's bytes overwritten (same size and mtime: the file as listed): read by its place alone, the
      // document is not parsed (it would give the indexed text)
      const changed = readFileSync(file)
      changed.fill(0x7a, at, at + length)
      writeFileSync(file, changed)
      utimesSync(file, LISTED_AT, LISTED_AT)
      expect(readHitRows(db, [id], new HitRowCache(0)).get(id)?.text).toBe('z'.repeat(length))
      // a new mtime: the document changed since it was listed, its hits are not shown until it is listed again
      utimesSync(file, LISTED_AT + 60, LISTED_AT + 60)
      expect(readHitRows(db, [id], new HitRowCache(0)).get(id)).toBeUndefined()
    } finally {
      db.close()
    }
  })

  it('keeps no place for a text over MAX_PLACED_CHARS or in a record over 16 MB: their rows come from the record', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'chat.jsonl')
    const record = (id: string, texts: string[]): string =>
      JSON.stringify({
        id,
        reward: 1,
        messages: texts.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content }))
      }) + '\n'
    const long = 'heron '.repeat(Math.ceil(MAX_PLACED_CHARS / 6) + 10)
    const huge = 'egret '.repeat(3_000_000) // 18 MB
    const medium = 'heron crane '.repeat(3500) // 42,000 characters: 3 pieces
    writeFileSync(file, record('a', ['short heron', medium, long]) + record('b', ['short egret', huge]))
    await t.engine.indexPaths([file])
    const db = openDb(t.dbPath, { readonly: true })
    try {
      const [a, b] = episodesOf(db)
      // the short text has a place, the medium one's 3 pieces share one, the long one's have none; the 18 MB record
      // has no places at all
      const places = JSON.parse(a.places ?? '[]') as (RowPlace | null)[]
      expect(places[0]).toBeTruthy()
      expect(places.slice(1, 4).map((p) => p && [p[3], p[7]])).toEqual([0, 1, 2].map((k) => [places[1]?.[3], k]))
      expect(places.slice(4).filter(Boolean)).toEqual([])
      expect(b.places).toBeNull()
      // a record's bytes are kept only when asked for, and never those of a record over 16 MB
      const source = openEpisodeSource({ path: a.path, format: a.format, size: a.size, mtimeMs: a.mtime_ms })
      try {
        const at = (e: EpisodeRow) => ({ byteOffset: e.byte_offset, byteLength: e.byte_length, locator: e.locator })
        expect(source.read(at(a)).bytes).toBeUndefined()
        expect(source.read(at(a), { withBytes: true }).bytes?.length).toBe(a.byte_length)
        expect(source.read(at(b), { withBytes: true }).bytes).toBeUndefined()
      } finally {
        source.close()
      }
      for (const e of [a, b]) {
        const { expected, back } = rowsBothWays(db, e)
        expect(back).toEqual(expected)
      }
    } finally {
      db.close()
    }
  })
})
