/** Relevance order through a real engine: bm25 puts the turn with more, denser matches first; 'index' keeps file order. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Engine } from '../../../src-main/services/engine-types'
import { openDb } from '../../../src-main/db/open-db'
import { EPISODE_SHIFT } from '../../../src-main/search/fts-columns'
import { search } from '../../../src-main/search/search'
import { tempEngine } from '../../helpers/temp-engine'
import { chatRecord } from '../../helpers/chat-record'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

const filler = 'the model reads the file and then writes a short plan for the next step of the task'
const row = (id: string, answer: string): string => chatRecord(id, answer) + '\n'

let engineDbPath = ''

async function indexedRows(rows: [string, string][]): Promise<Engine> {
  const t = tempEngine()
  engine = t.engine
  engineDbPath = t.dbPath
  const file = join(t.dir, 'chat.jsonl')
  writeFileSync(file, rows.map(([id, a]) => row(id, a)).join(''))
  await t.engine.indexPaths([file])
  return t.engine
}

describe('search order', () => {
  it('relevance (the default) puts more and denser matches first; index order keeps the file order', async () => {
    const e = await indexedRows([
      ['once-long', `${filler} ${filler} ${filler} heron ${filler} ${filler}`],
      ['thrice', `heron ${filler} heron and heron`],
      ['once-short', 'a heron'],
      ['none', filler],
      ['twice-dense', 'heron heron']
    ])
    const ranked = await e.api.search('heron')
    expect(ranked.order).toBe('relevance')
    const keys = ranked.hits.map((h) => h.taskKey)
    expect(keys).toHaveLength(4)
    // denser beats longer: the two-word answer that is all heron, before the long one with one heron
    expect(keys.indexOf('twice-dense')).toBeLessThan(keys.indexOf('once-long'))
    expect(keys.indexOf('once-short')).toBeLessThan(keys.indexOf('once-long'))
    expect(keys.indexOf('thrice')).toBeLessThan(keys.indexOf('once-long'))
    expect(keys[3]).toBe('once-long')

    const indexed = await e.api.search('heron', { order: 'index' })
    expect(indexed.order).toBe('index')
    expect(indexed.hits.map((h) => h.taskKey)).toEqual(['once-long', 'thrice', 'once-short', 'twice-dense'])
    // the same hits, snippets and all, whatever the order
    const byKey = (p: typeof ranked) => [...p.hits].sort((a, b) => a.taskKey.localeCompare(b.taskKey))
    expect(byKey(ranked)).toEqual(byKey(indexed))
    expect(ranked.hits.every((h) => h.snippet.matches.length > 0)).toBe(true)
  })

  it('ranks with OR: a turn matching both alternatives beats one matching either, and pages do not overlap', async () => {
    const rows: [string, string][] = Array.from({ length: 30 }, (_, i) => [`only-${i}`, `${filler} egret ${i}`])
    rows.splice(17, 0, ['both', `egret and ibis ${filler}`])
    const e = await indexedRows(rows)
    const page = await e.api.search('egret OR ibis', { limit: 5 })
    expect(page.hits[0].taskKey).toBe('both')
    expect(page.total).toBe(31)
    const seen = new Set<string>()
    for (let offset = 0; offset < 31; offset += 5) {
      for (const h of (await e.api.search('egret OR ibis', { limit: 5, offset })).hits) seen.add(h.taskKey)
    }
    expect(seen.size).toBe(31)
  })

  it('filters (run, role) apply before the ranking, not after the page is cut', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'chat.jsonl')
    const turns = (id: string, user: string, answer: string): string => chatRecord(id, answer, user) + '\n'
    writeFileSync(
      file,
      turns('a', 'plover plover plover', `${filler} plover ${filler}`) + turns('b', 'no bird here', 'plover')
    )
    await t.engine.indexPaths([file])
    const e = t.engine
    // unfiltered, the dense user turn of 'a' comes first
    expect((await e.api.search('plover', { limit: 1 })).hits.map((h) => [h.taskKey, h.role])).toEqual([['a', 'user']])
    // the best assistant turn (b's one-word answer), though a's user turn outranks it overall
    const page = await e.api.search('plover', { role: 'assistant', limit: 1 })
    expect(page.hits.map((h) => [h.taskKey, h.role])).toEqual([['b', 'assistant']])
    expect(page.total).toBe(2)
    const [run] = await e.api.listRuns()
    expect((await e.api.search('plover', { runIds: [run.id], limit: 5 })).hits).toHaveLength(3)
    expect((await e.api.search('plover', { runIds: ['no-such-run'] })).hits).toEqual([])
  })

  it('ranks only the first matches in index order when a query matches more than the window, and says so', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'chat.jsonl')
    // 30 answers with one stilt each in a long text, the densest one last in the file
    const rows = Array.from({ length: 30 }, (_, i) => row(`one-${i}`, `${filler} stilt ${filler}`))
    writeFileSync(file, rows.join('') + row('dense', 'stilt stilt stilt'))
    await t.engine.indexPaths([file])
    const db = openDb(t.dbPath, { readonly: true })
    try {
      const all = search(db, 'stilt', {}, 100)
      expect(all.rankWindow).toBeNull()
      expect(all.hits[0].taskKey).toBe('dense')
      expect(all.total).toBe(31)

      const windowed = search(db, 'stilt', { limit: 5 }, 10)
      expect(windowed.rankWindow).toBe(10)
      expect(windowed.total).toBe(10)
      expect(windowed.totalCapped).toBe(true)
      // the dense answer is past the first 10 matches: not ranked, not listed
      expect(windowed.hits.map((h) => h.taskKey)).not.toContain('dense')
      const rest = search(db, 'stilt', { limit: 5, offset: 5 }, 10)
      expect(new Set([...windowed.hits, ...rest.hits].map((h) => h.taskKey)).size).toBe(10)
      // index order has no window
      expect(search(db, 'stilt', { order: 'index' }, 10)).toMatchObject({ rankWindow: null, total: 31 })
    } finally {
      db.close()
    }
  })

  it('a prefix ranks as FTS5 ranks it: one word as that word, several as one term (not as their OR)', async () => {
    const e = await indexedRows([
      ['common-3', 'tern tern tern'],
      ['rare-1', `terns ${filler}`],
      ['rare-2', 'terns terns'],
      ['mixed', `tern terns ${filler}`],
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`filler-${i}`, `tern ${filler} ${i}`]),
      ['heron', 'heron heron'],
      ['heron-long', `heron ${filler}`]
    ])
    const db = openDb(engineDbPath, { readonly: true })
    try {
      const fts = (match: string): string[] =>
        db
          .prepare(
            `SELECT e.task_key FROM search_fts f JOIN episodes e ON e.rowid = f.rowid / ${EPISODE_SHIFT}
             WHERE search_fts MATCH ? ORDER BY f.rank, f.rowid`
          )
          .pluck()
          .all(match) as string[]
      const keys = async (q: string): Promise<string[]> =>
        (await e.api.search(q, { limit: 100 })).hits.map((h) => h.taskKey)
      // several words (tern, terns): FTS5's own prefix ranking, which differs from their OR's here
      const asPrefix = fts('text : ("ter" *)')
      expect(asPrefix).not.toEqual(fts('text : ("tern" OR "terns")'))
      expect(await keys('ter*')).toEqual(asPrefix)
      // one word (heron): the same page as the word itself, and as FTS5's prefix
      expect(await keys('hero*')).toEqual(await keys('heron'))
      expect(await keys('hero*')).toEqual(fts('text : ("hero" *)'))
      expect((await e.api.search('hero*')).query).toBe('"hero" *')
    } finally {
      db.close()
    }
  })
})
