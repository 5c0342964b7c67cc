/**
 * The connection's answer cache (db/query-cache.ts): what it drops when full weighs what an answer cost against its
 * size (GreedyDual-Size), recency breaks ties and makes an unused entry fall behind, and a write anywhere empties it.
 */
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { QueryCache } from '../../../src-main/db/query-cache'

let db: Database.Database
beforeEach(() => {
  db = new Database(':memory:')
  db.exec('CREATE TABLE t (x)')
})
afterEach(() => db.close())

const kept = (c: QueryCache, keys: string[]): string[] => keys.filter((k) => c.get(k) !== undefined)

describe('QueryCache', () => {
  it('drops what costs least per byte first: a cheap large order before a costly small window', () => {
    const c = new QueryCache(db, 1000)
    c.set('window', 'w', 100, 200) // 2 ms a byte
    c.set('order', 'o', 800, 20) // 0.025 ms a byte
    c.set('groups', 'g', 150, 100) // full: the order goes, although the window is older
    expect(kept(c, ['window', 'order', 'groups'])).toEqual(['window', 'groups'])
  })

  it('drops the least recently used among entries of the same cost per byte', () => {
    const c = new QueryCache(db, 300)
    c.set('a', 1, 100, 10)
    c.set('b', 2, 100, 10)
    c.set('c', 3, 100, 10)
    expect(c.get('a')).toBe(1) // a used again: b is now the least recent
    c.set('d', 4, 100, 10)
    expect(kept(c, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd'])
  })

  it('lets a costly entry that is no longer used fall behind what is used', () => {
    const c = new QueryCache(db, 300)
    c.set('costly', 'x', 100, 50) // 0.5 ms a byte, never asked again
    // cheap entries asked over and over: each drop raises the floor until the costly one is the lowest
    for (let i = 0; i < 200; i++) {
      c.set(`cheap${i}`, i, 100, 10)
      c.get(`cheap${i}`)
    }
    expect(c.get('costly')).toBeUndefined()
    expect(c.get('cheap199')).toBe(199)
  })

  it('keeps the whole of its budget and nothing larger than it', () => {
    const c = new QueryCache(db, 1000)
    c.set('huge', 'h', 1001, 1e6)
    expect(c.get('huge')).toBeUndefined()
    for (let i = 0; i < 10; i++) c.set(`k${i}`, i, 100, 1)
    expect(c.size).toBe(10)
    c.set('k10', 10, 100, 1)
    expect(c.size).toBe(10)
  })

  it('measures what remember() took to work out an answer as its cost', () => {
    let clock = 0
    const c = new QueryCache(db, 1000, () => clock)
    c.remember('slow', () => {
      clock += 300 // 3 ms a byte
      return { value: 's', bytes: 100 }
    })
    c.remember('fast', () => {
      clock += 1
      return { value: 'f', bytes: 100 }
    })
    // full: fast (0.01 ms a byte) goes, not slow (3 ms a byte), which would go first were both free (the older)
    c.set('big', 'b', 850, 100)
    expect(kept(c, ['slow', 'fast', 'big'])).toEqual(['slow', 'big'])
  })

  it('empties when the database changes', () => {
    const c = new QueryCache(db, 1000)
    c.set('a', 1, 10, 100)
    expect(c.get('a')).toBe(1)
    db.exec('INSERT INTO t VALUES (1)')
    expect(c.get('a')).toBeUndefined()
    expect(c.size).toBe(0)
  })
})
