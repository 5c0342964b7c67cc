/**
 * Migration 0021: the full-text rows of SWE-agent episodes (cut from a text that began with Rollscope's
 * `[demonstration]` line) go and their sources become pending; the next pass writes them again, and the rows of
 * other formats stay as they were. Run on a database indexed from real files (a SWE-agent 0.x trajectory, a
 * verifiers run).
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

let dir: string
let db: Db
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rs-mig21-'))
  db = openDb(join(dir, 'app.db'))
  runJob(
    db,
    {
      type: 'index',
      roots: [fixture('swe-agent/v0.x'), fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini')],
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

/** Full-text rows per source format, and the formats whose sources the pass has done. */
function state(): { rows: Record<string, number>; done: string[] } {
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
  const done = (
    db
      .prepare(
        `SELECT DISTINCT s.format FROM search_sources m JOIN sources s ON s.id = m.source_id
         WHERE m.indexed_at = s.indexed_at ORDER BY s.format`
      )
      .pluck()
      .all() as string[]
  ).filter(Boolean)
  return { rows, done }
}

describe('migration 0021', () => {
  it('drops the SWE-agent rows only, marks their sources pending, and the next pass writes them again', () => {
    const before = state()
    expect(before.done).toEqual(['swe-agent', 'verifiers'])
    expect(before.rows['swe-agent']).toBeGreaterThan(10)
    expect(before.rows.verifiers).toBeGreaterThan(10)

    MIGRATIONS.find((m) => m.version === 21)!.up(db)
    const after = state()
    expect(after.rows).toEqual({ verifiers: before.rows.verifiers })
    expect(after.done).toEqual(['verifiers'])

    const pass = buildSearchIndex(db, { isCancelled: () => false })
    expect(pass.sources).toBe(1)
    expect(state()).toEqual(before)
  })
})
