import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KEPT_STATEMENTS, statement } from '../../../src-main/db/statements'
import type { Db } from '../../../src-main/db/open-db'

describe('statements kept per connection', () => {
  let db: Db
  beforeEach(() => {
    db = new Database(':memory:')
    db.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y')")
  })
  afterEach(() => db.close())

  it('prepares a statement once and gives it back for the same SQL and shape', () => {
    const sql = 'SELECT a, b FROM t ORDER BY a'
    expect(statement(db, sql)).toBe(statement(db, sql))
    expect(statement(db, sql, 'raw')).toBe(statement(db, sql, 'raw'))
  })

  it('never shares a statement between two result shapes', () => {
    const sql = 'SELECT a, b FROM t ORDER BY a'
    // asked in every order, each shape keeps its own rows
    expect(statement(db, sql, 'raw').all()).toEqual([
      [1, 'x'],
      [2, 'y']
    ])
    expect(statement(db, sql, 'pluck').all()).toEqual([1, 2])
    expect(statement(db, sql).all()).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' }
    ])
    expect(statement(db, sql, 'raw').get()).toEqual([1, 'x'])
  })

  it('keeps each connection’s statements apart', () => {
    const other = new Database(':memory:')
    other.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (9, 'z')")
    try {
      expect(statement(other, 'SELECT a FROM t', 'pluck').all()).toEqual([9])
      expect(statement(db, 'SELECT a FROM t', 'pluck').all()).toEqual([1, 2])
    } finally {
      other.close()
    }
  })

  it('keeps at most KEPT_STATEMENTS, the least recently used going first', () => {
    const first = statement(db, 'SELECT 0')
    for (let i = 1; i < KEPT_STATEMENTS; i++) statement(db, `SELECT ${i}`)
    expect(statement(db, 'SELECT 0')).toBe(first) // used again: now the most recent
    statement(db, `SELECT ${KEPT_STATEMENTS}`) // one more: 'SELECT 1' goes, not 'SELECT 0'
    expect(statement(db, 'SELECT 0')).toBe(first)
    const again = statement(db, 'SELECT 1')
    expect(again.get()).toEqual({ 1: 1 })
  })

  it('sees rows written since it was prepared, and a table made again', () => {
    const count = (): number => statement(db, 'SELECT count(*) FROM t', 'pluck').get() as number
    expect(count()).toBe(2)
    db.exec("INSERT INTO t VALUES (3, 'z')")
    expect(count()).toBe(3)
    db.exec('DROP TABLE t; CREATE TABLE t (a INTEGER)')
    expect(count()).toBe(0)
  })
})
