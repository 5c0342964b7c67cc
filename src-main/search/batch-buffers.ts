/**
 * The memory a RowBatch's arrays are copied into, used again once the writer has written the batch. The full-text
 * pass's reader thread (indexer/transcript-reader-worker.ts) makes a batch of about 1 MB of text every few
 * milliseconds and hands it to the writer's thread, which frees it when V8 collects it. glibc serves a block this
 * size from mmap only until the first one is freed (its threshold then rises past it), then from its arenas, which
 * blocks made on one thread and freed on another left fragmented: `rollscope serve` indexing the 5 GB training run
 * peaked at 440-538 MB during the full-text pass (3 runs), and at 382 MB with the threshold pinned
 * (MALLOC_MMAP_THRESHOLD_=131072), which points at these blocks. With the buffers given back (transferred, not
 * copied) and the reader's page cache at 2 MB, the pass peaks at 400 MB, 6 MB over the listing before it.
 */

/** Spare buffers kept at most: the batches in flight between the threads (AHEAD) and the one being written. */
const MAX_SPARES = 12

export class BatchBuffers {
  private readonly spares: ArrayBuffer[] = []
  /** Buffers have been given back: new ones get room to spare, so that the next batches fit them. */
  private recycling = false

  /** Buffers of a written batch, to fill again. */
  giveBack(buffers: readonly ArrayBuffer[]): void {
    this.recycling = true
    for (const b of buffers) if (b.byteLength > 0 && this.spares.length < MAX_SPARES) this.spares.push(b)
  }

  /** A buffer of at least `bytes`: the smallest spare that holds them, else a new one. */
  take(bytes: number): ArrayBuffer {
    let best = -1
    for (let i = 0; i < this.spares.length; i++) {
      const size = this.spares[i].byteLength
      if (size >= bytes && (best < 0 || size < this.spares[best].byteLength)) best = i
    }
    if (best >= 0) return this.spares.splice(best, 1)[0]
    return new ArrayBuffer(this.recycling ? Math.ceil(bytes * 1.25) : bytes)
  }

  /** Spares held now (for tests). */
  get size(): number {
    return this.spares.length
  }
}
