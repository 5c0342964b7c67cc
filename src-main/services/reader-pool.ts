/**
 * A pool of reader threads for a long-lived host (browser mode, the desktop app): the read-only methods of the API
 * (contract/api.ts ApiAccess `read`) run on them, several at once over WAL's concurrent readers, while writes and the
 * engine's own state stay on the one engine thread. With every call on the engine thread, 8 browsing clients got
 * 10.9 calls/s and a 1.5 ms getEpisode waited 648 ms behind the others (issue 16).
 *
 * Each reader answers one call at a time (better-sqlite3 is synchronous), so a call goes to an idle reader, or waits in
 * one queue (first come, first served) until one is idle: a slow call holds up one reader, never the calls another
 * reader could answer. A call may name an affinity (routed-api.ts: the same query but for the page asked): it goes
 * to the reader that answered that affinity lately, whose caches (db/query-cache.ts) hold its order, so scrolling a
 * filtered table pays for the filter once, not once per reader; when that reader is busy the call waits for it (a
 * page read from its cache is quicker than a pass elsewhere) up to `patienceMs`, while later calls go ahead. The pool starts `min` readers at once (the first calls of a page load find one ready), starts
 * more up to `max` only while calls wait, and ends readers beyond `min` that stayed idle `idleMs` (each costs memory: a
 * V8 isolate and a page cache). A reader that dies fails only its own call and is replaced when calls wait; one that
 * cannot open the database fails the calls waiting for it with the reason (and is not restarted in a loop).
 */
import type { ApiError, Result } from '@contract/api'
import type { JsonResult } from './json-result'
import type { FromReader, ToReader } from './reader-protocol'

/** One reader thread as the pool sees it (a Worker, or a fake in tests). */
export interface ReaderHandle {
  postMessage(message: ToReader): void
  on(event: 'message', listener: (message: FromReader) => void): unknown
  /** The thread ended (crashed, or was terminated), with why. */
  onExit(listener: (why: Error) => void): void
  terminate(): Promise<unknown>
}

/**
 * A reader thread ended during the call (it ran out of its heap on a huge episode, or crashed): the call itself may be
 * fine, and a host may answer it elsewhere (routed-api.ts asks the engine thread).
 */
export class ReaderStoppedError extends Error {
  constructor(why: string) {
    super(`the reader thread answering the call stopped: ${why}`)
    this.name = 'ReaderStoppedError'
  }
}

/**
 * A reader declined the call: it reads a record too big for a reader's bounded heap (formats/readers/big-reads.ts). The
 * reader goes on; a host answers the call elsewhere, as for a stopped reader.
 */
export class ReaderDeclinedError extends Error {
  constructor(why: string) {
    super(`a reader thread left the call to its host: ${why}`)
    this.name = 'ReaderDeclinedError'
  }
}

/** Whether a call failed on its reader only, and may be answered by a thread of the host (routed-api.ts). */
export function answerElsewhere(err: unknown): boolean {
  return err instanceof ReaderStoppedError || err instanceof ReaderDeclinedError
}

export interface ReaderPoolOptions {
  /** Starts one reader thread. */
  spawn: () => ReaderHandle
  /** Readers kept running (started with the pool). */
  min: number
  /** Most readers at once. */
  max: number
  /** A reader beyond `min` idle this long is ended. */
  idleMs: number
  /** How long a call waits for the busy reader that knows its affinity before any free one takes it. */
  patienceMs: number
  /** Maps a failed Result back to the error class the host's dispatch answers with the same code. */
  errorFromApi: (e: ApiError) => Error
}

export interface ReaderPool {
  call(method: string, args: unknown[], affinity?: string): Promise<unknown>
  /** The same call, its Result as UTF-8 JSON bytes made on the reader (for a host that sends it on as it is). */
  callJson(method: string, args: unknown[], affinity?: string): Promise<JsonResult>
  /** Readers running now, and of them busy with a call (for tests and diagnostics). */
  stats(): { readers: number; busy: number; queued: number }
  close(): Promise<void>
}

interface Job {
  method: string
  args: unknown[]
  affinity: string | undefined
  json: boolean
  /** When it was asked (Date.now()). */
  since: number
  resolve: (value: unknown) => void
  reject: (err: Error) => void
}

interface Reader {
  handle: ReaderHandle
  ready: boolean
  job: { id: number; job: Job } | null
  idleTimer: ReturnType<typeof setTimeout> | null
  gone: boolean
  /** The affinities of its last calls, most recent last. */
  recent: string[]
}

/** Affinities a reader remembers. */
const RECENT = 16

export function createReaderPool(o: ReaderPoolOptions): ReaderPool {
  if (!(o.min >= 0 && o.max >= 1 && o.min <= o.max)) throw new Error(`reader pool: bad size ${o.min}..${o.max}`)
  const readers: Reader[] = []
  const queue: Job[] = []
  let nextId = 1
  let closed = false

  const start = (): Reader => {
    const handle = o.spawn()
    const r: Reader = { handle, ready: false, job: null, idleTimer: null, gone: false, recent: [] }
    readers.push(r)
    handle.on('message', (m) => {
      if (m.type === 'ready') {
        r.ready = true
        idle(r)
      } else if (m.type === 'startFailed') {
        // the database cannot be opened here: what waits would wait for nothing, so it fails with the reason
        drop(r)
        void handle.terminate()
        for (const job of queue.splice(0)) job.reject(new Error(`a reader thread could not start: ${m.message}`))
      } else if ((m.type === 'result' || m.type === 'json') && r.job?.id === m.id) {
        const { job } = r.job
        r.job = null
        if (m.type === 'json') job.resolve({ bytes: m.bytes, code: m.code })
        else settle(job, m.result)
        idle(r)
      } else if (m.type === 'declined' && r.job?.id === m.id) {
        const { job } = r.job
        r.job = null
        job.reject(new ReaderDeclinedError(m.message))
        idle(r)
      }
    })
    handle.onExit((why) => {
      if (r.gone) return
      drop(r)
      r.job?.job.reject(new ReaderStoppedError(why.message))
      r.job = null
      pump()
    })
    return r
  }

  const settle = (job: Job, result: Result<unknown>): void => {
    if (result.ok) job.resolve(result.value)
    else job.reject(o.errorFromApi(result.error))
  }

  const drop = (r: Reader): void => {
    r.gone = true
    if (r.idleTimer) clearTimeout(r.idleTimer)
    const i = readers.indexOf(r)
    if (i >= 0) readers.splice(i, 1)
  }

  /** `r` has nothing to do: give it the next waiting call, or let it time out if the pool is above its floor. */
  const idle = (r: Reader): void => {
    if (r.gone) return
    pump()
    if (r.job || r.gone) return
    if (readers.length > o.min && !closed && !r.idleTimer) {
      r.idleTimer = setTimeout(() => {
        if (r.job || r.gone || readers.length <= o.min) return
        drop(r)
        void r.handle.terminate()
      }, o.idleMs)
      r.idleTimer.unref?.()
    }
  }

  const assign = (r: Reader, job: Job): void => {
    if (r.idleTimer) clearTimeout(r.idleTimer)
    r.idleTimer = null
    if (job.affinity !== undefined) {
      r.recent = r.recent.filter((a) => a !== job.affinity)
      r.recent.push(job.affinity)
      if (r.recent.length > RECENT) r.recent.shift()
    }
    const id = nextId++
    r.job = { id, job }
    r.handle.postMessage({ type: 'call', id, method: job.method, args: job.args, ...(job.json ? { json: true } : {}) })
  }

  /** Hands waiting calls to idle readers; starts a reader when calls wait and the pool may grow. */
  const pump = (): void => {
    if (closed) return
    // First come, first served, with one exception: a call whose affinity a busy reader knows waits for that reader
    // (its caches hold the query's order: another reader would spend a whole pass finding it again), while later
    // calls go ahead on the free ones; it stops waiting after `patienceMs`.
    const now = Date.now()
    for (let i = 0; i < queue.length;) {
      const free = readers.filter((r) => r.ready && !r.job && !r.gone)
      if (free.length === 0) break
      const job = queue[i]
      const a = job.affinity
      const knows = a === undefined ? [] : readers.filter((r) => !r.gone && r.recent.includes(a))
      const pick =
        knows.find((r) => free.includes(r)) ??
        (knows.length === 0 || now - job.since >= o.patienceMs ? free[0] : undefined)
      if (!pick) {
        i++ // waits for its reader, or its patience
        wakeAt(job.since + o.patienceMs)
        continue
      }
      queue.splice(i, 1)
      assign(pick, job)
    }
    // readers still starting will take a waiting call each when ready
    const starting = readers.filter((r) => !r.ready).length
    const unplaced = queue.filter(
      (j) => j.affinity === undefined || !readers.some((r) => r.recent.includes(j.affinity as string))
    )
    let missing = Math.min(unplaced.length - starting, o.max - readers.length)
    for (; missing > 0; missing--) start()
  }

  /** Runs pump() again at `time`, when a call's patience ends (one timer, the earliest). */
  let wake: { at: number; timer: ReturnType<typeof setTimeout> } | null = null
  const wakeAt = (time: number): void => {
    if (wake && wake.at <= time) return
    if (wake) clearTimeout(wake.timer)
    const timer = setTimeout(
      () => {
        wake = null
        pump()
      },
      Math.max(0, time - Date.now())
    )
    timer.unref?.()
    wake = { at: time, timer }
  }

  const enqueue = (method: string, args: unknown[], affinity: string | undefined, json: boolean): Promise<unknown> => {
    if (closed) return Promise.reject(new Error('the reader pool is closed'))
    return new Promise((resolve, reject) => {
      queue.push({ method, args, affinity, json, since: Date.now(), resolve, reject })
      pump()
    })
  }

  for (let i = 0; i < o.min; i++) start()

  return {
    call(method, args, affinity) {
      return enqueue(method, args, affinity, false)
    },
    callJson(method, args, affinity) {
      return enqueue(method, args, affinity, true) as Promise<JsonResult>
    },
    stats() {
      return { readers: readers.length, busy: readers.filter((r) => r.job).length, queued: queue.length }
    },
    async close() {
      closed = true
      if (wake) clearTimeout(wake.timer)
      const stopped = new Error('the reader pool is closed')
      for (const job of queue.splice(0)) job.reject(stopped)
      const all = readers.splice(0)
      for (const r of all) {
        r.gone = true
        if (r.idleTimer) clearTimeout(r.idleTimer)
        r.job?.job.reject(stopped)
      }
      await Promise.all(all.map((r) => r.handle.terminate()))
    }
  }
}
