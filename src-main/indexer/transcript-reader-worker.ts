/**
 * Worker-thread entry of the full-text pass's reader (transcript-reader.ts): reads the planned sources' transcripts on
 * its own read-only connection and posts their rows as RowBatches to the indexer's thread, which writes them. It stays
 * at most AHEAD batches ahead of the writer, and stops when told to.
 */
import { receiveMessageOnPort, workerData } from 'node:worker_threads'
import { openDb } from '../db/open-db'
import { BOUNDED_THREAD_READ_BYTES, limitWholeReads, TooBigForThisThreadError } from '../formats/readers/big-reads'
import { transferList } from '../search/row-batch'
import { BatchBuffers } from '../search/batch-buffers'
import { transcriptBatches } from '../search/transcript-batches'
import { AHEAD, BEAT, POSTED, STOP, TAKEN, type FromReader, type ReaderData, type ToReader } from './transcript-reader'

const { dbPath, plan, shared, port } = workerData as ReaderData
const flags = new Int32Array(shared)
const buffers = new BatchBuffers()

/** Takes the buffers of the batches the writer has written. */
const collectReturned = (): void => {
  for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) {
    const m = got.message as ToReader
    if (m.type === 'recycle') buffers.giveBack(m.buffers)
  }
}

const post = (m: FromReader, transfer: ArrayBuffer[] = []): void => {
  port.postMessage(m, transfer)
  Atomics.add(flags, POSTED, 1)
  Atomics.notify(flags, POSTED)
}

/** Waits until the writer has taken enough batches; false when it said stop. */
const room = (): boolean => {
  for (;;) {
    if (Atomics.load(flags, STOP) !== 0) return false
    const taken = Atomics.load(flags, TAKEN)
    if (Atomics.load(flags, POSTED) - taken < AHEAD) {
      collectReturned()
      return true
    }
    Atomics.wait(flags, TAKEN, taken, 1000)
  }
}

// this thread's heap is bounded: a record too big for it is left to the writer's thread (big-reads.ts)
limitWholeReads(BOUNDED_THREAD_READ_BYTES)

try {
  // each episode's row is read once, in rowid order: a page cache of 16 MB would only fill with pages not read again
  const db = openDb(dbPath, { readonly: true, cacheMb: 2 })
  try {
    Atomics.add(flags, BEAT, 1)
    let stopped = false
    for (const rows of transcriptBatches(db, plan, () => Atomics.add(flags, BEAT, 1), buffers)) {
      if (!room()) {
        stopped = true
        break
      }
      post({ type: 'batch', batch: rows }, transferList(rows))
    }
    if (!stopped) {
      const cpu = process.threadCpuUsage()
      post({ type: 'end', cpuSeconds: (cpu.user + cpu.system) / 1e6 })
    }
  } finally {
    db.close()
  }
} catch (err) {
  if (err instanceof TooBigForThisThreadError) {
    const cpu = process.threadCpuUsage()
    post({ type: 'tooBig', bytes: err.bytes, cpuSeconds: (cpu.user + cpu.system) / 1e6 })
  } else post({ type: 'failed', message: err instanceof Error ? err.message : String(err) })
} finally {
  port.close()
}
