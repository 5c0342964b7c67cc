import type { IndexProgress } from '@contract/model'
import { fmtCount, fmtDuration, fmtInt } from '../../lib/format'

/**
 * The last index job's outcome as the sidebar words it: a line, the count of files in error if any, and the job's
 * message shown under the line (null when it is the line: a job that read nothing but says what it did).
 */
export function lastJobText(progress: IndexProgress): { line: string; failed: string | null; message: string | null } {
  const secs =
    progress.startedAt !== null && progress.finishedAt !== null
      ? (progress.finishedAt - progress.startedAt) / 1000
      : null
  const label =
    progress.state === 'cancelled' ? 'Indexing cancelled' : progress.state === 'error' ? 'Indexing failed' : 'Indexed'
  // a job that found every file unchanged read nothing: "Indexed: 0/0 files, 0 episodes" read as an empty workspace
  // (a file whose content failed, unchanged, is not read again: it is counted as still in error)
  const removed = progress.removed ?? 0
  const took = secs !== null ? ` (checked in ${fmtDuration(secs)})` : ''
  const upToDate = progress.state === 'done' && progress.filesTotal === 0
  // a root removed read no file either, and was no check for changes: its message is the line
  const said = upToDate && !removed && progress.message !== null
  const line = said
    ? (progress.message as string)
    : upToDate
      ? removed
        ? `${fmtCount(removed, 'file')} gone since indexed (moved or deleted): ${removed === 1 ? 'its runs' : 'their runs'} removed${took}`
        : `Up to date: no file changed since it was indexed${took}`
      : `${label}: ${fmtInt(progress.filesDone)}/${fmtCount(progress.filesTotal, 'file')}, ${fmtCount(progress.episodes, 'episode')}` +
        (secs !== null ? ` in ${fmtDuration(secs)}` : '') +
        (removed ? `; ${fmtCount(removed, 'file')} gone since indexed` : '')
  const failed = progress.failed > 0 ? `${fmtInt(progress.failed)} ${upToDate ? 'still in error' : 'failed'}` : null
  return { line, failed, message: said ? null : progress.message }
}
