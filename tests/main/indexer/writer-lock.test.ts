/**
 * The writer lock (issue 17 item 5): one index job at a time per database. Two connections on one file stand for
 * two processes; a dead process's row is taken over; the first waiter goes before a host that asks again.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../../src-main/db/open-db'
import { acquireWriterLock, currentWriter, type LockOutcome } from '../../../src-main/indexer/writer-lock'
import { HOST } from '../../../src-main/indexer/process-alive'

const open: Db[] = []
afterEach(() => {
  for (const db of open.splice(0)) db.close()
})

function twoConnections(): [Db, Db] {
  const path = join(mkdtempSync(join(tmpdir(), 'rs-lock-')), 'app.db')
  const a = openDb(path)
  const b = openDb(path)
  open.push(a, b)
  return [a, b]
}

const noWait = { isCancelled: () => false, onWait: () => undefined }
const held = (o: LockOutcome): Extract<LockOutcome, { kind: 'held' }> => {
  if (o.kind !== 'held') throw new Error(`expected the lock, got ${o.kind}`)
  return o
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(r.stdout)
}

describe('writer lock', () => {
  it('a second job waits for the first, says whom it waits for, and gives up after its bound', () => {
    const [a, b] = twoConnections()
    const first = held(acquireWriterLock(a, 'rollscope serve', 0, noWait))
    expect(currentWriter(b)).toMatchObject({ pid: process.pid, host: HOST, what: 'rollscope serve' })
    const waits: string[] = []
    const second = acquireWriterLock(b, 'rollscope index', 300, {
      isCancelled: () => false,
      onWait: (h) => waits.push(h.what)
    })
    expect(second).toMatchObject({ kind: 'busy', holder: { pid: process.pid, what: 'rollscope serve' } })
    expect(second.kind === 'busy' && second.waitedMs).toBeGreaterThanOrEqual(300)
    expect(waits.length).toBeGreaterThan(0)
    expect(new Set(waits)).toEqual(new Set(['rollscope serve']))
    first.release()
    expect(currentWriter(b)).toBeNull()
    held(acquireWriterLock(b, 'rollscope index', 0, noWait)).release()
  })

  it('takes over the row of a process that is gone (kill -9) at once', () => {
    const [a, b] = twoConnections()
    const pid = deadPid()
    a.prepare(
      `INSERT INTO writer_lock (role, token, pid, host, start, what, since, seen) VALUES ('holder', 't', ?, ?, NULL, 'rollscope index', 1, 1)`
    ).run(pid, HOST)
    expect(currentWriter(b)).toBeNull()
    const got = held(acquireWriterLock(b, 'rollscope serve', 0, noWait))
    expect(got.waited).toBeNull()
    expect(currentWriter(a)).toMatchObject({ pid: process.pid, what: 'rollscope serve' })
    got.release()
  })

  it('a live holder with another start time is a reused pid, not the holder', () => {
    const [a, b] = twoConnections()
    a.prepare(
      `INSERT INTO writer_lock (role, token, pid, host, start, what, since, seen) VALUES ('holder', 't', ?, ?, 'not-this-start', 'rollscope index', 1, 1)`
    ).run(process.pid, HOST)
    // Linux tells a process's start time; elsewhere a live pid is taken for the holder
    const linux = process.platform === 'linux'
    const got = acquireWriterLock(b, 'rollscope serve', 0, noWait)
    expect(got.kind).toBe(linux ? 'held' : 'busy')
    if (got.kind === 'held') got.release()
  })

  it('the first waiter goes next: a free lock is not taken by a job that came later', () => {
    const [a, b] = twoConnections()
    // a live waiter (this process, another job) wrote itself as next while the lock was held
    a.prepare(
      `INSERT INTO writer_lock (role, token, pid, host, start, what, since, seen) VALUES ('next', 'w', ?, ?, NULL, 'rollscope index', ?, ?)`
    ).run(process.pid, HOST, Date.now(), Date.now())
    expect(acquireWriterLock(b, 'rollscope serve', 200, noWait).kind).toBe('busy')
    // once it is gone (it took the lock and ended, or died), the lock is free for anyone
    a.prepare(`DELETE FROM writer_lock WHERE role = 'next'`).run()
    held(acquireWriterLock(b, 'rollscope serve', 0, noWait)).release()
  })

  it('a waiting job can be cancelled', () => {
    const [a, b] = twoConnections()
    const first = held(acquireWriterLock(a, 'the Rollscope app', 0, noWait))
    let looks = 0
    const got = acquireWriterLock(b, 'rollscope serve', Infinity, {
      isCancelled: () => looks >= 2,
      onWait: () => void looks++
    })
    expect(got.kind).toBe('cancelled')
    // a cancelled waiter is no longer next
    expect(a.prepare(`SELECT count(*) n FROM writer_lock WHERE role = 'next'`).get()).toEqual({ n: 0 })
    first.release()
  })
})
