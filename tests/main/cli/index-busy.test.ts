/**
 * `rollscope index` on a database another process is indexing (issue 17 item 5): with a bound it gives up with a
 * clear message naming the process, exit 1, and `--json` still prints its document. (That it waits and then
 * succeeds takes two processes: tests/main/integration/crash-and-concurrency.test.ts.)
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IndexReport } from '@contract/model'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { acquireWriterLock } from '../../../src-main/indexer/writer-lock'
import { captureCli } from '../../helpers/capture-cli'
import { writeVerifiersRun } from '../../helpers/verifiers-run'

let dir = ''
const cli = captureCli(() => join(dir, 'app.db'))
let other: Db | null = null
afterEach(() => {
  other?.close()
  other = null
})

/** Another process's job on the database: a second connection holding the writer lock as `rollscope serve`. */
function heldBy(what: string): () => void {
  other = openDb(join(dir, 'app.db'))
  const lock = acquireWriterLock(other, what, 0, { isCancelled: () => false, onWait: () => undefined })
  if (lock.kind !== 'held') throw new Error('the lock should be free')
  return lock.release
}

describe('rollscope index while another process indexes the database', () => {
  it('gives up after --wait, names the process, exits 1, and --json prints the report with busy', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-busy-'))
    const run = writeVerifiersRun(dir, 'env--model/run1')
    const release = heldBy('rollscope serve')
    const r = await cli('index', run, '--wait', '0', '--json')
    expect(r.code).toBe(1)
    const report = JSON.parse(r.stdout) as IndexReport
    expect(report.busy).toMatchObject({ holder: { pid: process.pid, what: 'rollscope serve' } })
    expect(report.files).toEqual([])
    expect(r.stderr).toContain(`rollscope: the database is being indexed by PID ${process.pid} (rollscope serve)`)
    expect(r.stderr).toContain('give --wait SECONDS to wait longer, or use another --db')
    // the text form says the same and prints no table
    const text = await cli('index', run, '--wait', '0')
    expect(text).toMatchObject({ code: 1, stdout: '' })
    expect(text.stderr).toMatch(/being indexed by PID \d+ \(rollscope serve\), since \d\d:\d\d:\d\d; gave up/)

    release()
    const after = await cli('index', run, '--json')
    expect(after.code).toBe(0)
    const done = JSON.parse(after.stdout) as IndexReport
    expect(done.busy).toBeUndefined()
    expect(done.waited).toBeUndefined()
    expect(done.indexed).toBe(1)
  })

  it('refuses a --wait that is not a number of seconds', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-busy-'))
    const r = await cli('index', dir, '--wait', 'soon')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("--wait must be an integer from 0 to 604800, got 'soon'")
  })
})
