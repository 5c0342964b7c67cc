/**
 * A results file rewritten in place while the index reads it (a benchmark writing its results.jsonl again): what
 * was read would be part one version and part the other, stored as indexed without a word (a security pass found a
 * run of 1,822 old and 23,177 new episodes, headline 7.3% pass, which neither version had). The job reads such a
 * file again; rewritten during that read too, it says so.
 */
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { rewrittenWhileRead, runJob } from '../../../src-main/indexer/index-job'
import { ProgressTracker } from '../../../src-main/indexer/progress-tracker'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const LINES = 20_000
const row = (i: number, reward: 0 | 1): string =>
  JSON.stringify({ id: `t${i}`, reward, messages: [{ role: 'user', content: `task ${i} ${'x'.repeat(120)}` }] })
const version = (reward: 0 | 1): string => Array.from({ length: LINES }, (_, i) => row(i, reward)).join('\n') + '\n'

/** Rewrites the file in place, same size, rewards flipped (as its writer would, through the same inode). */
function rewriteInPlace(path: string, reward: 0 | 1): void {
  const fd = openSync(path, 'r+')
  writeSync(fd, version(reward), 0)
  closeSync(fd)
}

/** Indexes `file`'s folder inline; `midway` runs once the reading of `file` has passed half of it, each read. */
function indexRewriting(file: string, midway: (readNumber: number) => void): { db: Db; warnings: string[] } {
  const db = openDb(join(mkdtempSync(join(tmpdir(), 'rs-rewrite-db-')), 'app.db'))
  const size = readFileSync(file).length
  let reads = 0
  let armed = true
  const tracker = new ProgressTracker((p) => {
    if (p.currentFile !== file) return
    // bytesDone counts from this read's start: half of the file read past the bytes of earlier reads
    const done = p.bytesDone - (reads - 1) * size
    if (p.state === 'indexing' && done <= 0) armed = true
    if (armed && done > size / 2 && done < size) {
      armed = false
      midway(reads)
    }
  }, 0)
  const tick = tracker.tick.bind(tracker)
  tracker.tick = (force) => {
    if (tracker.p.currentFile === file && tracker.p.bytesDone % size === 0) reads = tracker.p.bytesDone / size + 1
    tick(force)
  }
  const report = runJob(
    db,
    { type: 'index', roots: [join(file, '..')], scope: 'added', force: false },
    { isCancelled: () => false, tracker, onChanged: () => {} }
  )
  return { db, warnings: report.files.find((f) => f.path === file)?.warnings ?? [] }
}

const rewards = (db: Db): { n: number; sum: number } =>
  db.prepare('SELECT count(*) n, total(reward) sum FROM episodes').get() as { n: number; sum: number }

describe('a file rewritten while it is read', () => {
  it('is read again: its episodes are one version of it, not half of each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-rewrite-'))
    dirs.push(dir)
    const file = join(dir, 'results.jsonl')
    writeFileSync(file, version(1))
    const { db, warnings } = indexRewriting(file, (n) => n === 1 && rewriteInPlace(file, 0))
    expect(rewards(db)).toEqual({ n: LINES, sum: 0 }) // the new version whole (before: ~10,000 of each)
    expect(warnings).toEqual([])
  })

  it('rewritten during the second read too: kept as read, with a warning saying so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-rewrite-'))
    dirs.push(dir)
    const file = join(dir, 'results.jsonl')
    writeFileSync(file, version(1))
    const { db, warnings } = indexRewriting(file, (n) => rewriteInPlace(file, n % 2 === 1 ? 0 : 1))
    expect(rewards(db).n).toBe(LINES)
    expect(warnings).toEqual([expect.stringMatching(/^rewritten while it was read, twice: .* read again at the next/)])
    const stored = db.prepare('SELECT warnings_json FROM sources WHERE path = ?').pluck().get(file) as string
    expect(JSON.parse(stored)).toEqual(warnings)
  })

  it('a file that only grew is an append, read on at the next pass; one that shrank or kept its size is not', () => {
    const before = { size: 100, mtimeMs: 1 }
    expect(rewrittenWhileRead(before, { size: 150, mtimeMs: 2 })).toBe(false)
    expect(rewrittenWhileRead(before, { size: 100, mtimeMs: 2 })).toBe(true)
    expect(rewrittenWhileRead(before, { size: 40, mtimeMs: 2 })).toBe(true)
    expect(rewrittenWhileRead(before, { size: 100, mtimeMs: 1 })).toBe(false)
    expect(rewrittenWhileRead(before, null)).toBe(false)
  })
})
