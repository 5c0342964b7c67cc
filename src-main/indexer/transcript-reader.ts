import { existsSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { MessageChannel, receiveMessageOnPort, resourceLimits, Worker, type MessagePort } from 'node:worker_threads'
import type { SearchPassReport } from '@contract/model'
import type { Db } from '../db/open-db'
import { inlineRowBatches, type RowBatchSource } from '../search/build-search-index'
import { transferList, type RowBatch } from '../search/row-batch'
import type { SourcePlan } from '../search/transcript-batches'

/**
 * The full-text pass on two threads: a reader thread reads the transcripts back, parses them and encodes their rows
 * (transcript-reader-worker.ts), while the indexer's thread, the one writer, inserts them. FTS5's inserts are most of
 * the pass and SQLite has one writer, so the reading, JSON parsing and UTF-8 encoding are what a second core can take.
 *
 * The indexer's thread runs a job synchronously, so batches are taken with `receiveMessageOnPort`, waiting on a shared
 * counter (Atomics) when none is there. The reader stays at most AHEAD batches ahead of the writer (bounded memory:
 * each batch about BATCH_CHARS of text, a few MB). If the reader fails or stops answering, the pass goes on inline from
 * the last batch written; a small pass is read inline from the start (the thread costs ~0.3–0.5 CPU s to start).
 */

/** Shared counters (Int32Array over a SharedArrayBuffer). */
export const POSTED = 0 // messages the reader posted (batches, then its last message)
export const TAKEN = 1 // messages the writer took
export const STOP = 2 // set by the writer: the reader stops
export const BEAT = 3 // the reader's heartbeat: episodes read
export const SHARED_INTS = 4

/** Batches the reader may have posted and the writer not yet taken. */
export const AHEAD = 2

/** Below this many bytes of pending sources the pass reads inline. */
export const THREAD_MIN_BYTES = 16e6

/**
 * The reader is given up when it shows no sign of life for this long (first: while its thread starts). It beats once
 * per episode read, and the largest record read whole (64 MB) takes seconds; a reader that ran out of its heap
 * (READER_OLD_GENERATION_MB) beats no more, and the pass goes on inline after this wait.
 */
const START_STALL_MS = 60_000
const STALL_MS = 60_000

/**
 * The reader thread's old generation, bounded. Unbounded, V8 let its garbage (each episode's JSON parsed, its rows'
 * strings) grow before collecting it: on a quiet machine serve's peak while indexing the 5 GB training run rose by
 * 96 MB during the full-text pass, to 486 MB (517 MB in the bench); bounded at 96 MB (or 48), by 49 MB, to 445 MB.
 * 96 MB holds a 10 MB, 2,000-turn episode read whole. The reader stops before a record over 16 MB (`tooBig`:
 * formats/readers/big-reads.ts), whose source the writer reads to its end inline before a new reader goes on: running
 * out of a bounded heap can abort the whole process (a 60 MB record did, once in a few runs). A reader that runs out
 * anyway and is ended alone stops answering, and the writer reads on inline.
 */
export const READER_OLD_GENERATION_MB = 96

export interface ReaderOptions {
  /** Passes over fewer bytes of sources read inline (default THREAD_MIN_BYTES). */
  minBytes?: number
  startStallMs?: number
  stallMs?: number
  /** The reader thread's old generation, MB (default READER_OLD_GENERATION_MB). */
  oldGenerationMb?: number
  /** Told why the reader was given up (the pass goes on inline). */
  log?: (message: string) => void
}

export interface ReaderData {
  dbPath: string
  plan: SourcePlan[]
  shared: SharedArrayBuffer
  port: MessagePort
}

/** The writer's messages to the reader: a written batch's buffers, to fill again (search/batch-buffers.ts). */
export type ToReader = { type: 'recycle'; buffers: ArrayBuffer[] }

export type FromReader =
  | { type: 'batch'; batch: RowBatch }
  | { type: 'end'; cpuSeconds: number }
  | { type: 'failed'; message: string }
  /** The next episode's record or document is more than the reader's bounded heap takes: it stopped before it. */
  | { type: 'tooBig'; bytes: number; cpuSeconds: number }

/**
 * A RowBatchSource that reads on a thread of its own (the built `transcript-reader-worker.js`) when the pass is big
 * enough and the database is a file; otherwise, and after a failure of the reader, inline.
 */
export function threadedRowBatches(workerFile: string, options: ReaderOptions = {}): RowBatchSource {
  const {
    minBytes = THREAD_MIN_BYTES,
    startStallMs = START_STALL_MS,
    stallMs = STALL_MS,
    oldGenerationMb = READER_OLD_GENERATION_MB,
    log
  } = options
  return function* (db: Db, plan: readonly SourcePlan[], report: SearchPassReport): Generator<RowBatch> {
    if (db.memory || pendingBytes(db, plan, minBytes) < minBytes) {
      yield* inlineRowBatches(db, plan)
      return
    }
    let rest = [...plan]
    let readerCpuSeconds = 0
    for (;;) {
      const reader = new ReaderThread(workerFile, db.name, rest, { startStallMs, stallMs, oldGenerationMb })
      let last: RowBatch | null = null
      let stopped: FromReader
      try {
        for (;;) {
          stopped = reader.take()
          if (stopped.type !== 'batch') break
          last = stopped.batch
          yield stopped.batch
          // written: its memory goes back to the reader for the next batches
          reader.giveBack(stopped.batch)
        }
      } finally {
        reader.stop()
      }
      if (stopped.type === 'end') {
        report.readerCpuSeconds = readerCpuSeconds + stopped.cpuSeconds
        return
      }
      rest = restOf(rest, last)
      if (stopped.type === 'failed') {
        log?.(`full-text reader thread: ${stopped.message}; reading on in the indexer thread`)
        yield* inlineRowBatches(db, rest)
        return
      }
      // a record too big for the reader's heap: its source is read here to its end, the rest by a new reader
      readerCpuSeconds += stopped.cpuSeconds
      const [current, ...after] = rest
      yield* inlineRowBatches(db, [current])
      rest = after
      if (rest.length === 0) {
        report.readerCpuSeconds = readerCpuSeconds
        return
      }
    }
  }
}

/** The built reader entry beside the indexer's (or one folder up, from chunks/), or null (tests: not built). */
export function readerWorkerFile(fromDir: string): string | null {
  const name = 'transcript-reader-worker.js'
  for (const candidate of [join(fromDir, name), join(dirname(fromDir), name)])
    if (existsSync(candidate)) return candidate
  return null
}

/**
 * The plan after the last batch written: the sources after its own, or the rest of its own (from the row after the
 * last one written when that batch stopped inside an episode: its rows so far are in the open transaction).
 */
export function restOf(plan: readonly SourcePlan[], last: RowBatch | null): SourcePlan[] {
  if (!last) return [...plan]
  const at = plan.findIndex((p) => p.sourceId === last.sourceId)
  if (at < 0) return [...plan]
  const rest = plan.slice(at + 1)
  if (last.sourceDone) return rest
  const here: SourcePlan = { sourceId: last.sourceId, afterRowid: last.lastRowid }
  if (last.openEpisode) here.open = last.openEpisode
  return [here, ...rest]
}

/** Bytes of the planned sources' files: what the reader would read (a resumed source counts whole). */
function pendingBytes(db: Db, plan: readonly SourcePlan[], enough: number): number {
  const size = db.prepare('SELECT path FROM sources WHERE id = ?').pluck()
  let bytes = 0
  for (const p of plan) {
    try {
      bytes += statSync(size.get(p.sourceId) as string).size
    } catch {
      // gone: the pass finds out and skips it
    }
    if (bytes >= enough) break
  }
  return bytes
}

/** The writer's end of one reader thread. */
class ReaderThread {
  private readonly flags: Int32Array
  private readonly port: MessagePort
  private readonly worker: Worker | null = null
  private startError: string | null = null

  constructor(
    workerFile: string,
    dbPath: string,
    plan: SourcePlan[],
    private readonly limits: { startStallMs: number; stallMs: number; oldGenerationMb: number }
  ) {
    const shared = new SharedArrayBuffer(SHARED_INTS * 4)
    this.flags = new Int32Array(shared)
    const { port1, port2 } = new MessageChannel()
    this.port = port1
    const data: ReaderData = { dbPath, plan, shared, port: port2 }
    try {
      this.worker = new Worker(workerFile, {
        workerData: data,
        transferList: [port2],
        // the young generation of the indexer's own thread (services/worker-limits.ts), for the same reasons
        resourceLimits: {
          maxYoungGenerationSizeMb: resourceLimits.maxYoungGenerationSizeMb,
          maxOldGenerationSizeMb: limits.oldGenerationMb
        }
      })
      // an error of the thread (it could not load) is seen here only after the job: take() has given it up by then
      this.worker.on('error', () => {})
    } catch (err) {
      this.startError = `could not start: ${err instanceof Error ? err.message : String(err)}`
    }
  }

  /** Hands a written batch's buffers back to the reader (they are detached here). */
  giveBack(batch: RowBatch): void {
    const m: ToReader = { type: 'recycle', buffers: transferList(batch) }
    this.port.postMessage(m, m.buffers)
  }

  /** The next message, waiting for it; a reader that fails or stalls yields a `failed` message. */
  take(): FromReader {
    if (this.startError !== null) return { type: 'failed', message: this.startError }
    let beat = Atomics.load(this.flags, BEAT)
    let lastSign = performance.now()
    let started = beat > 0
    for (;;) {
      const posted = Atomics.load(this.flags, POSTED)
      const got = receiveMessageOnPort(this.port)
      if (got) {
        Atomics.add(this.flags, TAKEN, 1)
        Atomics.notify(this.flags, TAKEN)
        return got.message as FromReader
      }
      // the reader increments POSTED after each postMessage: once it moved, the message is there
      Atomics.wait(this.flags, POSTED, posted, 500)
      const now = Atomics.load(this.flags, BEAT)
      if (now !== beat) {
        beat = now
        started = true
        lastSign = performance.now()
      } else if (performance.now() - lastSign > (started ? this.limits.stallMs : this.limits.startStallMs)) {
        return { type: 'failed', message: started ? 'stopped answering' : 'did not start' }
      }
    }
  }

  stop(): void {
    Atomics.store(this.flags, STOP, 1)
    Atomics.notify(this.flags, TAKEN)
    this.port.close()
    void this.worker?.terminate()
  }
}
