/**
 * Task keys and rollout numbers (db/assign-task-keys.ts) as a run grows file by file: each settle gives every episode
 * the key the whole run calls for (the producer's id while it identifies tasks, the content once it does not, the
 * answer for a game), and writes only the rows whose key or number changes: settling a run again that gained
 * nothing rewrites no episode (a 500-step run is settled many times while it is listed).
 */
import Database from 'better-sqlite3'
import { beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { assignTaskKeys } from '../../../src-main/db/assign-task-keys'

let db: Database.Database
let ordinal = 0
beforeEach(() => {
  db = new Database(':memory:')
  migrate(db)
  ordinal = 0
  db.exec(`INSERT INTO sources (id, path, root, size, mtime_ms, format, state) VALUES (1, '/a', '/', 1, 5, 'verifiers', 'indexed');
    INSERT INTO runs (id, run_key, source_id, name, format, source_path, updated_at, pass_threshold_default)
      VALUES ('r', '/a', 1, 'one', 'verifiers', '/a', 0, 0.5)`)
})

/** Adds an episode as the indexer writes it: keyed by its id for now, rollout 0, no rollout given. */
function add(ref: string | null, prompt: string, answer: string | null, step: number | null = null): void {
  const n = ordinal++
  db.prepare(
    `INSERT INTO episodes (id, run_id, ordinal, task_key, task_key_kind, source_ref, prompt_hash, answer, status, turns,
       preview, byte_offset, byte_length, source_id, step, rollout, rollout_given)
     VALUES (?, 'r', ?, ?, 'explicit', ?, ?, ?, 'ok', 1, '', 0, 1, 1, ?, 0, 0)`
  ).run(`e${n}`, n, ref ?? `#${n}`, ref, prompt.padEnd(16, '0'), answer, step)
}

const keys = () =>
  db.prepare('SELECT task_key, task_key_kind, rollout FROM episodes ORDER BY ordinal').raw().all() as [
    string,
    string,
    number
  ][]

/** Rows assignTaskKeys wrote (SQLite's change counter around it). */
function settle(): { warnings: string[]; written: number } {
  const before = db.prepare('SELECT total_changes()').pluck().get() as number
  const warnings = assignTaskKeys(db, 'r')
  return { warnings, written: (db.prepare('SELECT total_changes()').pluck().get() as number) - before }
}

describe('assignTaskKeys as a run grows', () => {
  it('keys by the producer id while it identifies tasks, then by content; rewrites only what changes', () => {
    add('t1', 'aaaa', '1')
    add('t1', 'aaaa', '1')
    add('t2', 'bbbb', '2')
    expect(settle().written).toBe(1) // the second rollout of t1 is numbered; the keys were already the ids
    expect(keys()).toEqual([
      ['t1', 'explicit', 0],
      ['t1', 'explicit', 1],
      ['t2', 'explicit', 0]
    ])
    expect(settle().written).toBe(0)

    // a new file: one more rollout of t2
    add('t2', 'bbbb', '2')
    expect(settle().written).toBe(1)
    expect(keys()[3]).toEqual(['t2', 'explicit', 1])

    // an id that covers two prompts: the run is keyed by prompt from now on, every episode
    add('t1', 'cccc', '3')
    const { warnings, written } = settle()
    expect(warnings[0]).toMatch(/id t1 covers 2 different prompts/)
    expect(written).toBe(5)
    expect(keys()).toEqual([
      ['p:aaaa00000000', 'prompt_hash', 0],
      ['p:aaaa00000000', 'prompt_hash', 1],
      ['p:bbbb00000000', 'prompt_hash', 0],
      ['p:bbbb00000000', 'prompt_hash', 1],
      ['p:cccc00000000', 'prompt_hash', 0]
    ])
    expect(settle().written).toBe(0)

    // one prompt, two answers: that prompt's episodes take the answer too, the others are left alone
    add('t9', 'aaaa', '9')
    expect(settle().written).toBe(3)
    expect(keys().map((k) => k[0])).toEqual([
      'p:aaaa00000000:1',
      'p:aaaa00000000:1',
      'p:bbbb00000000',
      'p:bbbb00000000',
      'p:cccc00000000',
      'p:aaaa00000000:9'
    ])
    expect(settle().written).toBe(0)
  })

  it('keys a game (one prompt, many answers) by its answer, and an episode without one by its prompt', () => {
    add(null, 'same', 'crane', 0)
    add(null, 'same', 'crane', 0)
    add(null, 'same', 'slate', 1)
    add(null, 'same', null, 1)
    expect(settle().written).toBe(5) // four keys, and the second rollout of crane at step 0
    expect(keys()).toEqual([
      ['answer:crane', 'answer', 0],
      ['answer:crane', 'answer', 1],
      ['answer:slate', 'answer', 0],
      ['p:same00000000', 'prompt_hash', 0]
    ])
    expect(settle().written).toBe(0)
  })
})
