/** What the search screen says about its index when there are no hits to show (no query yet, or nothing matched). */
import type { IndexProgress, RunSummary, SearchPage } from '@contract/model'
import { fmtInt } from '../../lib/format'
import { isIndexing } from '../../state/progress'

/** One line on what the search covers now: every indexed turn, or what is indexed so far. */
export function searchIndexStatus(
  runs: Pick<RunSummary, 'episodes'>[],
  progress: IndexProgress | null,
  page: Pick<SearchPage, 'pendingSources'> | null
): string {
  if (progress?.state === 'waiting')
    return 'Waiting for another process indexing this database — search covers what is indexed so far.'
  if (isIndexing(progress))
    return `Indexing: ${fmtInt(progress!.filesDone)} of ${fmtInt(progress!.filesTotal)} files done — search covers what is indexed so far.`
  if (page && page.pendingSources > 0)
    return `The search index is still being built (${fmtInt(page.pendingSources)} files to go): some turns are not searchable yet.`
  if (runs.length === 0) return 'Nothing is indexed yet: add a folder of runs (Add folder… in the sidebar) first.'
  const episodes = runs.reduce((n, r) => n + r.episodes, 0)
  return `Index ready: every turn of ${fmtInt(runs.length)} ${runs.length === 1 ? 'run' : 'runs'} (${fmtInt(episodes)} ${episodes === 1 ? 'episode' : 'episodes'}) is searchable.`
}

/** Queries to try, each showing one part of the syntax. */
export const EXAMPLE_QUERIES: readonly { query: string; what: string }[] = [
  { query: 'error', what: 'a word' },
  { query: '"permission denied"', what: 'an exact phrase' },
  { query: 'timeout*', what: 'a prefix' },
  { query: 'pytest -passed', what: 'leave a word out' }
]
