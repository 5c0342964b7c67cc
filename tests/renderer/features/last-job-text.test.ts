/** The sidebar's line for the last index job: what it read, or that nothing changed, and files still in error. */
import { describe, expect, it } from 'vitest'
import type { IndexProgress } from '@contract/model'
import { idleProgress } from '@contract/progress'
import { lastJobText } from '../../../src-renderer/src/features/workspace/last-job-text'

const done = (p: Partial<IndexProgress>): IndexProgress =>
  idleProgress({ state: 'done', startedAt: 1000, finishedAt: 1100, ...p })

describe('lastJobText', () => {
  it('says what a job read, and how many files failed', () => {
    expect(lastJobText(done({ filesTotal: 20, filesDone: 20, episodes: 93, failed: 1 }))).toEqual({
      line: 'Indexed: 20/20 files, 93 episodes in 0.1s',
      failed: '1 failed',
      message: null
    })
    expect(lastJobText(done({ filesTotal: 1, filesDone: 1, episodes: 1 })).line).toBe(
      'Indexed: 1/1 file, 1 episode in 0.1s'
    )
  })

  it('a job with nothing to read is up to date; a broken file left unread is still counted', () => {
    expect(lastJobText(done({}))).toEqual({
      line: 'Up to date: no file changed since it was indexed (checked in 0.1s)',
      failed: null,
      message: null
    })
    // a file whose content failed is not read again while unchanged: the job read nothing, the file is in error
    expect(lastJobText(done({ failed: 2 })).failed).toBe('2 still in error')
  })

  it('files gone since they were indexed are said, not counted as failed', () => {
    expect(lastJobText(done({ removed: 2 }))).toEqual({
      line: '2 files gone since indexed (moved or deleted): their runs removed (checked in 0.1s)',
      failed: null,
      message: null
    })
    expect(lastJobText(done({ filesTotal: 1, filesDone: 1, episodes: 3, removed: 1 })).line).toBe(
      'Indexed: 1/1 file, 3 episodes in 0.1s; 1 file gone since indexed'
    )
  })

  it('a root removed says so, not "Up to date" above it', () => {
    expect(lastJobText(done({ message: 'Removed /evals and its runs from the workspace' }))).toEqual({
      line: 'Removed /evals and its runs from the workspace',
      failed: null,
      message: null
    })
  })

  it('a cancelled job says so', () => {
    expect(lastJobText(done({ state: 'cancelled', filesTotal: 4, filesDone: 1, episodes: 3 })).line).toBe(
      'Indexing cancelled: 1/4 files, 3 episodes in 0.1s'
    )
  })
})
