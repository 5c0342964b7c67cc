/**
 * An export whose sink is on the host's thread (browser mode: the HTTP response) while the engine writes it on its
 * own. Chunks cross as messages and the host acknowledges each one once its sink took it; the engine sends on only
 * while less than a window is unacknowledged. So a slow download slows the export down instead of piling chunks up
 * in either thread: memory stays bounded whatever the selection's size.
 */
import type { ChunkWriter } from '../export/export-types'

/** Characters the engine may send ahead of what the host has written: a few pages of rows, one large transcript. */
export const EXPORT_WINDOW = 1 << 20

/** The engine's side: the ChunkWriter the export writes into. */
export interface RelayedWriter {
  write: ChunkWriter
  /** The host wrote `size` characters. */
  written(size: number): void
  /** The host's sink failed: the export's next write throws `message`. */
  stop(message: string): void
}

export function relayedWriter(send: (chunk: string) => void, window = EXPORT_WINDOW): RelayedWriter {
  let ahead = 0
  let stopped: Error | null = null
  let wake: (() => void) | null = null
  const resume = (): void => {
    const w = wake
    wake = null
    w?.()
  }
  return {
    async write(chunk) {
      if (stopped) throw stopped
      send(chunk)
      ahead += chunk.length
      while (ahead > window && !stopped) await new Promise<void>((r) => (wake = r))
      if (stopped) throw stopped
    },
    written(size) {
      ahead -= size
      if (ahead <= window) resume()
    },
    stop(message) {
      stopped ??= new Error(message)
      resume()
    }
  }
}

/** The host's side: chunks written into the sink one after the other, each acknowledged once written. */
export interface ChunkRelay {
  push(chunk: string): void
  /** Resolves once every chunk pushed so far is written; rejects with the sink's failure, if it failed. */
  drained(): Promise<void>
}

export function chunkRelay(
  write: ChunkWriter,
  acknowledge: (size: number) => void,
  stop: (message: string) => void
): ChunkRelay {
  let chain = Promise.resolve()
  let failure: unknown = null
  return {
    push(chunk) {
      chain = chain.then(async () => {
        if (failure) return // the rest of a failed export has nowhere to go
        try {
          await write(chunk)
          acknowledge(chunk.length)
        } catch (err) {
          failure = err
          stop(err instanceof Error ? err.message : String(err))
        }
      })
    },
    async drained() {
      await chain
      if (failure) throw failure
    }
  }
}
