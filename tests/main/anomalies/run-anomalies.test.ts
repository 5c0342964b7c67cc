import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { runLimits } from '../../../src-main/anomalies/run-limits'
import { migrate } from '../../../src-main/db/migrate'
import { MIGRATIONS } from '../../../src-main/db/migrations'
import { refreshRunAnomalies } from '../../../src-main/db/run-anomalies-sql'

describe('runLimits', () => {
  it('short-success below half the median of passed steps; long above max(3 × median, Q3 + 3 IQR)', () => {
    const turns = [4, 4, 5, 5, 6, 6, 6, 7, 8, 40]
    expect(runLimits(turns, [6, 6, 8, 8, 10])).toEqual({ shortBelow: 4, longAbove: 18 })
  })
  it('needs enough episodes to judge', () => {
    expect(runLimits([1, 2, 3], [1, 2])).toEqual({ shortBelow: null, longAbove: null })
  })
})

describe('refreshRunAnomalies', () => {
  const setup = () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS)
    db.prepare(
      `INSERT INTO sources (id, path, root, size, mtime_ms, format, state) VALUES (1, '/x', '/', 1, 1, 'verifiers', 'indexed')`
    ).run()
    db.prepare(
      `INSERT INTO runs (id, run_key, source_id, name, format, source_path, updated_at) VALUES ('r', '/x', 1, 'r', 'verifiers', '/x', 0)`
    ).run()
    const add = db.prepare(
      `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, reward, status, turns, steps, preview, byte_offset, byte_length, anomalies_json)
       VALUES (?, 'r', ?, ?, 'explicit', 'h', ?, 'ok', ?, ?, '', 0, 0, ?)`
    )
    // 10 episodes of ~10 steps, passed ones at 10; e11 passes in 2 steps; e12 runs 60 steps and already had a loop.
    // Steps, not messages: the messages are twice the steps plus the prompt, and never decide.
    const rows: [number, number, string | null][] = [
      ...Array.from({ length: 9 }, (_, i): [number, number, string | null] => [i % 2, 10 + (i % 3), null]),
      [1, 10, null],
      [1, 10, null],
      [1, 2, null],
      [0, 60, '["loop"]']
    ]
    rows.forEach(([reward, steps, a], i) => add.run(`e${i}`, i, `t${i}`, reward, 2 * steps + 1, steps, a))
    // an episode whose steps are unknown is not judged, however long its transcript
    db.prepare(
      `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, prompt_hash, reward, status, turns, steps, preview, byte_offset, byte_length)
       VALUES ('e13', 'r', 13, 't13', 'explicit', 'h', 1, 'ok', 500, NULL, '', 0, 0)`
    ).run()
    return db
  }
  const codes = (db: Database.Database) =>
    Object.fromEntries(
      (
        db
          .prepare(`SELECT id, anomalies_json a FROM episodes WHERE anomalies_json IS NOT NULL ORDER BY ordinal`)
          .all() as { id: string; a: string }[]
      ).map((r) => [r.id, JSON.parse(r.a)])
    )

  it('adds short-success and long-episode, keeps index-time codes, and drops stale run codes on the next refresh', () => {
    const db = setup()
    refreshRunAnomalies(db, 'r', 0.5)
    expect(codes(db)).toEqual({ e11: ['short-success'], e12: ['loop', 'long-episode'] })
    // with a threshold nothing passes: no short success any more, and the stale code goes
    refreshRunAnomalies(db, 'r', 2)
    expect(codes(db)).toEqual({ e12: ['loop', 'long-episode'] })
  })
})
