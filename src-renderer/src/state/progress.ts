import type { IndexProgress } from '@contract/model'

/** Whether an index job is running, or waiting for another process indexing the database (the panel is shown). */
export function isIndexing(p: IndexProgress | null): boolean {
  return !!p && (p.state === 'waiting' || p.state === 'scanning' || p.state === 'indexing')
}

/**
 * Picks the more recent of two progress snapshots. Events and call results can cross on the wire,
 * so an older snapshot of the same job (fewer files done, not finished) must not replace a newer one.
 */
export function newerProgress(current: IndexProgress | null, incoming: IndexProgress): IndexProgress {
  if (!current) return incoming
  if ((incoming.startedAt ?? 0) !== (current.startedAt ?? 0)) {
    return (incoming.startedAt ?? 0) > (current.startedAt ?? 0) ? incoming : current
  }
  if (current.finishedAt !== null && incoming.finishedAt === null) return current
  if (incoming.finishedAt === null && incoming.filesDone < current.filesDone) return current
  return incoming
}

/** The fraction done in [0, 1], by bytes when known, else by files. */
export function progressFraction(p: IndexProgress): number {
  if (p.bytesTotal > 0) return Math.min(1, p.bytesDone / p.bytesTotal)
  if (p.filesTotal > 0) return Math.min(1, p.filesDone / p.filesTotal)
  return 0
}
