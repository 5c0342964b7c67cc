/**
 * Migration 0021 and the rows it rebuilds: a turn's full-text row now holds the error its producer recorded (Inspect's
 * `timeout` / `permission` of a tool result, shown by the viewer but not searchable before) and a SWE-agent
 * demonstration turn no longer starts with Rollscope's `[demonstration]` line. The migration empties the index and
 * marks every source pending; the next pass writes every row again. Run on a database indexed from real files.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { runJob } from '../../../src-main/indexer/index-job'
import { ProgressTracker } from '../../../src-main/indexer/progress-tracker'
import { buildSearchIndex, EPISODE_SHIFT } from '../../../src-main/search/build-search-index'
import { fixture } from '../../helpers/fixtures-path'

const TOOL_ERRORS = fixture('inspect-ai/log_tool_call_error.json')

let dir: string
let db: Db
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-mig21-'))
  db = openDb(join(dir, 'app.db'))
  runJob(
    db,
    {
      type: 'index',
      roots: [fixture('swe-agent/v0.x'), fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini'), TOOL_ERRORS],
      scope: 'added',
      force: false
    },
    { isCancelled: () => false, tracker: new ProgressTracker(() => {}), onChanged: () => {} }
  )
})
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Full-text rows per source format, and how many sources the pass has done. */
function state(): { rows: Record<string, number>; done: number } {
  const formatOf = new Map(
    (
      db.prepare('SELECT e.rowid, s.format FROM episodes e JOIN sources s ON s.id = e.source_id').raw().all() as [
        number,
        string
      ][]
    ).map(([id, f]) => [id, f])
  )
  const rows: Record<string, number> = {}
  for (const id of db.prepare('SELECT id FROM search_fts_docsize').pluck().all() as number[]) {
    const f = formatOf.get(Math.floor(id / EPISODE_SHIFT)) ?? '?'
    rows[f] = (rows[f] ?? 0) + 1
  }
  const done = db
    .prepare(
      'SELECT count(*) FROM search_sources m JOIN sources s ON s.id = m.source_id WHERE m.indexed_at = s.indexed_at'
    )
    .pluck()
    .get() as number
  return { rows, done }
}

/** Rows of the Inspect tool-error log that match a word. */
function inspectRowsMatching(word: string): number {
  const episodes = db
    .prepare(`SELECT e.rowid FROM episodes e JOIN sources s ON s.id = e.source_id WHERE s.path = ?`)
    .pluck()
    .all(TOOL_ERRORS) as number[]
  const hits = db
    .prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ?')
    .pluck()
    .all(`text : ${word}`) as number[]
  return hits.filter((id) => episodes.includes(Math.floor(id / EPISODE_SHIFT))).length
}

describe('migration 0021 and the rows it rebuilds', () => {
  it('an Inspect tool result’s error is searchable (its text is only "...")', () => {
    expect(inspectRowsMatching('timeout')).toBeGreaterThan(0)
    expect(inspectRowsMatching('permission')).toBeGreaterThan(0)
  })

  it('empties the index and marks every source pending; the next pass writes the same rows again', () => {
    const before = state()
    expect(Object.keys(before.rows).sort()).toEqual(['inspect', 'swe-agent', 'verifiers'])
    expect(before.done).toBe(3)

    MIGRATIONS.find((m) => m.version === 21)!.up(db)
    expect(state()).toEqual({ rows: {}, done: 0 })

    const pass = buildSearchIndex(db, { isCancelled: () => false })
    expect(pass.sources).toBe(3)
    expect(state()).toEqual(before)
    expect(inspectRowsMatching('timeout')).toBeGreaterThan(0)
  })
})
