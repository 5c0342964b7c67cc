/**
 * getEpisodeHead through the real engine, over the real corpus (../shared/fixtures) and the generated 2,000-turn
 * episode: whichever way it is read (the start of a JSONL record alone, or the episode whole), the head is the
 * preview's own first turns, so a deep link's first paint shows what the viewer then shows.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateLongEpisode } from '../../generators/long-episode.mjs'
import { FIXTURES } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { episodeHead, readEpisodeHead } from '../../../src-main/services/episode-head'
import { openDb } from '../../../src-main/db/open-db'
import { getEpisodeRow } from '../../../src-main/db/episode-rows'
import { previewTurn } from '../../../src-main/services/episode-preview'
import { readIndexedEpisodeHead } from '../../../src-main/formats/open-episode-source'
import { HEAD_ITEMS, parseHeadSkips } from '../../../src-main/formats/readers/head-skips'

let engine: Engine
let dbPath: string
let dir: string
let longId = ''
let longResults = ''
const ids: string[] = []
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'episode-head-'))
  const { manifest } = generateLongEpisode({ outDir: dir })
  longResults = join(dir, manifest.results)
  const t = tempEngine()
  engine = t.engine
  dbPath = t.dbPath
  await engine.indexPaths([FIXTURES, longResults])
  for (const r of await engine.api.listRuns())
    for (const ep of (await engine.api.listEpisodes({ runId: r.id, limit: 5000 })).items) {
      ids.push(ep.id)
      if (ep.turns === 2000) longId = ep.id
    }
}, 120_000)
afterAll(async () => {
  await engine.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('getEpisodeHead', () => {
  it("is the preview's first turns for every episode of the corpus, from the start and from turn 5", async () => {
    expect(ids.length).toBeGreaterThan(200)
    for (const id of ids) {
      const preview = await engine.api.getEpisodePreview(id)
      for (const from of [0, 5]) {
        const head = await engine.api.getEpisodeHead(id, from, 12)
        const expected = episodeHead(preview, from, 12)
        // the texts as the collapsed transcript shows them: a small episode's preview has them whole (the
        // transcript cuts them as it draws), the head has them cut as the server cuts a big one's
        const shown = ({ recordBytes: _, ...h }: typeof head) => ({ ...h, turns: h.turns.map(previewTurn) })
        expect(shown(head), `${id} from ${from}`).toEqual(shown(expected))
        expect(expected.recordBytes).toBeNull() // made from a whole preview
      }
    }
  })

  it("says the record's size when its start alone was read, and null when the episode was read whole", async () => {
    const db = openDb(dbPath, { readonly: true })
    try {
      for (const id of ids) {
        const head = await engine.api.getEpisodeHead(id, 0, 12)
        const fast = readEpisodeHead(db, id, 0, 12)
        expect(head.recordBytes, id).toBe(fast ? getEpisodeRow(db, id)!.byte_length : null)
      }
    } finally {
      db.close()
    }
  })

  it('reads a 10 MB record from its start alone: the first 64 turns, cut to their previews', async () => {
    expect(longId).not.toBe('')
    const db = openDb(dbPath, { readonly: true })
    try {
      const direct = readEpisodeHead(db, longId, 0, 12)
      expect(direct?.turns.map((t) => t.index)).toEqual([...Array(12).keys()])
      // past the turns a read of the start holds, the episode is read whole
      expect(readEpisodeHead(db, longId, 60, 12)).toBeNull()
      const fast = ids.filter((id) => readEpisodeHead(db, id, 0, 12) !== null).length
      // the JSONL formats of the corpus (verifiers, chat JSONL, trainers' dumps…) take the fast path
      expect(fast).toBeGreaterThan(50)
    } finally {
      db.close()
    }
    const head = await engine.api.getEpisodeHead(longId, 0, 12)
    expect(head.turnCount).toBe(2000)
    expect(head.recordBytes).toBeGreaterThan(10_000_000)
    expect(head.turns.map((t) => t.index)).toEqual([...Array(12).keys()])
    const preview = await engine.api.getEpisodePreview(longId)
    expect(head.turns).toEqual(preview.turns.slice(0, 12))
  })

  it('jumps over the middle of a long record, as indexing found it, to the same head as a scan', () => {
    const db = openDb(dbPath, { readonly: true })
    try {
      const withRuns = ids.filter((id) => getEpisodeRow(db, id)!.head_skips !== null)
      // only the 10 MB record is 1 MB or more
      expect(withRuns).toEqual([longId])
      const row = getEpisodeRow(db, longId)!
      const skips = parseHeadSkips(row.head_skips, row.byte_length)
      expect(skips).toHaveLength(1)
      expect(skips[0].to - skips[0].from).toBeGreaterThan(0.9 * row.byte_length)
      const source = { path: row.source_path, format: row.format, size: row.size, mtimeMs: row.mtime_ms }
      const at = { byteOffset: row.byte_offset, byteLength: row.byte_length, locator: row.locator }
      const jumped = readIndexedEpisodeHead(source, at, HEAD_ITEMS, skips)
      const scanned = readIndexedEpisodeHead(source, at, HEAD_ITEMS)
      expect(jumped?.raw).toEqual(scanned?.raw)
      expect(jumped?.cuts).toEqual(scanned?.cuts)
      expect(jumped?.body.turns).toEqual(scanned?.body.turns)
    } finally {
      db.close()
    }
  })

  it('gives the read of the start alone only for one JSONL record', () => {
    const size = { size: 0, mtimeMs: 0 }
    expect(readIndexedEpisodeHead({ path: longResults, format: 'no-such-format', ...size }, place(), 64)).toBeNull()
    expect(readIndexedEpisodeHead({ path: longResults, format: 'verifiers', ...size }, place('doc#1'), 64)).toBeNull()
  })
})

function place(locator: string | null = null) {
  return { byteOffset: 0, byteLength: 10, locator }
}
