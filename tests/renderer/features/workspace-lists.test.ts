import { describe, expect, it } from 'vitest'
import type { SourceStatus } from '@contract/model'
import { distinguishingFolders, rootStats } from '../../../src-renderer/src/features/workspace/source-stats'
import { fmtCount } from '../../../src-renderer/src/lib/format'

const src = (path: string, episodes: number): SourceStatus =>
  ({ path, episodes, state: 'indexed', warnings: [] }) as unknown as SourceStatus

describe('the workspace lists', () => {
  it('overlapping roots count each file once, under the innermost root; the outer one says how many it leaves', () => {
    const sources = [src('/runs/a/r.jsonl', 10), src('/runs/b/r.jsonl', 20), src('/runs/b/deep/x.jsonl', 1)]
    const stats = rootStats(['/runs', '/runs/b/', '/runs/b/deep/x.jsonl'], sources)
    expect(stats.get('/runs')).toEqual({ files: 1, notWalked: 0, episodes: 10, nestedFiles: 2 })
    expect(stats.get('/runs/b/')).toEqual({ files: 1, notWalked: 0, episodes: 20, nestedFiles: 1 })
    expect(stats.get('/runs/b/deep/x.jsonl')).toEqual({ files: 1, notWalked: 0, episodes: 1, nestedFiles: 0 })
    const total = [...stats.values()].reduce((n, s) => n + s.files, 0)
    expect(total).toBe(sources.length)
  })

  it("a place the walk could not go (a broken link, a loop) is no file: counted apart from the root's files", () => {
    const link = { ...src('/runs/latest', 0), state: 'error', walkProblem: true } as SourceStatus
    const stats = rootStats(['/runs'], [src('/runs/a.jsonl', 3), link])
    expect(stats.get('/runs')).toEqual({ files: 1, notWalked: 1, episodes: 3, nestedFiles: 0 })
  })

  it('files of one name are told apart by as few of their folders as it takes', () => {
    const paths = [
      '/tb/job/task-a/trial-1/results.json',
      '/tb/job/task-b/trial-1/results.json',
      '/tb/job/task-b/trial-2/results.json',
      '/tb/job/task-c/trial-7/results.json',
      '/tb/job/config.json',
      'C:\\evals\\base\\results.jsonl'
    ]
    const f = distinguishingFolders(paths)
    expect(paths.map((p) => f.get(p))).toEqual([
      'task-a/trial-1',
      'task-b/trial-1',
      'trial-2',
      'trial-7',
      'job',
      'base'
    ])
    expect(distinguishingFolders(['/a/x.json', '/a/x.json/../x.json']).size).toBe(2)
  })

  it('counts say one thing in the singular', () => {
    expect(fmtCount(1, 'turn')).toBe('1 turn')
    expect(fmtCount(0, 'turn')).toBe('0 turns')
    expect(fmtCount(12345, 'episode')).toBe('12,345 episodes')
    expect(fmtCount(2, 'match', 'matches')).toBe('2 matches')
  })
})
