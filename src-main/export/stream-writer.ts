/** A ChunkWriter over a node Writable that waits for 'drain' when the stream's buffer is full (backpressure). */
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import type { ChunkWriter } from './export-types'

export function streamWriter(out: Writable): ChunkWriter {
  return async (chunk) => {
    if (out.destroyed) throw new Error('the output was closed')
    if (out.write(chunk)) return
    // Abort the losing wait: otherwise every backpressure pause leaves a 'close' (and 'error') listener behind.
    const stop = new AbortController()
    try {
      await Promise.race([once(out, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })])
    } finally {
      stop.abort()
    }
  }
}
