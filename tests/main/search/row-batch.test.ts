/**
 * RowBatch: the full-text pass's rows as the writer binds them (UTF-8 bytes, typed arrays). An index written from
 * RowBatches must be the index the rows' strings (CJK spaced apart: contract/cjk-text.ts) would have made: the same
 * tokens, the same segments.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { EPISODE_SHIFT, roleToken, toolToken } from '../../../src-main/search/fts-columns'
import { RowBatchBuilder, transferList, type RowBatch } from '../../../src-main/search/row-batch'
import { BatchBuffers } from '../../../src-main/search/batch-buffers'
import { spaceCjk } from '../../../src-main/contract/cjk-text'
import type { SearchRow } from '../../../src-main/search/search-rows'

const row = (turn: number, role: SearchRow['role'], text: string, tool: string | null = null): SearchRow => ({
  turn,
  role,
  tool,
  text
})

const TEXTS = [
  'plain ascii words',
  'café naïve straße Ωmega — résumé',
  '日本語のテキスト and 🙂 emoji 🙂',
  'a lone surrogate \uD800 here and a pair \uD83D\uDE00',
  ''
]

function rowsOfText(b: RowBatch): string[] {
  const out: string[] = []
  let start = 0
  for (const end of b.ends) {
    out.push(Buffer.from(b.text.buffer, b.text.byteOffset + start, end - start).toString('utf8'))
    start = end
  }
  return out
}

describe('RowBatchBuilder', () => {
  it('numbers rows from their episode, keeps their text as UTF-8 and their tokens', () => {
    const b = new RowBatchBuilder()
    b.add(7, [row(0, 'user', TEXTS[0]), row(1, 'assistant', TEXTS[1], 'bash'), row(2, 'tool', TEXTS[2], 'bash')])
    b.add(9, [row(0, 'assistant', TEXTS[3], 'str_replace_editor'), row(1, 'user', TEXTS[4])])
    expect(b.episodes).toBe(2)
    const batch = b.take(3, 9, true)
    expect([...batch.rowids]).toEqual([
      7 * EPISODE_SHIFT,
      7 * EPISODE_SHIFT + 1,
      7 * EPISODE_SHIFT + 2,
      9 * EPISODE_SHIFT,
      9 * EPISODE_SHIFT + 1
    ])
    // a lone surrogate becomes U+FFFD, as SQLite receives it when the string itself is bound; CJK characters are
    // spaced apart, one token each (contract/cjk-text.ts), the rest of the text as it is
    expect(rowsOfText(batch)).toEqual(TEXTS.map((t) => Buffer.from(spaceCjk(t), 'utf8').toString('utf8')))
    expect(rowsOfText(batch)[2]).toBe(' 日  本  語  の  テ  キ  ス  ト  and 🙂 emoji 🙂')
    expect([...batch.roles].map((i) => batch.tokens[i])).toEqual(
      ['user', 'assistant', 'tool', 'assistant', 'user'].map((r) => roleToken(r as SearchRow['role']))
    )
    expect([...batch.tools].map((i) => (i < 0 ? null : batch.tokens[i]))).toEqual([
      null,
      toolToken('bash'),
      toolToken('bash'),
      toolToken('str_replace_editor'),
      null
    ])
    expect(batch).toMatchObject({ sourceId: 3, lastRowid: 9, sourceDone: true, episodes: 2 })
    expect(batch.chars).toBe(TEXTS.reduce((n, t) => n + t.length, 0))
  })

  it('starts afresh after take, and grows past its first buffers', () => {
    const b = new RowBatchBuilder()
    const long = 'word '.repeat(300_000) // 1.5 MB: more than the first text buffer
    const many = Array.from({ length: 3000 }, (_, i) => row(i, 'tool', `row ${i}`, `tool${i % 7}`))
    b.add(1, [row(0, 'user', long)])
    b.add(2, many)
    const first = b.take(1, 2, false)
    expect(first.rowids.length).toBe(3001)
    expect(rowsOfText(first)[0]).toBe(long)
    expect(rowsOfText(first)[3000]).toBe('row 2999')
    expect(new Set(first.tokens).size).toBe(first.tokens.length)
    const second = b.take(1, 2, true)
    expect(second).toMatchObject({ episodes: 0, chars: 0, sourceDone: true })
    expect(second.rowids.length).toBe(0)
    expect(second.text.length).toBe(0)
  })
})

describe('batches copied into buffers given back (the reader thread reuses what the writer wrote)', () => {
  const snapshot = (b: RowBatch) => ({
    rowids: [...b.rowids],
    ends: [...b.ends],
    roles: [...b.roles],
    tools: [...b.tools],
    tokens: b.tokens,
    text: rowsOfText(b),
    episodes: b.episodes,
    chars: b.chars
  })

  it('hold the same rows as fresh ones, and take no new memory once the first batches came back', () => {
    const episodes = Array.from({ length: 60 }, (_, e) =>
      Array.from({ length: 1 + (e % 9) }, (_, t) =>
        row(t, 'tool', `${TEXTS[(e * t) % TEXTS.length]} `.repeat(1 + ((e * 7) % 40)), `t${e % 3}`)
      )
    )
    const fresh = new RowBatchBuilder()
    const buffers = new BatchBuffers()
    const recycled = new RowBatchBuilder(buffers)
    const made = new Set<ArrayBuffer>()
    let reused = 0
    for (let i = 0; i < episodes.length; i += 3) {
      for (const b of [fresh, recycled]) episodes.slice(i, i + 3).forEach((rows, k) => b.add(i + k + 1, rows))
      const want = fresh.take(1, i + 3, false)
      const got = recycled.take(1, i + 3, false)
      expect(snapshot(got)).toEqual(snapshot(want))
      for (const ab of transferList(got)) {
        if (made.has(ab)) reused++
        made.add(ab)
      }
      // written: its buffers come back (transferred in the app; here the same objects)
      buffers.giveBack(transferList(got))
    }
    // the first batch's buffers (and a few larger ones made with room to spare) serve every later batch
    expect(reused).toBeGreaterThan(60)
    expect(made.size).toBeLessThan(20)
  })

  it('take the smallest spare that holds a batch, and keep a bounded number of spares', () => {
    const pool = new BatchBuffers()
    expect(pool.take(100).byteLength).toBe(100) // nothing given back yet: the size asked
    const small = new ArrayBuffer(64)
    const mid = new ArrayBuffer(1000)
    const big = new ArrayBuffer(5000)
    pool.giveBack([big, small, mid])
    expect(pool.take(500)).toBe(mid)
    expect(pool.take(65)).toBe(big)
    expect(pool.take(10)).toBe(small)
    expect(pool.take(800).byteLength).toBe(1000) // a new one, with room for a slightly larger next batch
    pool.giveBack(Array.from({ length: 40 }, () => new ArrayBuffer(8)))
    expect(pool.size).toBeLessThanOrEqual(12)
  })
})

describe('an index written from RowBatches', () => {
  const table = (db: Database.Database): void => {
    db.exec(`CREATE VIRTUAL TABLE search_fts USING fts5(text, role, tool,
      tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1)`)
  }

  it('is the index of the same rows bound as strings, byte for byte', () => {
    const episodes = Array.from({ length: 40 }, (_, e) =>
      Array.from({ length: 6 }, (_, t) =>
        row(
          t,
          t % 2 ? 'assistant' : 'tool',
          `${TEXTS[(e + t) % TEXTS.length]} step ${e} turn ${t}`,
          t % 3 ? 'bash' : null
        )
      )
    )
    const asStrings = new Database(':memory:')
    table(asStrings)
    const insert = asStrings.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, ?)')
    asStrings.transaction(() =>
      episodes.forEach((rows, e) =>
        rows.forEach((r, seq) =>
          insert.run((e + 1) * EPISODE_SHIFT + seq, spaceCjk(r.text), roleToken(r.role), toolToken(r.tool))
        )
      )
    )()

    const asBytes = new Database(':memory:')
    table(asBytes)
    const b = new RowBatchBuilder()
    episodes.forEach((rows, e) => b.add(e + 1, rows))
    const batch = b.take(1, episodes.length, true)
    const insertBytes = asBytes.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, ?)')
    const text = Buffer.from(batch.text.buffer, batch.text.byteOffset, batch.text.byteLength)
    asBytes.transaction(() => {
      let start = 0
      batch.rowids.forEach((rowid, i) => {
        const tool = batch.tools[i]
        insertBytes.run(
          rowid,
          text.subarray(start, batch.ends[i]),
          batch.tokens[batch.roles[i]],
          tool < 0 ? null : batch.tokens[tool]
        )
        start = batch.ends[i]
      })
    })()

    const dump = (db: Database.Database): unknown => [
      db.prepare('SELECT id, block FROM search_fts_data ORDER BY id').raw().all(),
      db.prepare('SELECT id, sz FROM search_fts_docsize ORDER BY id').raw().all()
    ]
    expect(dump(asBytes)).toEqual(dump(asStrings))
    const hits = (db: Database.Database, q: string): unknown =>
      db.prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rank').pluck().all(q)
    for (const q of [
      'text : cafe',
      'text : "日 本 語 の テ キ ス ト"',
      'text : "テ キ"',
      'text : "step 3"',
      'text : surrogat*',
      'tool : ' + `"${toolToken('bash')}"`
    ])
      expect(hits(asBytes, q)).toEqual(hits(asStrings, q))
    expect((hits(asBytes, 'text : resume') as number[]).length).toBeGreaterThan(0)
    expect((hits(asBytes, 'text : "テ キ"') as number[]).length).toBeGreaterThan(0)
  })
})
