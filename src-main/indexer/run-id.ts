import { createHash } from 'node:crypto'

/** Stable run id from the source path: the same file keeps its id (and deep links) across re-indexing. */
export const runIdFor = (sourcePath: string): string =>
  'r' + createHash('sha1').update(sourcePath).digest('hex').slice(0, 10)

/** Stable episode id: the run and the record's position in the file. */
export const episodeIdFor = (runId: string, ordinal: number): string => `${runId}-${ordinal}`
