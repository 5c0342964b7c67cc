/**
 * Migration 0013: the full-text index keeps no copy of the text. Hits are read back from their files; a file that
 * changed since indexing has its hits counted as unreadable, never shown with another record's text; role and tool
 * filters are exact tokens of their own columns.
 */
import Database from 'better-sqlite3'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { searchedSourceBefore } from '../../helpers/searched-source-before'
import { pendingSearchSources } from '../../../src-main/search/build-search-index'
import { ftsMatch, roleToken, toolToken } from '../../../src-main/search/fts-columns'
import { HitRowCache } from '../../../src-main/search/hit-rows'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { chatRecord } from '../../helpers/chat-record'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

const row = (id: string, answer: string): string => chatRecord(id, answer) + '\n'

describe('contentless full-text index (migration 0013)', () => {
  it('stores no text: no content table, and the database is made without one', () => {
    const db = new Database(':memory:')
    migrate(db)
    const sql = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'search_fts'`).get() as { sql: string }).sql
    expect(sql).toMatch(/content = ''/)
    expect(sql).toMatch(/contentless_delete = 1/)
    expect(db.prepare(`SELECT count(*) n FROM sqlite_master WHERE name = 'search_fts_content'`).get()).toEqual({ n: 0 })
  })

  it('empties an index built before it: every source is searched again by the next pass', () => {
    const { db, source } = searchedSourceBefore(13)
    db.prepare(`INSERT INTO search_fts (rowid, text, turn, role, tool) VALUES (1, 'old text', 0, 'user', NULL)`).run()
    expect(pendingSearchSources(db)).toEqual([])
    expect(
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 13)
      )
    ).toEqual([13])
    expect(db.prepare(`SELECT count(*) n FROM search_fts WHERE search_fts MATCH 'old'`).get()).toEqual({ n: 0 })
    expect(pendingSearchSources(db)).toEqual([source])
  })

  it('reads snippets back from the file; a file changed since indexing gives unreadable hits, not wrong text', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'chat.jsonl')
    writeFileSync(file, row('a', 'the zebrafish answer') + row('b', 'another zebrafish swims'))
    await t.engine.indexPaths([file])
    const page = await t.engine.api.search('zebrafish', { order: 'index' })
    expect(page.hits.map((h) => [h.taskKey, h.turn, h.role, h.snippet.text])).toEqual([
      ['a', 1, 'assistant', 'the zebrafish answer'],
      ['b', 1, 'assistant', 'another zebrafish swims']
    ])
    expect(page.unreadable).toBe(0)

    // same length, other words: the records no longer hold what was indexed (their prompts changed)
    writeFileSync(file, row('x', 'the zebrafish answer') + row('y', 'another zebrafish swims'))
    const stale = await t.engine.api.search('zebrafish', { order: 'index' })
    expect(stale.hits).toEqual([])
    expect(stale.total).toBe(2)
    expect(stale.unreadable).toBe(2)

    await t.engine.indexPaths([file])
    const again = await t.engine.api.search('zebrafish', { order: 'index' })
    expect(again.hits.map((h) => h.taskKey)).toEqual(['x', 'y'])
    expect(again.unreadable).toBe(0)
  })

  it('filters by role and by the exact tool name, and words never match the role or tool columns', () => {
    const db = new Database(':memory:')
    migrate(db)
    const add = db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, ?)')
    add.run(1, 'edit the file', roleToken('assistant'), toolToken('str_replace'))
    add.run(2, 'edit the file', roleToken('assistant'), toolToken('str-replace'))
    add.run(3, 'edit the file', roleToken('tool'), toolToken('str_replace'))
    add.run(4, 'assistant tool str replace', roleToken('user'), null)
    const hits = (q: string, f: Parameters<typeof ftsMatch>[1] = {}): number[] =>
      (
        db
          .prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid')
          .raw()
          .all(ftsMatch(q, f)) as [number][]
      ).map((r) => r[0])
    expect(hits('"edit"')).toEqual([1, 2, 3])
    expect(hits('"edit"', { tool: 'str_replace' })).toEqual([1, 3])
    expect(hits('"edit"', { tool: 'str-replace' })).toEqual([2])
    expect(hits('"edit"', { role: 'tool', tool: 'str_replace' })).toEqual([3])
    expect(hits('"assistant"')).toEqual([4])
    expect(hits('"str" "replace"')).toEqual([4])
  })

  it('keeps the rows of the episodes read last, up to its characters, least recent out first', () => {
    const rows = (text: string) => [{ turn: 0, role: 'user' as const, tool: null, text }]
    const cache = new HitRowCache(10)
    cache.set('a', rows('aaaa'))
    cache.set('b', rows('bbbb'))
    expect(cache.get('a')?.[0].text).toBe('aaaa') // a is now the most recent
    cache.set('c', rows('cccc')) // 12 chars: b goes, not a
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((r) => r?.[0].text)).toEqual([
      'aaaa',
      undefined,
      'cccc'
    ])
    cache.set('huge', rows('x'.repeat(11))) // larger than the whole cache: not kept, nothing evicted for it
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.size).toBe(2)
  })
})

describe('migration 0017 (search rows without terminal escapes)', () => {
  it('empties the full-text index so every source is read again with the rows as they are now made', () => {
    const { db, source } = searchedSourceBefore(17)
    db.prepare(`INSERT INTO search_fts (rowid, text, role, tool) VALUES (1, '31mFAILED old', 'tool', NULL)`).run()
    expect(pendingSearchSources(db)).toEqual([])
    expect(
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 17)
      )
    ).toEqual([17])
    expect(db.prepare(`SELECT count(*) n FROM search_fts WHERE search_fts MATCH 'old'`).get()).toEqual({ n: 0 })
    expect(pendingSearchSources(db)).toEqual([source])
  })
})
