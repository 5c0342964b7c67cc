/**
 * Index order keeps the ids of a query's first TOTAL_CAP + 1 matches (search.ts): every page and count must be what
 * a count pass and a page pass per call gave, inside that window, across its end and past it.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { roleToken } from '../../../src-main/search/fts-columns'
import { search, TOTAL_CAP } from '../../../src-main/search/search'

/** A bare index of `n` rows holding "heron" (no episodes: every hit of a page counts as unreadable). */
function indexOf(n: number): Database.Database {
  const db = new Database(':memory:')
  migrate(db)
  const add = db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, NULL)')
  db.transaction(() => {
    for (let i = 1; i <= n; i++) add.run(i * 3, i % 2 ? 'a heron' : 'heron and heron', roleToken('assistant'))
  })()
  return db
}

/** What the page was before: a count capped from the offset, and the rows from the offset in rowid order. */
function expected(n: number, offset: number, limit: number) {
  return {
    total: Math.min(n, offset + TOTAL_CAP),
    totalCapped: n > offset + TOTAL_CAP,
    ids: Math.max(0, Math.min(limit, n - offset))
  }
}

describe('search in index order, pages of a kept window', () => {
  it.each([
    [TOTAL_CAP + 100, [0, 50, TOTAL_CAP - 30, TOTAL_CAP + 60, TOTAL_CAP + 100, TOTAL_CAP + 500]],
    [TOTAL_CAP - 10, [0, 50, TOTAL_CAP - 30, TOTAL_CAP]]
  ])('%i matches: the same totals and page sizes at every offset, asked twice', (n, offsets) => {
    const db = indexOf(n)
    for (const offset of offsets) {
      for (let twice = 0; twice < 2; twice++) {
        const page = search(db, 'heron', { order: 'index', offset, limit: 50 })
        const want = expected(n, offset, 50)
        expect({ total: page.total, totalCapped: page.totalCapped, ids: page.unreadable }).toEqual(want)
        expect(page.rankWindow).toBeNull()
      }
    }
    db.close()
  })

  it('a change to the index is seen by the next call (the kept window is dropped)', () => {
    const db = indexOf(10)
    expect(search(db, 'heron', { order: 'index' }).total).toBe(10)
    db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, NULL)').run(999, 'heron', 'user')
    expect(search(db, 'heron', { order: 'index' }).total).toBe(11)
    db.close()
  })
})
