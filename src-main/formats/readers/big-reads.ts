import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Records and documents read whole, counted by size, for two reasons of memory.
 *
 * Garbage: a record of tens of MB leaves its bytes, its text and its parsed value behind, and V8 collects them only
 * once the thread allocates enough again, which a thread done with its big work may not do for a long time: indexing a
 * 62 MB line peaked at 511 MB with ~175 MB of the listing's garbage held through the full-text pass that followed.
 * The points where a thread has finished a piece of work call collectAfterBigReads.
 *
 * Bounded threads: a worker thread with a capped heap (the full-text reader, serve's readers: worker-limits.ts) is
 * meant to be ended alone when it runs out, but Node cannot always do that: depending on the allocation it aborts the
 * whole process instead ("FATAL ERROR: Reached heap limit", nodejs/node#47224), which happened here once in a few runs
 * of the full-text reader on a 60 MB record. Such a thread sets a limit (limitWholeReads) and a bigger read throws
 * TooBigForThisThreadError before anything is read; its host answers that call on an unbounded thread.
 */

/** Reads of at least this size are big: their garbage is collected at the next collectAfterBigReads. */
export const BIG_READ_BYTES = 8e6

/**
 * The largest record or document a bounded thread reads whole. Its text and parsed value take up to ~4× its size of
 * heap (a two-byte text, strings of its values): 64 MB at most against a 96 or 128 MB heap. Agent episodes of 2,000
 * turns are ~10 MB; larger ones are read by the engine or indexer thread.
 */
export const BOUNDED_THREAD_READ_BYTES = 16e6

export class TooBigForThisThreadError extends Error {
  constructor(readonly bytes: number) {
    super(`a ${(bytes / 1e6).toFixed(1)} MB read is more than this thread’s bounded heap takes`)
    this.name = 'TooBigForThisThreadError'
  }
}

let bigReadSinceCollected = false
let maxWholeRead = Infinity
let gc: (() => void) | null = null

/** This thread reads nothing whole over `bytes` (a bounded worker thread, at its start). */
export function limitWholeReads(bytes: number): void {
  maxWholeRead = bytes
}

/** Called before `bytes` are read whole (a JSONL record, a document): throws on a bounded thread when too big. */
export function noteRead(bytes: number): void {
  if (bytes > maxWholeRead) throw new TooBigForThisThreadError(bytes)
  if (bytes >= BIG_READ_BYTES) bigReadSinceCollected = true
}

/**
 * A full garbage collection of this thread's heap when it has read something big since the last one (three 60 MB
 * lines then peak the indexer at 441–477 MB, not 556: PRODUCT.md's < 500 MB on any input). Nothing is done after
 * ordinary reads.
 */
export function collectAfterBigReads(): void {
  if (!bigReadSinceCollected) return
  bigReadSinceCollected = false
  collectGarbage()
}

/**
 * V8's own `gc`, given to a new context while --expose-gc is set; the flag is unset again at once (as
 * jest-leak-detector does), so no other context sees it. Node and Electron both leave V8's flags writable after start
 * (Electron patches Chromium's freezing of them out for its Node).
 */
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    try {
      gc = runInNewContext('gc') as () => void
    } finally {
      setFlagsFromString('--no-expose-gc')
    }
  }
  gc()
}
