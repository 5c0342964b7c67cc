/**
 * Crashes and concurrent writers, with real processes (issue 17: the checks that held stay under test, and item 5 and
 * 6 with them). `rollscope index` is killed with SIGKILL at seeded points of the listing and of the full-text pass; the
 * database must pass integrity_check, hold whole files only, and after the resume equal a clean index (episodes,
 * full-text rows, labels), the resume reading none of the files the killed job finished. Then several `rollscope
 * index` on one new database, and a CLI index and search beside a live-tailing `serve`.
 *
 * The kill points are seeded (which file, how long after it); where exactly SIGKILL lands inside a file varies with
 * the machine, the assertions do not. Needs the built CLI (npm test builds first).
 */
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import type { IndexReport } from '@contract/model'
import { createEngine } from '../../../src-main/services/engine'
import { createRng } from '../../generators/prng.mjs'
import { requireBuiltCli, runCli, startCli, type Child } from '../../helpers/built-cli'
import { verifiersRow, writeBulkyVerifiersRun } from '../../helpers/verifiers-run'

const RUNS = 6
const rng = createRng('issue-17-crash')
let ws = ''
let runDirs: string[] = []
let reference: Counts
/** The corpus indexed by a clean run (copied, with its -wal, for each test that needs it indexed). */
let referenceDb = ''

interface Counts {
  integrity: string
  episodes: number
  /** Episodes the sources say they hold: equal to `episodes` when every file is all there or not at all. */
  sourceEpisodes: number
  searchRows: number
  pendingSearch: number
}

function counts(dbPath: string): Counts {
  const db = new Database(dbPath, { readonly: true })
  try {
    const one = (sql: string): number => (db.prepare(sql).pluck().get() as number | null) ?? 0
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      episodes: one('SELECT count(*) FROM episodes'),
      sourceEpisodes: one(`SELECT sum(episodes) FROM sources WHERE state = 'indexed'`),
      searchRows: one('SELECT count(*) FROM search_fts'),
      pendingSearch: one(
        `SELECT count(*) FROM sources s LEFT JOIN search_sources m ON m.source_id = s.id
         WHERE s.episodes > 0 AND (m.indexed_at IS NULL OR m.indexed_at != s.indexed_at)`
      )
    }
  } finally {
    db.close()
  }
}

const resultsFiles = (): string[] => runDirs.map((d) => join(d, 'results.jsonl'))
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Polls `dbPath` (read-only) every 5 ms until `ready` says so; fails after `ms`. */
async function pollUntil(dbPath: string, ready: (db: Database.Database) => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms
  for (;;) {
    try {
      const db = new Database(dbPath, { readonly: true, timeout: 50 })
      try {
        if (ready(db)) return
      } finally {
        db.close()
      }
    } catch {
      // not created yet, or busy: look again
    }
    if (Date.now() > end) throw new Error('the job never reached the kill point')
    await sleep(5)
  }
}

async function killHard(child: Child): Promise<void> {
  child.process.kill('SIGKILL')
  const { signal } = await child.done
  expect(signal).toBe('SIGKILL')
}

/** Marks every results.jsonl changed (same bytes, a new mtime): the next index lists them all again. */
function touchAll(seconds: number): number {
  const when = new Date(Date.now() + seconds * 1000)
  for (const f of resultsFiles()) utimesSync(f, when, when)
  return when.getTime()
}

/** Results files whose new version (mtime `mtimeMs`) is committed. */
const listedAt = (db: Database.Database, mtimeMs: number): string[] =>
  (
    db.prepare(`SELECT path, mtime_ms FROM sources WHERE state = 'indexed' AND path LIKE '%results.jsonl'`).all() as {
      path: string
      mtime_ms: number
    }[]
  )
    .filter((r) => Math.abs(r.mtime_ms - mtimeMs) < 1)
    .map((r) => r.path)

/** A database holding the corpus, with 9 labels and 2 notes on episodes across the runs (in-process engine). */
async function labelledDatabase(): Promise<{ db: string; labelled: Map<string, string> }> {
  const db = join(mkdtempSync(join(tmpdir(), 'rs-crash-')), 'app.db')
  // nobody has it open: the file and its write-ahead log are a consistent copy
  copyFileSync(referenceDb, db)
  if (existsSync(`${referenceDb}-wal`)) copyFileSync(`${referenceDb}-wal`, `${db}-wal`)
  const engine = createEngine({ dbPath: db, mode: 'cli', demoPath: null, version: 't', indexer: 'inline' })
  const labelled = new Map<string, string>()
  try {
    const names = ['loop', 'gave up', 'good example']
    for (const run of await engine.api.listRuns()) {
      const page = await engine.api.listEpisodes({ runId: run.id, limit: 5 })
      for (const ep of page.items.slice(0, labelled.size < 9 ? 2 : 0)) {
        if (labelled.size >= 9) break
        const label = names[labelled.size % 3]
        await engine.api.addLabel(ep.id, label, null)
        labelled.set(ep.id, label)
      }
    }
    const [first, second] = labelled.keys()
    await engine.api.setNote(first, 'kept across crashes', null)
    await engine.api.setNote(second, 'and this one', 1)
  } finally {
    await engine.close()
  }
  expect(labelled.size).toBe(9)
  return { db, labelled }
}

/** Every label and note is still on its episode, on the same content (none flagged as made on other content). */
async function expectLabels(db: string, labelled: Map<string, string>): Promise<void> {
  const engine = createEngine({ dbPath: db, mode: 'cli', demoPath: null, version: 't', indexer: 'inline' })
  try {
    const ids = [...labelled.keys()]
    const badges = await engine.api.labelsOfEpisodes(ids)
    expect(badges).toEqual(Object.fromEntries(ids.map((id) => [id, [labelled.get(id)]])))
    const first = await engine.api.getEpisodeLabels(ids[0])
    expect(first).toMatchObject({ note: 'kept across crashes', changed: null })
    expect((await engine.api.getEpisodeLabels(ids[1])).turns).toEqual([{ turn: 1, labels: [], note: 'and this one' }])
  } finally {
    await engine.close()
  }
}

/** The files a job read (listed as indexed). */
const readBy = (report: IndexReport): string[] =>
  report.files
    .filter((f) => f.state === 'indexed')
    .map((f) => f.path)
    .sort()

beforeAll(async () => {
  requireBuiltCli()
  ws = mkdtempSync(join(tmpdir(), 'rs-crash-ws-'))
  runDirs = Array.from({ length: RUNS }, (_, i) =>
    writeBulkyVerifiersRun(ws, `env${i}--model/run${i}`, { tasks: 90, kb: 14, seed: 17 + i })
  )
  referenceDb = join(mkdtempSync(join(tmpdir(), 'rs-crash-ref-')), 'app.db')
  const r = await runCli(['index', ws, '--db', referenceDb, '--json'])
  expect(r.code).toBe(0)
  reference = counts(referenceDb)
  expect(reference).toMatchObject({ integrity: 'ok', episodes: RUNS * 90, sourceEpisodes: RUNS * 90, pendingSearch: 0 })
  expect(reference.searchRows).toBeGreaterThan(RUNS * 90 * 6)
}, 180_000)

describe('kill -9 and resume', () => {
  it('during the listing, at seeded points: whole files only, and the resume reads just the files left', async () => {
    const { db, labelled } = await labelledDatabase()
    for (let round = 1; round <= 2; round++) {
      const mtime = touchAll(round * 10)
      // files the killed job finishes before the kill (about): at least 3 are left, ~50 ms of work on a fast machine
      const k = rng.int(1, RUNS - 3)
      const child = startCli(['index', ws, '--db', db, '--json'])
      let atKill: string[] = []
      await pollUntil(db, (d) => listedAt(d, mtime).length >= k)
      await sleep(rng.int(0, 10))
      await killHard(child)
      const after = counts(db)
      expect(after.integrity).toBe('ok')
      expect(after.episodes).toBe(after.sourceEpisodes) // no file half there
      const probe = new Database(db, { readonly: true })
      atKill = listedAt(probe, mtime)
      probe.close()
      expect(atKill.length).toBeGreaterThanOrEqual(k)
      expect(atKill.length).toBeLessThan(RUNS) // it was killed while listing

      const resumed = await runCli(['index', ws, '--db', db, '--json'])
      expect(resumed.code).toBe(0)
      const report = JSON.parse(resumed.stdout) as IndexReport
      // before issue 17 the resume re-read every finished file (8 of 8 in the report)
      expect(readBy(report)).toEqual(resultsFiles().filter((f) => !atKill.includes(f)))
      expect(counts(db)).toEqual(reference)
    }
    await expectLabels(db, labelled)
  }, 180_000)

  it('during the full-text pass, at seeded points: the resume lists nothing again and finishes the index', async () => {
    const { db, labelled } = await labelledDatabase()
    for (let round = 1; round <= 2; round++) {
      const mtime = touchAll(round * 10 + 100)
      const m = rng.int(1, RUNS - 3) // sources whose full-text rows the killed job finishes
      const child = startCli(['index', ws, '--db', db, '--json'])
      await pollUntil(
        db,
        (d) =>
          listedAt(d, mtime).length === RUNS &&
          (d
            .prepare(
              `SELECT count(*) FROM search_sources m JOIN sources s ON s.id = m.source_id WHERE m.indexed_at = s.indexed_at`
            )
            .pluck()
            .get() as number) >= m
      )
      await sleep(rng.int(0, 10))
      await killHard(child)
      const after = counts(db)
      expect(after.integrity).toBe('ok')
      expect(after.episodes).toBe(reference.episodes)
      expect(after.pendingSearch).toBeGreaterThan(0) // killed inside the pass
      expect(after.pendingSearch).toBeLessThanOrEqual(RUNS - m)

      const resumed = await runCli(['index', ws, '--db', db, '--json'])
      expect(resumed.code).toBe(0)
      const report = JSON.parse(resumed.stdout) as IndexReport
      expect(report.indexed).toBe(0)
      expect(report.search?.sources).toBe(after.pendingSearch)
      expect(counts(db)).toEqual(reference)
    }
    await expectLabels(db, labelled)
  }, 180_000)
})

describe('concurrent writers', () => {
  it('three `rollscope index` on one database: a new one (the migrations race), then all waiting on a writer; all succeed with their JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-two-'))
    const db = join(dir, 'app.db')
    // a new database opened by three processes at once: each migration applied once (before: "duplicate column name")
    const empty = join(dir, 'empty')
    mkdirSync(empty)
    const first = await Promise.all([0, 1, 2].map(() => startCli(['index', empty, '--db', db, '--json']).done))
    expect(first.map((d) => d.code)).toEqual([0, 0, 0])

    // another process indexes the database (this test's own, as `rollscope serve`): three jobs start and wait for it
    const holder = new Database(db)
    holder.pragma('busy_timeout = 5000')
    holder
      .prepare(
        `INSERT INTO writer_lock (role, token, pid, host, start, what, since, seen)
         VALUES ('holder', 'test', ?, ?, NULL, 'rollscope serve', ?, ?)`
      )
      .run(process.pid, hostname(), Date.now(), Date.now())
    const children = [0, 1, 2].map((i) =>
      startCli(['index', runDirs[2 * i], runDirs[2 * i + 1], '--db', db, '--json'], { ROLLSCOPE_DEBUG: '1' })
    )
    try {
      await vitestWait(
        () => children.every((c) => c.stderr().includes(`waiting for PID ${process.pid} (rollscope serve)`)),
        60_000
      )
    } finally {
      holder.prepare(`DELETE FROM writer_lock WHERE token = 'test'`).run()
      holder.close()
    }
    const done = await Promise.all(children.map((c) => c.done))
    // before: the later ones exited 1 ("constraint failed": two full-text passes over the same sources), no JSON
    const said = children
      .map(
        (c, i) =>
          `index ${i}, exit ${done[i].code}:\n${c.stderr().slice(-3000)}\n${
            c
              .stdout()
              .match(/"state": "error"[^}]*/g)
              ?.join('\n') ?? ''
          }`
      )
      .join('\n')
    expect(
      done.map((d) => d.code),
      said
    ).toEqual([0, 0, 0])
    const reports = children.map((c) => JSON.parse(c.stdout()) as IndexReport)
    expect(reports.map((r) => r.indexed)).toEqual([2, 2, 2])
    // each waited: for the test's lock, or for one of the others that got the database before it
    for (const r of reports) expect(['rollscope serve', 'rollscope index']).toContain(r.waited?.holder.what)
    expect(counts(db)).toEqual(reference)
  }, 180_000)

  it('a CLI index and search beside a live-tailing `serve`: the CLI waits its turn, serve keeps answering, search finds both', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'rs-serve-')), 'app.db')
    const live = join(ws, '..', `${ws.split('/').pop()}-live`)
    mkdirSync(join(live, 'tail--model', 'run'), { recursive: true })
    const liveFile = join(live, 'tail--model', 'run', 'results.jsonl')
    writeFileSync(liveFile, verifiersRow(0, 1, ' zebracorn') + '\n')
    writeFileSync(join(live, 'tail--model', 'run', 'metadata.json'), JSON.stringify({ env: 'tail', model: 'tail' }))
    const serve = startCli(['serve', live, runDirs[0], '--port', '0', '--db', db])
    try {
      await vitestWait(() => /serving at (http:\/\/127\.0\.0\.1:\d+)\/\?token=([0-9a-f]+)/.test(serve.stdout()), 30_000)
      const [, base, token] = /serving at (http:\/\/127\.0\.0\.1:\d+)\/\?token=([0-9a-f]+)/.exec(serve.stdout())!
      const call = async <T>(method: string, ...args: unknown[]): Promise<T> => {
        const res = await fetch(`${base}/api/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-rollscope-token': token },
          body: JSON.stringify(args)
        })
        const body = (await res.json()) as { ok: boolean; value: T; error?: unknown }
        if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
        return body.value
      }
      await vitestWait(async () => (await call<{ state: string }>('getProgress')).state === 'done', 60_000)

      // the eval under `live` appends a record every 60 ms while a CLI indexes other runs into the same database
      let appended = 0
      const tail = setInterval(() => appendFileSync(liveFile, verifiersRow(++appended, 0, ' zebracorn') + '\n'), 60)
      const cli = startCli(['index', runDirs[1], runDirs[2], '--db', db, '--json'])
      let answered = 0
      while ((await Promise.race([cli.done.then(() => 'done'), sleep(100).then(() => 'tick')])) === 'tick') {
        await call('listRuns') // serve answers while both write
        answered++
      }
      clearInterval(tail)
      const { code } = await cli.done
      expect(code).toBe(0)
      const report = JSON.parse(cli.stdout()) as IndexReport
      expect(report.indexed).toBe(2)
      expect(answered).toBeGreaterThan(0)

      // serve's tail catches up with every appended record; the CLI's runs are there too
      await vitestWait(async () => {
        const runs = await call<{ name: string; episodes: number }[]>('listRuns')
        return runs.length === 4 && runs.some((r) => r.episodes === appended + 1)
      }, 30_000)
      // search through serve and through the CLI: the tailed records and the CLI's runs are both found
      const viaServe = await call<{ total: number }>('search', 'zebracorn')
      expect(viaServe.total).toBeGreaterThanOrEqual(appended + 1)
      await vitestWait(async () => (await call<{ state: string }>('getProgress')).state === 'done', 60_000)
      const viaCli = await runCli(['search', 'observation', '--db', db, '--json'])
      expect(viaCli.code).toBe(0)
      expect(JSON.parse(viaCli.stdout).total).toBeGreaterThan(0)
    } finally {
      serve.process.kill('SIGTERM')
      await serve.done
    }
    const after = counts(db)
    expect(after.integrity).toBe('ok')
    expect(after.episodes).toBe(after.sourceEpisodes)
    expect(readdirSync(join(live, 'tail--model', 'run')).sort()).toEqual(['metadata.json', 'results.jsonl'])
  }, 180_000)
})

/** Waits until `ready` holds (polled every 50 ms), else fails after `ms`. */
async function vitestWait(ready: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`not ready within ${ms / 1000} s`)
    await sleep(50)
  }
}
