/**
 * Pages of the episodes table read along the sort keys' indexes (db/episode-pages.ts, migration 0018) against the
 * plain definition of the order (one ORDER BY over every row: missing values last, ties in file order), for every
 * column sort key, both directions and pages anywhere in the run, on a run full of ties and nulls (a binary reward,
 * three statuses, nulls in every nullable column); and the statements' plans: an index walk, never a sort of the run.
 * Then listEpisodes itself: filtered and several-run queries paged from the connection's cached order, and that cache
 * dropped when anything is written.
 */
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLUMN_SORT_KEYS, type EpisodeSortKey } from '@contract/model'
import { migrate } from '../../../src-main/db/migrate'
import { indexedColumn } from '../../../src-main/db/episode-query-sql'
import { indexedPage, mergedPage, runPage } from '../../../src-main/db/episode-pages'
import { RunOrder } from '../../../src-main/db/run-order'
import { listEpisodes } from '../../../src-main/db/episode-rows'
import { queryCacheOf } from '../../../src-main/db/query-cache'
import { createRng } from '../../generators/prng.mjs'

const N = 700
const COLUMN_KEYS: readonly EpisodeSortKey[] = COLUMN_SORT_KEYS

let db: Database.Database
beforeAll(() => {
  db = new Database(':memory:')
  migrate(db)
  db.exec(`INSERT INTO sources (id, path, root, size, mtime_ms, format, state) VALUES (1, '/a', '/', 1, 5, 'verifiers', 'indexed');
    INSERT INTO runs (id, run_key, source_id, name, format, source_path, updated_at, pass_threshold_default)
      VALUES ('r1', '/a', 1, 'one', 'verifiers', '/a', 0, 0.5), ('r2', '/b', 1, 'two', 'verifiers', '/b', 0, 0.5)`)
  const insert = db.prepare(
    `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, status, turns, preview, byte_offset,
       byte_length, source_id, reward, steps, generation_ms, rollout, step, tokens_in, tokens_out, duration_ms, metrics_json)
     VALUES (?, ?, ?, ?, 'explicit', 'h', ?, ?, '', 0, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  const rng = createRng('episode-pages')
  const maybe = <T>(p: number, v: T): T | null => (rng.next() < p ? null : v)
  for (const run of ['r1', 'r2'])
    // inserted out of file order, so row ids and ordinals disagree (the order must come from the ordinal)
    for (const ordinal of rng.shuffle(Array.from({ length: N }, (_, i) => i)))
      insert.run(
        `${run}-${ordinal}`,
        run,
        ordinal,
        `t${Math.floor(ordinal / 5) % 60}`,
        rng.pick(['ok', 'ok', 'ok', 'error', 'truncated']),
        rng.int(1, 4),
        maybe(0.1, rng.pick([0, 1, 1])),
        maybe(0.2, rng.int(0, 3)),
        maybe(0.1, Math.round(rng.next() * 50) * 10),
        ordinal % 5,
        maybe(0.3, rng.int(0, 6)),
        maybe(0.5, rng.int(100, 104)),
        maybe(0.05, rng.int(1, 900)),
        maybe(0.9, rng.next()),
        JSON.stringify({ score: rng.pick([0, 0.5, 1]) })
      )
})
afterAll(() => db.close())

/** The order as defined: one ORDER BY over every row of the run. */
function reference(sql: string, desc: boolean, run = 'r1'): number[] {
  return (
    db
      .prepare(
        `SELECT e.rowid FROM episodes e NOT INDEXED WHERE e.run_id = ?
         ORDER BY ${sql} IS NULL, ${sql} ${desc ? 'DESC' : 'ASC'}, e.ordinal`
      )
      .raw()
      .all(run) as [number][]
  ).map((r) => r[0])
}

describe('pages read along an index', () => {
  it('are the rows the full ORDER BY puts there, for every column key, both directions, anywhere in the run', () => {
    for (const key of COLUMN_KEYS) {
      const col = indexedColumn(key)!
      for (const desc of [false, true]) {
        const all = reference(col.sql, desc)
        for (const [offset, limit] of [
          [0, 50],
          [37, 200],
          [301, 7],
          [600, 200],
          [N - 3, 50],
          [N + 5, 10]
        ]) {
          const page = indexedPage(db, 'r1', col, desc, offset, limit).map((e) => e[0])
          expect(page, `${key} ${desc ? 'desc' : 'asc'} @${offset}`).toEqual(all.slice(offset, offset + limit))
        }
      }
    }
  })

  it('a page of one run is a slice of its whole order, or a walk along the index past what is worked out', () => {
    for (const key of COLUMN_KEYS) {
      const col = indexedColumn(key)!
      for (const desc of [false, true]) {
        const all = reference(col.sql, desc)
        // chunks of 1 row: the order is worked out a row a call, so the deeper pages walk the index; then the
        // default chunk works out the rest, and every page is a slice
        for (const chunk of [1, undefined])
          for (const [offset, limit] of [
            [0, 50],
            [301, 7],
            [600, 200],
            [N - 3, 50],
            [N + 5, 10]
          ])
            expect(runPage(db, 'r1', col, desc, offset, limit, chunk), `${key} ${desc} @${offset}`).toEqual(
              all.slice(offset, offset + limit)
            )
      }
    }
  })

  it('a run’s order worked out a chunk at a time, in any order of jumps, is the whole order', () => {
    const rng = createRng('run-order-jumps')
    for (const key of COLUMN_KEYS) {
      const col = indexedColumn(key)!
      for (const desc of [false, true]) {
        const all = reference(col.sql, desc)
        // small chunks: groups of ties, the values' end and the nulls cut at every kind of place
        for (const chunk of [1, 7, 64, 300]) {
          queryCacheOf(db).set(`run order\n${col.sql}\n${desc}\nr1`, undefined, 0) // a new order for each
          for (let i = 0; i < 25; i++) {
            const offset = rng.int(0, N + 10)
            const limit = rng.int(1, 120)
            expect(
              runPage(db, 'r1', col, desc, offset, limit, chunk),
              `${key} ${desc ? 'desc' : 'asc'} chunk ${chunk} jump ${i} @${offset}+${limit}`
            ).toEqual(all.slice(offset, offset + limit))
          }
        }
        // extended to its end in steps of every size, the order is the whole run, once
        for (const step of [1, 13, N]) {
          const order = new RunOrder('r1', col, desc)
          while (!order.done) order.extend(db, step)
          expect(order.ids, `${key} ${desc ? 'desc' : 'asc'} extended by ${step}`).toEqual(all)
        }
      }
    }
  })

  it('reads file order by a seek into the index while a run has no gaps, and by a walk once a file left gaps', () => {
    const ordinal = indexedColumn('ordinal')!
    db.exec(`INSERT INTO runs (id, run_key, source_id, name, format, source_path, updated_at, pass_threshold_default)
      VALUES ('r3', '/c', 1, 'three', 'verifiers', '/c', 0, 0.5)`)
    const insert = db.prepare(
      `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, status, turns, preview,
         byte_offset, byte_length, source_id) VALUES (?, 'r3', ?, 't', 'explicit', 'h', 'ok', 1, '', 0, 1, 1)`
    )
    for (let i = 0; i < 300; i++) insert.run(`r3-${i}`, i + 1000) // file order from 1000: not from 0
    const check = (label: string) => {
      for (const desc of [false, true]) {
        const all = reference('e.ordinal', desc, 'r3')
        for (const offset of [0, 1, 99, 250, all.length - 1, all.length + 3]) {
          const page = indexedPage(db, 'r3', ordinal, desc, offset, 40).map((e) => e[0])
          expect(page, `${label} ${desc ? 'desc' : 'asc'} @${offset}`).toEqual(all.slice(offset, offset + 40))
        }
      }
    }
    check('no gaps')
    // a file of the run re-read with fewer episodes: gaps in file order (and the kept span is dropped with the write)
    db.exec(`DELETE FROM episodes WHERE run_id = 'r3' AND ordinal % 7 = 3`)
    check('gaps')
    db.exec(`DELETE FROM episodes WHERE run_id = 'r3'; DELETE FROM runs WHERE id = 'r3'`)
  })

  it('merges several runs’ pages in the defined order: value, the order the runs were asked in, file order', () => {
    const metrics = new Set(['score'])
    for (const key of COLUMN_KEYS) {
      const col = indexedColumn(key)!
      for (const desc of [false, true]) {
        const order =
          key === 'ordinal'
            ? `e.run_id = 'r1', e.ordinal ${desc ? 'DESC' : 'ASC'}`
            : `${col.sql} IS NULL, ${col.sql} ${desc ? 'DESC' : 'ASC'}, e.run_id = 'r1', e.ordinal`
        const all = (
          db
            .prepare(`SELECT e.id FROM episodes e NOT INDEXED WHERE e.run_id IN ('r1', 'r2') ORDER BY ${order}`)
            .raw()
            .all() as [string][]
        ).map((r) => r[0])
        for (const offset of [0, 150, 690, 1350]) {
          const page = listEpisodes(db, { runId: 'r2', runIds: ['r1'], sort: key, desc, offset, limit: 60 }, metrics)
          expect(page.total).toBe(2 * N)
          expect(
            page.items.map((e) => e.id),
            `${key} ${desc ? 'desc' : 'asc'} @${offset}`
          ).toEqual(all.slice(offset, offset + 60))
        }
      }
    }
  })

  it('a page past the first ones is a slice of the whole merged order, kept while nothing is written: the same rows', () => {
    for (const key of COLUMN_KEYS.filter((k) => k !== 'ordinal')) {
      const col = indexedColumn(key)!
      for (const desc of [false, true]) {
        const order = `${col.sql} IS NULL, ${col.sql} ${desc ? 'DESC' : 'ASC'}, e.run_id = 'r1', e.ordinal`
        const all = (
          db
            .prepare(`SELECT e.rowid FROM episodes e NOT INDEXED WHERE e.run_id IN ('r1', 'r2') ORDER BY ${order}`)
            .raw()
            .all() as [number][]
        ).map((r) => r[0])
        // shallow = 0: every page from the kept order (by default only pages past the first 2,000 rows)
        for (const offset of [0, 150, 690, 1350, 2 * N - 10])
          expect(mergedPage(db, ['r2', 'r1'], [N, N], col, desc, offset, 60, 0), `${key} @${offset}`).toEqual(
            all.slice(offset, offset + 60)
          )
      }
    }
  })

  it('orders a filtered table along the index, for every key and direction, one run or several', () => {
    const metrics = new Set(['score'])
    for (const [filter, sql] of [
      ['status != "ok"', "e.status <> 'ok'"],
      ['score == 1', "json_extract(e.metrics_json, '$.score') = 1"]
    ])
      for (const key of COLUMN_KEYS) {
        const col = indexedColumn(key)!
        for (const desc of [false, true])
          for (const runs of [['r1'], ['r2', 'r1']]) {
            const runOrder = runs.length > 1 ? "e.run_id = 'r1', " : ''
            const order =
              key === 'ordinal'
                ? `${runOrder}e.ordinal ${desc ? 'DESC' : 'ASC'}`
                : `${col.sql} IS NULL, ${col.sql} ${desc ? 'DESC' : 'ASC'}, ${runOrder}e.ordinal`
            const all = (
              db
                .prepare(
                  `SELECT e.id FROM episodes e NOT INDEXED WHERE e.run_id IN (${runs.map((r) => `'${r}'`).join(',')})
                   AND ${sql} ORDER BY ${order}`
                )
                .raw()
                .all() as [string][]
            ).map((r) => r[0])
            for (const offset of [0, 45, all.length - 10]) {
              const page = listEpisodes(
                db,
                { runId: runs[0], runIds: runs.slice(1), filter, sort: key, desc, offset, limit: 50 },
                metrics
              )
              expect(page.total).toBe(all.length)
              expect(
                page.items.map((e) => e.id),
                `${filter} ${key} ${desc ? 'desc' : 'asc'} ${runs} @${offset}`
              ).toEqual(all.slice(offset, offset + 50))
            }
          }
      }
  })

  it('walks an index for every key and direction, a page or a run’s order: no statement sorts the run', () => {
    const statements: string[] = []
    const spy = new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            statements.push(sql)
            return target.prepare(sql)
          }
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      }
    })
    for (const key of COLUMN_KEYS)
      for (const desc of [false, true]) {
        indexedPage(spy, 'r1', indexedColumn(key)!, desc, 333, 200)
        // a run's whole order, a chunk at a time (run-order.ts): every kind of chunk it reads (file order is a seek)
        if (key === 'ordinal') continue
        const order = new RunOrder('r1', indexedColumn(key)!, desc)
        while (!order.done) order.extend(spy, 97)
      }
    expect(statements.length).toBeGreaterThan(COLUMN_KEYS.length * 2)
    // every statement over the episodes (the connection's query cache asks SQLite whether anything changed)
    for (const sql of new Set(statements.filter((q) => /FROM episodes/.test(q)))) {
      const params = (sql.match(/\?/g) ?? []).map((_, i) => (i === 0 ? 'r1' : 1))
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ')
      expect(plan, sql).toMatch(/USING (COVERING )?INDEX episodes_run_/)
      // the index is in the order asked: nothing is sorted, not even ties
      expect(plan, sql).not.toMatch(/TEMP B-TREE/)
    }
  })
})

describe('the plan of a pass over one run', () => {
  it('reads a run along its file order when no index covers the filter (the table in storage order)', () => {
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('r1') as { detail: string }[]).map((r) => r.detail).join(' | ')
    // a JSON filter: any (run, …) index costs the same to the planner, which takes the newest: (run, ordinal)
    expect(plan(`SELECT e.rowid FROM episodes e WHERE e.run_id = ? AND json_extract(e.info_json, '$.a') = 1`)).toMatch(
      /USING INDEX episodes_run_ordinal \(run_id=\?\)/
    )
    // a filter an index covers still reads that index alone
    expect(plan(`SELECT e.rowid FROM episodes e WHERE e.run_id = ? AND e.status <> 'ok'`)).toMatch(
      /USING COVERING INDEX episodes_run_(status|task)/
    )
  })
})

describe('listEpisodes', () => {
  const metrics = new Set(['score'])
  const ids = (items: { id: string }[]) => items.map((e) => e.id)

  it('pages a filtered, a metric-sorted and a two-run query from one pass, in the defined order', () => {
    const reward = reference('e.reward', true).filter((_, i) => i >= 0)
    const filtered = db
      .prepare(
        `SELECT e.id FROM episodes e WHERE e.run_id = 'r1' AND e.status <> 'ok' ORDER BY e.reward IS NULL, e.reward DESC, e.ordinal`
      )
      .raw()
      .all()
      .map((r) => (r as [string])[0])
    expect(reward.length).toBe(N)
    const q = { runId: 'r1', filter: 'status != "ok"', sort: 'reward' as const, desc: true, limit: 40 }
    const pages = [0, 40, 80, 120].map((offset) => listEpisodes(db, { ...q, offset }, metrics))
    expect(pages[0].total).toBe(filtered.length)
    expect(pages.flatMap((p) => ids(p.items))).toEqual(filtered.slice(0, 160))

    const byMetric = listEpisodes(db, { runId: 'r2', sort: 'metric:score', offset: 10, limit: 30 }, metrics)
    const metricOrder = db
      .prepare(
        `SELECT e.id FROM episodes e WHERE e.run_id = 'r2'
         ORDER BY json_extract(e.metrics_json, '$.score') IS NULL, json_extract(e.metrics_json, '$.score'), e.ordinal`
      )
      .raw()
      .all()
      .map((r) => (r as [string])[0])
    expect(ids(byMetric.items)).toEqual(metricOrder.slice(10, 40))

    // two runs: the value, then the order the runs were asked in, then file order
    const two = listEpisodes(db, { runId: 'r2', runIds: ['r1'], sort: 'turns', limit: 2 * N }, metrics)
    expect(two.total).toBe(2 * N)
    const keyOf = (e: { turns: number; runId: string; ordinal: number }) => [
      e.turns,
      e.runId === 'r2' ? 0 : 1,
      e.ordinal
    ]
    const keys = two.items.map(keyOf)
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
    expect(keys).toEqual(sorted)
  })

  it('a one-run page along an index gives the same rows as the defined order', () => {
    const all = reference('e.status', true)
    const page = listEpisodes(db, { runId: 'r1', sort: 'status', desc: true, offset: 250, limit: 100 }, metrics)
    const rowids = page.items.map((e) => Number(db.prepare('SELECT rowid FROM episodes WHERE id = ?').raw().get(e.id)))
    expect(rowids).toEqual(all.slice(250, 350))
    expect(page.total).toBe(N)
  })

  it('forgets its cached orders when anything is written, so a page never shows a stale order', () => {
    const q = { runId: 'r1', filter: 'reward == 1', limit: 5 }
    const before = listEpisodes(db, q, metrics)
    expect(queryCacheOf(db).size).toBeGreaterThan(0)
    const first = before.items[0].id
    db.prepare('UPDATE episodes SET reward = 0 WHERE id = ?').run(first)
    const after = listEpisodes(db, q, metrics)
    expect(after.total).toBe(before.total - 1)
    expect(ids(after.items)).not.toContain(first)
    db.prepare('UPDATE episodes SET reward = 1 WHERE id = ?').run(first)
    expect(listEpisodes(db, q, metrics).total).toBe(before.total)
  })
})
