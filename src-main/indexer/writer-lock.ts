/**
 * One index job at a time per database, across processes (issue 17 item 5: two `rollscope index` on one database,
 * or a CLI index while `serve` live-tails, failed the later one with "constraint failed" when both filled the
 * full-text index). A job holds the `holder` row of `writer_lock` (migration 0015) from its first write to its end;
 * another job waits for it, says whom it waits for, and either gets the lock or gives up after its bound with a
 * clear message. The first waiter also writes itself as `next`, so a host that starts a job every few hundred
 * milliseconds (a live tail) lets it in instead of taking the lock back at once. A holder or waiter whose process is
 * gone (kill -9) is stale and its row is taken over. Synchronous: it runs on the indexer's thread.
 */
import { randomUUID } from 'node:crypto'
import type { WriterHolder } from '@contract/model'
import type { Db } from '../db/open-db'
import { HOST, processAlive, processStart } from './process-alive'

/** How often a waiting job looks again. */
const POLL_MS = 250
/** A waiter that has not looked for this long (while its process lives on, e.g. on another machine) is not next. */
const NEXT_FRESH_MS = 60_000
/** How long a look may wait on SQLite's own write lock (the holder mid-file) before trying again later. */
const LOOK_BUSY_MS = 100

interface LockRow {
  role: 'holder' | 'next'
  token: string
  pid: number
  host: string
  start: string | null
  what: string
  since: number
  seen: number
}

export interface WaitHooks {
  isCancelled: () => boolean
  /** Called at each look while another job holds the lock: whom the job waits for, and for how long so far. */
  onWait: (holder: WriterHolder, waitedMs: number) => void
}

export type LockOutcome =
  | { kind: 'held'; release: () => void; waited: { ms: number; holder: WriterHolder } | null }
  | { kind: 'busy'; holder: WriterHolder; waitedMs: number }
  | { kind: 'cancelled' }

const sleeper = new Int32Array(new SharedArrayBuffer(4))
const sleep = (ms: number): void => void Atomics.wait(sleeper, 0, 0, ms)

const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: string }).code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
}

const toHolder = (r: LockRow): WriterHolder => ({ pid: r.pid, host: r.host, what: r.what, since: r.since })

/** A row whose process is gone. One on another machine is never stale by pid (it cannot be checked from here). */
const gone = (r: LockRow): boolean => r.host === HOST && !processAlive(r.pid, r.start)

/**
 * Takes the writer lock of `db` for a job described by `what` ("rollscope index", "rollscope serve"), waiting at
 * most `waitMs` (Infinity: until it is free or the job is cancelled).
 */
export function acquireWriterLock(db: Db, what: string, waitMs: number, hooks: WaitHooks): LockOutcome {
  const me = { token: randomUUID(), pid: process.pid, host: HOST, start: processStart(process.pid), what }
  const read = db.prepare('SELECT * FROM writer_lock')
  const put = db.prepare(
    `INSERT OR REPLACE INTO writer_lock (role, token, pid, host, start, what, since, seen)
     VALUES (@role, @token, @pid, @host, @start, @what, @since, @seen)`
  )
  const dropNextIfMine = db.prepare(`DELETE FROM writer_lock WHERE role = 'next' AND token = ?`)
  const started = Date.now()
  let lastHolder: WriterHolder | null = null
  let since: number | null = null

  const rows = (): { holder?: LockRow; next?: LockRow } => {
    const out: { holder?: LockRow; next?: LockRow } = {}
    for (const r of read.all() as LockRow[]) out[r.role] = r
    return out
  }
  /** One attempt: the lock (true), or the live holder to wait for. */
  const attempt = (): true | LockRow | null =>
    db
      .transaction((): true | LockRow | null => {
        const { holder, next } = rows()
        const now = Date.now()
        if (holder && holder.token !== me.token && !gone(holder)) {
          // first in line: say so (or keep saying so), unless another live waiter already is
          const nextTaken = next && next.token !== me.token && !gone(next) && now - next.seen < NEXT_FRESH_MS
          if (!nextTaken) put.run({ role: 'next', ...me, since: since ?? now, seen: now })
          return holder
        }
        if (next && next.token !== me.token && !gone(next) && now - next.seen < NEXT_FRESH_MS) return null
        put.run({ role: 'holder', ...me, since: now, seen: now })
        dropNextIfMine.run(me.token)
        return true
      })
      .immediate()

  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma(`busy_timeout = ${LOOK_BUSY_MS}`)
  try {
    for (;;) {
      let got: true | LockRow | null = null
      try {
        got = attempt()
      } catch (err) {
        if (!isBusy(err)) throw err
        // the holder is inside a file's transaction: it is whoever the row names
        got = rows().holder ?? null
      }
      if (got === true) {
        const waited = lastHolder ? { ms: Date.now() - started, holder: lastHolder } : null
        return { kind: 'held', release: () => release(db, me.token, busyTimeout), waited }
      }
      since ??= Date.now()
      if (got) lastHolder = toHolder(got)
      const waitedMs = Date.now() - started
      if (hooks.isCancelled()) {
        forgetNext(db, me.token)
        return { kind: 'cancelled' }
      }
      if (waitedMs >= waitMs) {
        forgetNext(db, me.token)
        return { kind: 'busy', holder: lastHolder ?? unknownHolder(), waitedMs }
      }
      if (lastHolder) hooks.onWait(lastHolder, waitedMs)
      sleep(Math.min(POLL_MS, Math.max(1, waitMs - waitedMs)))
    }
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`)
  }
}

/** A holder known only by SQLite's own lock (its row not yet committed): described as such. */
const unknownHolder = (): WriterHolder => ({ pid: 0, host: HOST, what: 'another Rollscope process', since: Date.now() })

function forgetNext(db: Db, token: string): void {
  try {
    db.prepare(`DELETE FROM writer_lock WHERE role = 'next' AND token = ?`).run(token)
  } catch (err) {
    if (!isBusy(err)) throw err // left behind: stale once this process ends, or after NEXT_FRESH_MS
  }
}

/** Gives the lock up; retried while SQLite is busy, since a row left behind would hold off others as long as we live. */
function release(db: Db, token: string, busyTimeout: number): void {
  const drop = db.prepare(`DELETE FROM writer_lock WHERE role = 'holder' AND token = ?`)
  db.pragma(`busy_timeout = ${Math.max(busyTimeout, 5000)}`)
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        drop.run(token)
        return
      } catch (err) {
        if (!isBusy(err) || attempt >= 12) throw err
      }
    }
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`)
  }
}

/** Who indexes the database now, if anyone (for a message before waiting, or a test). */
export function currentWriter(db: Db): WriterHolder | null {
  const row = db.prepare(`SELECT * FROM writer_lock WHERE role = 'holder'`).get() as LockRow | undefined
  return row && !gone(row) ? toHolder(row) : null
}

/** "PID 1234 (rollscope serve) on this machine, since 12:03:04": who holds a database, for messages. */
export function describeHolder(h: WriterHolder): string {
  const who = h.pid ? `PID ${h.pid} (${h.what})` : h.what
  const where = h.host === HOST ? '' : ` on ${h.host}`
  const t = new Date(h.since)
  const clock = [t.getHours(), t.getMinutes(), t.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')
  return `${who}${where}, since ${clock}`
}
