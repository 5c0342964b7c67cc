/**
 * Migration 0023: an index that holds a CJK run as one word (built before CJK characters were a token each) is emptied
 * and every source becomes pending; an index without one is kept, rows and all.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { pendingSearchSources } from '../../../src-main/search/build-search-index'
import { searchedSourceBefore } from '../../helpers/searched-source-before'

/** A database at version 22 with one searched source whose full-text rows are `texts`, as a pass before 0023 wrote them. */
function before0023(texts: string[]): { db: Database.Database; source: number } {
  const { db, source } = searchedSourceBefore(23)
  const add = db.prepare(`INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, 'assistant', NULL)`)
  texts.forEach((t, i) => add.run(i + 1, t))
  return { db, source }
}

/** 0023 alone (later migrations have their own tests). */
const UP_TO_0023 = MIGRATIONS.filter((m) => m.version <= 23)

const rows = (db: Database.Database): number => db.prepare('SELECT count(*) FROM search_fts').pluck().get() as number

describe('migration 0023: CJK runs indexed as whole words are indexed again', () => {
  it.each([
    ['Chinese', '我们需要修复这个错误'],
    ['Japanese', 'エラーが発生しました'],
    ['Korean', '오류가 발생합니다'],
    ['an ideograph past the BMP and a letter', '𠀀x'],
    ['kana after a combining mark', 'か\u3099きく']
  ])('empties an index with a %s word in it, every source pending', (_, text) => {
    const { db, source } = before0023(['plain english text', text])
    expect(pendingSearchSources(db)).toEqual([])
    expect(migrate(db, UP_TO_0023)).toEqual([23])
    expect(rows(db)).toBe(0)
    expect(pendingSearchSources(db)).toEqual([source])
    db.close()
  })

  it.each([
    ['no CJK', ['plain english text', 'café naïve Ωmega', 'ሰላም ለዓለም', '𝐀lpha', 'Привет']],
    ['CJK characters already apart', ['修 复 错 误', 'か\u3099 き', '오 류']]
  ])('keeps an index with %s, rows and all', (_, texts) => {
    const { db } = before0023(texts)
    expect(migrate(db, UP_TO_0023)).toEqual([23])
    expect(rows(db)).toBe(texts.length)
    expect(pendingSearchSources(db)).toEqual([])
    // the temporary vocabulary table is gone
    expect(db.prepare(`SELECT count(*) FROM temp.sqlite_master`).pluck().get()).toBe(0)
    db.close()
  })
})
