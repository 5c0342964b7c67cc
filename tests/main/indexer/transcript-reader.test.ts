/**
 * The full-text pass with its transcripts read on a thread of their own (transcript-reader.ts) writes the very index
 * the pass makes reading on the writer's thread, and a reader that cannot start or fails leaves the pass to go on
 * inline from the last batch written. The reader thread is the built `out/main/transcript-reader-worker.js` (`npm test`
 * builds first; alone: `npx electron-vite build`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { runJob } from '../../../src-main/indexer/index-job'
import { ProgressTracker } from '../../../src-main/indexer/progress-tracker'
import { restOf, threadedRowBatches, type ReaderOptions } from '../../../src-main/indexer/transcript-reader'
import type { RowBatchSource } from '../../../src-main/search/build-search-index'
import type { RowBatch } from '../../../src-main/search/row-batch'
import { FIXTURES } from '../../helpers/fixtures-path'
import { writeLongLine } from '../../generators/hostile-inputs.mjs'
import { CHUNK_CHARS } from '../../../src-main/search/search-rows'
import { chatRecord } from '../../helpers/chat-record'

const BUILT = resolve(import.meta.dirname, '../../../out/main/transcript-reader-worker.js')

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'rs-reader-'))
  dirs.push(d)
  return d
}

/** Indexes the shared fixtures (every format) into a fresh database file, reading the pass's rows as told. */
function indexFixtures(rowBatches?: RowBatchSource): {
  db: Db
  search: NonNullable<ReturnType<typeof runJob>['search']>
} {
  const db = openDb(join(tempDir(), 'app.db'))
  const report = runJob(
    db,
    { type: 'index', roots: [FIXTURES], scope: 'added', force: false },
    { isCancelled: () => false, tracker: new ProgressTracker(() => {}), onChanged: () => {}, rowBatches }
  )
  if (!report.search) throw new Error('no full-text pass')
  return { db, search: report.search }
}

/** Each test indexes every shared fixture twice or more: seconds alone, a minute or two on a busy machine. */
const SLOW = 240_000

/** The whole full-text index as stored (segments, sizes, progress markers). */
function dump(db: Db): unknown {
  return {
    data: db.prepare('SELECT id, block FROM search_fts_data ORDER BY id').raw().all(),
    docsize: db.prepare('SELECT id, sz FROM search_fts_docsize ORDER BY id').raw().all(),
    // done: the marker holds the listing's time of the source (each database has its own)
    sources: db
      .prepare(
        `SELECT m.source_id, m.last_rowid, m.indexed_at = s.indexed_at FROM search_sources m
         JOIN sources s ON s.id = m.source_id ORDER BY m.source_id`
      )
      .raw()
      .all()
  }
}

const fast: ReaderOptions = { minBytes: 0, startStallMs: 3000, stallMs: 3000 }

describe('the full-text pass read on a thread of its own', () => {
  it(
    'writes the index the inline pass writes',
    () => {
      expect(existsSync(BUILT), `${BUILT} is missing: run \`npx electron-vite build\``).toBe(true)
      const inline = indexFixtures()
      const logs: string[] = []
      const threaded = indexFixtures(threadedRowBatches(BUILT, { ...fast, log: (m) => logs.push(m) }))
      expect(logs).toEqual([])
      expect(inline.search.readerCpuSeconds).toBeNull()
      expect(threaded.search.readerCpuSeconds).toBeGreaterThan(0)
      expect(threaded.search.rows).toBeGreaterThan(1000)
      const counts = (r: typeof inline.search): unknown => [r.sources, r.episodes, r.rows, r.chars, r.cancelled]
      expect(counts(threaded.search)).toEqual(counts(inline.search))
      expect(threaded.search.cpuSeconds).toBeGreaterThan(0)
      expect(dump(threaded.db)).toEqual(dump(inline.db))
      inline.db.close()
      threaded.db.close()
    },
    SLOW
  )

  it(
    'reads inline when the pass is small',
    () => {
      const logs: string[] = []
      const { db, search } = indexFixtures(threadedRowBatches(BUILT, { log: (m) => logs.push(m) }))
      expect(search.readerCpuSeconds).toBeNull() // the fixtures are a few MB: below THREAD_MIN_BYTES
      expect(search.rows).toBeGreaterThan(1000)
      expect(logs).toEqual([])
      db.close()
    },
    SLOW
  )

  it(
    'goes on inline when the reader cannot start or fails, with the same index',
    () => {
      const inline = indexFixtures()
      const dir = tempDir()
      const broken = join(dir, 'broken.mjs')
      writeFileSync(broken, `throw new Error('no reader here')\n`)
      // a reader that says it failed at once, as the real one does when reading throws
      const failing = join(dir, 'failing.mjs')
      writeFileSync(
        failing,
        `import { workerData } from 'node:worker_threads'
       const flags = new Int32Array(workerData.shared)
       workerData.port.postMessage({ type: 'failed', message: 'disk on fire' })
       Atomics.add(flags, 0, 1)
       Atomics.notify(flags, 0)
      `
      )
      for (const [file, said] of [
        [broken, 'did not start'],
        [failing, 'disk on fire']
      ]) {
        const logs: string[] = []
        const { db, search } = indexFixtures(
          threadedRowBatches(file, { ...fast, startStallMs: 1500, log: (m) => logs.push(m) })
        )
        expect(logs).toEqual([`full-text reader thread: ${said}; reading on in the indexer thread`])
        expect(search.readerCpuSeconds).toBeNull()
        expect(search.rows).toBe(inline.search.rows)
        expect(dump(db)).toEqual(dump(inline.db))
        db.close()
      }
      inline.db.close()
    },
    SLOW
  )

  it(
    'goes on inline when the reader runs out of its bounded heap mid-pass, with the same index',
    () => {
      const inline = indexFixtures()
      // a reader that starts (one beat), then holds more than its old generation may: V8 ends its thread, and no
      // message or beat comes again
      const greedy = join(tempDir(), 'greedy.mjs')
      writeFileSync(
        greedy,
        `import { workerData } from 'node:worker_threads'
       const flags = new Int32Array(workerData.shared)
       Atomics.add(flags, 3, 1)
       const kept = []
       for (;;) kept.push(new Array(100000).fill(kept.length))
      `
      )
      const logs: string[] = []
      const { db, search } = indexFixtures(
        threadedRowBatches(greedy, { ...fast, oldGenerationMb: 16, log: (m) => logs.push(m) })
      )
      expect(logs).toEqual(['full-text reader thread: stopped answering; reading on in the indexer thread'])
      expect(search.rows).toBe(inline.search.rows)
      expect(dump(db)).toEqual(dump(inline.db))
      db.close()
      inline.db.close()
    },
    SLOW
  )
})

describe('a record too big for the reader thread', () => {
  it(
    'is read by the writer with the rest of its file, and a new reader goes on after it: the same rows',
    () => {
      const dir = tempDir()
      const files = join(dir, 'files')
      mkdirSync(files)
      writeFileSync(
        join(files, 'a.jsonl'),
        [1, 2, 3].map((i) => chatRecord(`a${i}`, `first file ${i}`)).join('\n') + '\n'
      )
      // a 17 MB record (over BOUNDED_THREAD_READ_BYTES), then an ordinary one
      writeLongLine(join(files, 'b.jsonl'), { mb: 17 })
      writeFileSync(join(files, 'c.jsonl'), [1, 2].map((i) => chatRecord(`c${i}`, `last file ${i}`)).join('\n') + '\n')
      // the real reader, counting its starts
      const starts = join(dir, 'starts.txt')
      const counting = join(dir, 'counting-reader.mjs')
      writeFileSync(
        counting,
        `import { appendFileSync } from 'node:fs'\nappendFileSync(${JSON.stringify(starts)}, 'x')\nawait import(${JSON.stringify(BUILT)})\n`
      )
      const index = (name: string, rowBatches?: RowBatchSource) => {
        const db = openDb(join(dir, `${name}.db`))
        const report = runJob(
          db,
          { type: 'index', roots: [files], scope: 'added', force: false },
          { isCancelled: () => false, tracker: new ProgressTracker(() => {}), onChanged: () => {}, rowBatches }
        )
        const count = db.prepare('SELECT count(*) FROM search_fts WHERE search_fts MATCH ?').pluck()
        const out = {
          ids: db.prepare('SELECT id FROM search_fts_docsize ORDER BY id').pluck().all(),
          matches: ['first', 'lorem', 'last'].map((w) => count.get(`text : ${w}`) as number),
          done: db
            .prepare(
              'SELECT count(*) FROM search_sources m JOIN sources s ON s.id = m.source_id WHERE m.indexed_at = s.indexed_at'
            )
            .pluck()
            .get()
        }
        db.close()
        return { search: report.search!, out }
      }
      const inline = index('inline')
      const logs: string[] = []
      const threaded = index('threaded', threadedRowBatches(counting, { ...fast, log: (m) => logs.push(m) }))
      expect(logs).toEqual([])
      // the long record's ~1,000 rows of CHUNK_CHARS each
      expect(inline.out.matches).toEqual([3, expect.any(Number), 2])
      expect(inline.out.matches[1]).toBeGreaterThan(17_000_000 / CHUNK_CHARS - 10)
      expect(threaded.out).toEqual(inline.out)
      expect(threaded.out.done).toBe(3)
      // one reader for a.jsonl (it stopped before b's first record), one after b, read by the writer
      expect(readFileSync(starts, 'utf8')).toBe('xx')
      expect(threaded.search.readerCpuSeconds).toBeGreaterThan(0)
      expect([threaded.search.rows, threaded.search.chars]).toEqual([inline.search.rows, inline.search.chars])
    },
    SLOW
  )
})

describe('restOf: where the pass goes on after the last batch written', () => {
  const plan = [
    { sourceId: 1, afterRowid: 0 },
    { sourceId: 4, afterRowid: 10 },
    { sourceId: 6, afterRowid: 0 }
  ]
  const batch = (sourceId: number, lastRowid: number, sourceDone: boolean): RowBatch =>
    ({ sourceId, lastRowid, sourceDone }) as RowBatch

  it('from the start, after a source done, or from inside a source', () => {
    expect(restOf(plan, null)).toEqual(plan)
    expect(restOf(plan, batch(1, 30, true))).toEqual(plan.slice(1))
    expect(restOf(plan, batch(4, 25, false))).toEqual([{ sourceId: 4, afterRowid: 25 }, plan[2]])
    expect(restOf(plan, batch(6, 90, true))).toEqual([])
  })

  it('from the row after the last one written, when that batch stopped inside an episode', () => {
    const inside = { ...batch(4, 25, false), openEpisode: { rowid: 26, rows: 40 } }
    expect(restOf(plan, inside)).toEqual([{ sourceId: 4, afterRowid: 25, open: { rowid: 26, rows: 40 } }, plan[2]])
  })
})
