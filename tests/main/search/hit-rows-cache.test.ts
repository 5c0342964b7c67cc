/**
 * hit-rows.ts keeps each hit row under its own key: a page asked again reads no file, another row of the same
 * episode is read from the file, and a file changed since is read anew (its size and time are in every key).
 */
import { appendFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDb } from '../../../src-main/db/open-db'
import { EPISODE_SHIFT } from '../../../src-main/search/build-search-index'
import { HitRowCache, readHitRows } from '../../../src-main/search/hit-rows'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

const record = (id: string, turns: string[]): string =>
  JSON.stringify({
    id,
    reward: 1,
    messages: turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content }))
  }) + '\n'

describe('hit row cache', () => {
  it('keeps the rows asked for, one entry each, and reads a changed file anew', async () => {
    const t = tempEngine()
    engine = t.engine
    const file = join(t.dir, 'chat.jsonl')
    writeFileSync(file, record('a', ['first heron', 'second egret', 'third heron']) + record('b', ['only heron']))
    await t.engine.indexPaths([file])
    const db = openDb(t.dbPath, { readonly: true })
    try {
      const ids = (
        db.prepare(`SELECT rowid FROM search_fts WHERE search_fts MATCH 'heron' ORDER BY rowid`).raw().all() as [
          number
        ][]
      ).map((r) => r[0])
      expect(ids).toHaveLength(3)
      const cache = new HitRowCache(1_000_000)
      const first = readHitRows(db, ids, cache)
      expect([...first.values()].map((r) => r.text)).toEqual(['first heron', 'third heron', 'only heron'])
      expect(cache.size).toBe(3) // the hit rows, not every row of their episodes
      // the same rows again: the same objects, from the cache
      const again = readHitRows(db, ids, cache)
      for (const id of ids) expect(again.get(id)).toBe(first.get(id))
      // another row of a cached episode: read from its file
      const episode = Math.floor(ids[0] / EPISODE_SHIFT)
      const other = readHitRows(db, [episode * EPISODE_SHIFT + 1], cache)
      expect([...other.values()].map((r) => r.text)).toEqual(['second egret'])
      expect(cache.size).toBe(4)
      // the file grew (an append keeps its records valid): the rows are read anew, not taken from the cache
      appendFileSync(file, record('c', ['late heron']))
      const grown = readHitRows(db, ids, cache)
      expect([...grown.values()].map((r) => r.text)).toEqual(['first heron', 'third heron', 'only heron'])
      for (const id of ids) expect(grown.get(id)).not.toBe(first.get(id))
    } finally {
      db.close()
    }
  })
})
