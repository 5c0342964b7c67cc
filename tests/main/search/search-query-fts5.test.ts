/**
 * Property: whatever a user types, toFtsQuery gives either an FTS5 query that a real FTS5 table (the index's own
 * tokenizer) accepts, or a BadRequestError — never an SQLite syntax error. And the operators mean what they say
 * on a small table where the answers are known.
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { BadRequestError } from '@contract/guards'
import { toFtsQuery } from '../../../src-main/search/search-query'

const db = new Database(':memory:')
db.exec(`CREATE VIRTUAL TABLE t USING fts5(text, tokenize = 'unicode61 remove_diacritics 2')`)
const docs = ['alpha beta', 'alpha gamma', 'beta gamma delta', 'delta epsilon', 'alpha-beta omega']
docs.forEach((d, i) => db.prepare('INSERT INTO t (rowid, text) VALUES (?, ?)').run(i + 1, d))
afterAll(() => db.close())

const match = (q: string): number[] =>
  (db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid').raw().all(toFtsQuery(q)) as [number][]).map(
    (r) => r[0]
  )

/** Pieces a query is made of, syntax and junk included, so random strings hit the operators often. */
const piece = fc.constantFrom(
  'alpha',
  'beta',
  'gam*',
  'OR',
  'AND',
  'NOT',
  'NEAR',
  '-',
  '-alpha',
  '(',
  ')',
  '"',
  '*',
  ':',
  '^',
  '""',
  'é',
  '{',
  '}',
  'x:y',
  ' ',
  ' ',
  ' ',
  '\t',
  '+',
  ',',
  'Ω',
  '\u0000',
  '-('
)

describe('toFtsQuery against a real FTS5 table', () => {
  it('never yields an FTS5 syntax error: a valid query or a BadRequestError', () => {
    const check = (input: string): void => {
      let query: string
      try {
        query = toFtsQuery(input)
      } catch (err) {
        expect(err, input).toBeInstanceOf(BadRequestError)
        return
      }
      expect(
        () => db.prepare('SELECT count(*) FROM t WHERE t MATCH ?').get(query),
        `${JSON.stringify(input)} → ${query}`
      ).not.toThrow()
    }
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }).map((p) => p.join('')),
        check
      ),
      { numRuns: 3000 }
    )
    fc.assert(fc.property(fc.string({ maxLength: 60 }), check), { numRuns: 2000 })
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), check), { numRuns: 1000 })
  })

  it('OR, NOT / -, parentheses and phrases select the rows they say', () => {
    expect(match('alpha')).toEqual([1, 2, 5])
    expect(match('alpha beta')).toEqual([1, 5])
    expect(match('alpha OR delta')).toEqual([1, 2, 3, 4, 5])
    expect(match('alpha -beta')).toEqual([2])
    expect(match('alpha NOT gamma')).toEqual([1, 5])
    expect(match('(alpha OR delta) -gamma')).toEqual([1, 4, 5])
    expect(match('gam* -(alpha OR delta)')).toEqual([])
    expect(match('"alpha beta" -omega')).toEqual([1])
    expect(match('-alpha -beta delta')).toEqual([4])
  })
})
