/** First contact (issue 15, item 8): the demo not offered while open, the search's empty state, many runs' picker. */
import { describe, expect, it } from 'vitest'
import type { IndexProgress, Workspace } from '@contract/model'
import { filterRuns, pickerLabel, runChoiceName } from '../../../src-renderer/src/features/search/RunPicker'
import { searchIndexStatus } from '../../../src-renderer/src/features/search/search-status'
import { demoIsOpen } from '../../../src-renderer/src/state/workspace-slice'

const progress = (p: Partial<IndexProgress>): IndexProgress => ({
  state: 'done',
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
  ...p
})

describe('demoIsOpen', () => {
  const ws = (roots: string[], demoPath: string | null): Workspace =>
    ({ roots, demoPath, sources: [], dbPath: '', progress: progress({}) }) as unknown as Workspace
  it('is true while the demo folder is a root, whatever else is open', () => {
    expect(demoIsOpen(ws(['/app/demo'], '/app/demo'))).toBe(true)
    expect(demoIsOpen(ws(['/evals', '/app/demo'], '/app/demo'))).toBe(true)
    expect(demoIsOpen(ws(['/evals'], '/app/demo'))).toBe(false)
    expect(demoIsOpen(ws([], null))).toBe(false)
    expect(demoIsOpen(null)).toBe(false)
  })
})

describe('searchIndexStatus', () => {
  const runs = [{ episodes: 64 }, { episodes: 64 }, { episodes: 320 }]
  it('says what the search covers: everything indexed, what is indexed so far, or nothing yet', () => {
    expect(searchIndexStatus(runs, progress({ state: 'done' }), null)).toBe(
      'Index ready: every turn of 3 runs (448 episodes) is searchable.'
    )
    expect(searchIndexStatus([{ episodes: 1 }], null, null)).toBe(
      'Index ready: every turn of 1 run (1 episode) is searchable.'
    )
    expect(searchIndexStatus(runs, progress({ state: 'indexing', filesDone: 3, filesTotal: 1200 }), null)).toBe(
      'Indexing: 3 of 1,200 files done — search covers what is indexed so far.'
    )
    expect(searchIndexStatus(runs, progress({ state: 'waiting' }), null)).toBe(
      'Waiting for another process indexing this database — search covers what is indexed so far.'
    )
    expect(searchIndexStatus(runs, null, { pendingSources: 4 })).toContain('still being built (4 files to go)')
    expect(searchIndexStatus([], null, null)).toContain('Nothing is indexed yet')
  })
})

describe('the run picker', () => {
  const runs = [
    { id: 'a', name: 'repo-repair · qwen3-8b (base)', checkpointStep: null },
    { id: 'b', name: 'repo-repair · qwen3-8b-grpo-step400 (trained)', checkpointStep: null },
    { id: 'c', name: 'rl-math-prime-rl · eval', checkpointStep: null }
  ]
  it('filters by every word of the box, in any case', () => {
    expect(filterRuns(runs, 'QWEN trained').map((r) => r.id)).toEqual(['b'])
    expect(filterRuns(runs, '  ').map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(filterRuns(runs, 'wordle')).toEqual([])
  })
  it('names what is picked on its button', () => {
    expect(pickerLabel(runs, [])).toBe('all 3 runs')
    expect(pickerLabel(runs, ['c'])).toBe('rl-math-prime-rl · eval')
    expect(pickerLabel(runs, ['a', 'c'])).toBe('2 of 3 runs')
  })

  // two Inspect logs of one eval (.eval and .json) share a name; the hints are runNameHints', as the runs table has them
  const namesakes = [
    { id: 'e', name: 'popularity 2024-10-15 12:53', checkpointStep: null },
    { id: 'j', name: 'popularity 2024-10-15 12:53', checkpointStep: null },
    { id: 's', name: 'sweep', checkpointStep: 400 }
  ]
  const hints = new Map([
    ['e', '…/log_formats.eval'],
    ['j', '…/log_formats.json']
  ])
  it('tells runs of one name apart as the runs table does, and a checkpoint by its step', () => {
    expect(namesakes.map((r) => runChoiceName(r, hints))).toEqual([
      'popularity 2024-10-15 12:53 (…/log_formats.eval)',
      'popularity 2024-10-15 12:53 (…/log_formats.json)',
      'sweep @400'
    ])
    expect(pickerLabel(namesakes, ['j'], hints)).toBe('popularity 2024-10-15 12:53 (…/log_formats.json)')
  })
  it('filters on what tells namesakes apart too', () => {
    expect(filterRuns(namesakes, 'popularity json', hints).map((r) => r.id)).toEqual(['j'])
    expect(filterRuns(namesakes, 'popularity', hints).map((r) => r.id)).toEqual(['e', 'j'])
  })
})
