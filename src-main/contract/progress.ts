import type { IndexProgress } from './model'

/** An IndexProgress with nothing running, with `over` applied (the one place its defaults live). */
export function idleProgress(over: Partial<IndexProgress> = {}): IndexProgress {
  return {
    state: 'idle',
    filesTotal: 0,
    filesDone: 0,
    bytesTotal: 0,
    bytesDone: 0,
    episodes: 0,
    mbPerSec: 0,
    etaSec: null,
    currentFile: null,
    startedAt: null,
    finishedAt: null,
    failed: 0,
    message: null,
    ...over
  }
}
