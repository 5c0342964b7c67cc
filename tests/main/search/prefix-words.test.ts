/**
 * prefix-words.ts and parseSearch's expander: a one-word ASCII prefix asked as the OR of the index's words that
 * start so matches exactly the rows FTS5's own prefix query matches (property over random rows and queries), and
 * index order through search() keeps its pages, totals and query text.
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { ftsMatch, roleToken, toolToken } from '../../../src-main/search/fts-columns'
import { MAX_PREFIX_WORDS, prefixWords } from '../../../src-main/search/prefix-words'
import { search } from '../../../src-main/search/search'
import { parseSearch } from '../../../src-main/search/search-query'

const WORDS = ['test', 'tests', 'tester', 'Testing', 'tea', 'team', 'tes', 'café', 'Über', 'user', 'tool', 'x1', 'x10']

function index(rows: string[]): Database.Database {
  const db = new Database(':memory:')
  migrate(db)
  const add = db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, ?)')
  rows.forEach((text, i) => add.run(i + 1, text, roleToken(i % 2 ? 'user' : 'tool'), toolToken('tester')))
  return db
}

const ids = (db: Database.Database, fts: string): number[] =>
  (db.prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid').raw().all(fts) as [number][]).map(
    (r) => r[0]
  )

describe('prefix words', () => {
  it('lists the words that start with the prefix, null past the most it lists', () => {
    const db = index(['test tests tester', 'team tea', ...Array.from({ length: 70 }, (_, i) => `zz${i}`)])
    expect(prefixWords(db, 'tes')).toEqual(['test', 'tester', 'tests'])
    expect(prefixWords(db, 'q')).toEqual([])
    expect(prefixWords(db, 'zz')).toBeNull()
    expect(prefixWords(db, 'zz1')?.length).toBeLessThanOrEqual(MAX_PREFIX_WORDS)
    db.close()
  })

  it('the OR of the words matches the same rows as the prefix (random rows and queries)', () => {
    const row = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '))
    const query = fc
      .array(fc.constantFrom('te*', 'tes*', 'TES*', 'x1*', 'us*', 'tea', '-tea', 'OR', 'caf*', 'Üb*', '"test te"*'), {
        minLength: 1,
        maxLength: 4
      })
      .map((q) => q.join(' '))
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 20 }), query, (rows, q) => {
        const db = index(rows)
        try {
          let plain: string
          try {
            plain = parseSearch(q).query
          } catch {
            return // a query with nothing to look for: a bad request either way
          }
          const expanded = parseSearch(q, (p) => prefixWords(db, p)).query
          expect(ids(db, ftsMatch(expanded, {})), `${q} → ${expanded}`).toEqual(ids(db, ftsMatch(plain, {})))
        } finally {
          db.close()
        }
      }),
      { numRuns: 300 }
    )
  })

  it('a prefix that stands for one word ranks exactly as that word: the same bm25 scores (random rows)', () => {
    const row = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '))
    const ranked = (db: Database.Database, fts: string): [number, number][] =>
      db.prepare('SELECT rowid, rank FROM search_fts WHERE search_fts MATCH ? ORDER BY rank, rowid').raw().all(fts) as [
        number,
        number
      ][]
    let checked = 0
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 25 }), (rows) => {
        const db = index(rows)
        try {
          for (const prefix of ['tea', 'team', 'test', 'teste', 'us', 'caf', 'ub', 'x10']) {
            const words = prefixWords(db, prefix)
            if (words?.length !== 1) continue
            checked++
            const plain = ranked(db, ftsMatch(parseSearch(`${prefix}*`).query, {}))
            expect(ranked(db, ftsMatch(parseSearch(`${prefix}*`, () => words).query, {})), prefix).toEqual(plain)
          }
        } finally {
          db.close()
        }
      }),
      { numRuns: 200 }
    )
    expect(checked).toBeGreaterThan(200)
  })

  it('index order: the same page, total and query text as FTS5’s prefix', () => {
    const db = index(Array.from({ length: 300 }, (_, i) => (i % 3 ? `tests number ${i}` : `tea ${i}`)))
    const page = search(db, 'tes*', { order: 'index', limit: 50, offset: 20 })
    expect(page.query).toBe('"tes" *')
    expect(page.total).toBe(200)
    expect(page.unreadable).toBe(50) // no episodes in this bare index: the page's 50 ids, none readable
    expect(ids(db, ftsMatch('"tes" *', {})).length).toBe(200)
    db.close()
  })
})
