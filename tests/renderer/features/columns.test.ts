import { describe, expect, it } from 'vitest'
import {
  episodeColumns,
  gridTemplate,
  isSortableMetric,
  tableWidth,
  taskKeyHint
} from '../../../src-renderer/src/features/episodes/episode-columns'
import { nextRunSort, RUN_COLUMNS, sortRuns } from '../../../src-renderer/src/features/runs/runs-columns'
import { parseThreshold } from '../../../src-renderer/src/features/runs/threshold'
import { rootStats, stateCounts, visibleSources } from '../../../src-renderer/src/features/workspace/source-stats'
import type { SourceStatus } from '@contract/model'
import { episode, run } from '../fake-api'

describe('episode columns', () => {
  const cols = episodeColumns({
    metrics: [
      { name: 'exact_match', count: 3, mean: 0.5, std: null, min: 0, max: 1 },
      { name: 'has space', count: 3, mean: 1, std: null, min: 1, max: 1 }
    ],
    infoFields: ['difficulty']
  })

  it('adds one column per metric and per info field after the base columns', () => {
    expect(cols.map((c) => c.id)).toEqual([
      'ordinal',
      'task',
      'rollout',
      'reward',
      'passed',
      'flags',
      'labels',
      'steps',
      'turns',
      'termination',
      'status',
      'step',
      'tokensIn',
      'tokensOut',
      'generation',
      'duration',
      'preview',
      'answer',
      'metric:exact_match',
      'metric:has space',
      'info:difficulty'
    ])
    expect(cols.filter((c) => !c.shownByDefault).map((c) => c.id)).toEqual([
      'termination',
      'status',
      'step',
      'tokensIn',
      'tokensOut',
      'generation',
      'duration'
    ])
    expect(cols.find((c) => c.id === 'steps')?.label).toBe('Steps')
    expect(cols.find((c) => c.id === 'turns')?.label).toBe('Messages')
    expect(cols.map((c) => c.source).filter((s, i, a) => a.indexOf(s) === i)).toEqual(['fixed', 'metric', 'info'])
  })

  it('shows termination and generation time by default for runs that record them', () => {
    const timed = episodeColumns(
      run({
        id: 'x',
        terminations: [{ reason: 'max_steps', count: 3 }],
        generationMs: { count: 4, mean: 800, std: 10, min: 700, max: 900 }
      })
    )
    const shown = timed.filter((c) => c.shownByDefault).map((c) => c.id)
    expect(shown).toContain('termination')
    expect(shown).toContain('generation')
    expect(
      episodeColumns(run({ id: 'y' }))
        .filter((c) => c.shownByDefault)
        .map((c) => c.id)
    ).not.toContain('termination')
  })

  it('sorts only by keys the API accepts', () => {
    expect(cols.find((c) => c.id === 'metric:exact_match')?.sortKey).toBe('metric:exact_match')
    expect(cols.find((c) => c.id === 'metric:has space')?.sortKey).toBeNull()
    expect(cols.find((c) => c.id === 'info:difficulty')?.sortKey).toBe('info:difficulty')
    expect(cols.find((c) => c.id === 'duration')?.sortKey).toBe('durationMs')
    expect(cols.find((c) => c.id === 'steps')?.sortKey).toBe('steps')
    expect(cols.find((c) => c.id === 'generation')?.sortKey).toBe('generationMs')
    expect(cols.find((c) => c.id === 'task')?.sortKey).toBe('taskKey')
    expect(isSortableMetric('a.b-c/d_e')).toBe(true)
    expect(isSortableMetric('a b')).toBe(false)
  })

  it('formats cells', () => {
    const ep = { ...episode('r', 2), metrics: { exact_match: 0.25 }, info: { difficulty: 'hard' }, preview: 'a\nb' }
    const text = (id: string): string => cols.find((c) => c.id === id)!.text(ep)
    expect(text('reward')).toBe('1.000')
    expect(text('passed')).toBe('✓')
    expect(text('metric:exact_match')).toBe('0.25')
    expect(text('metric:has space')).toBe('–')
    expect(text('info:difficulty')).toBe('hard')
    expect(text('preview')).toBe('a b')
    const timed = {
      ...ep,
      durationMs: 65_000,
      generationMs: 850,
      tokensIn: 12_345,
      step: null,
      termination: 'max_steps'
    }
    expect(cols.find((c) => c.id === 'duration')!.text(timed)).toBe('1 min 5 s')
    expect(cols.find((c) => c.id === 'generation')!.text(timed)).toBe('850 ms')
    expect(cols.find((c) => c.id === 'termination')!.text(timed)).toBe('max_steps')
    expect(cols.find((c) => c.id === 'turns')!.text({ ...timed, transcript: false })).toBe('–')
    expect(cols.find((c) => c.id === 'tokensIn')!.text(timed)).toBe('12.3k')
    expect(cols.find((c) => c.id === 'step')!.text(timed)).toBe('–')
  })

  it('shares one grid template; the preview column takes spare width', () => {
    const base = episodeColumns(null).filter((c) => c.shownByDefault)
    expect(gridTemplate(base)).toBe('64px 200px 52px 84px 46px 120px 150px 56px 84px minmax(320px, 1fr) 140px')
    expect(tableWidth(base)).toBe(64 + 200 + 52 + 84 + 46 + 120 + 150 + 56 + 84 + 320 + 140)
    expect(taskKeyHint('prompt_hash').mark).toBe('hash')
    expect(taskKeyHint('explicit').mark).toBe('')
  })
})

describe('runs table', () => {
  const runs = [
    run({ id: 'b', meanReward: 0.5, createdAt: '2026-01-02' }),
    run({ id: 'a', meanReward: null, createdAt: '2026-01-03' }),
    run({ id: 'c', meanReward: 0.9, createdAt: '2026-01-01' })
  ]
  it('sorts by a column with missing values last, and cycles asc → desc → engine order', () => {
    expect(sortRuns(runs, { key: 'reward', desc: false }).map((r) => r.id)).toEqual(['b', 'c', 'a'])
    expect(sortRuns(runs, { key: 'reward', desc: true }).map((r) => r.id)).toEqual(['c', 'b', 'a'])
    expect(sortRuns(runs, { key: 'date', desc: false }).map((r) => r.id)).toEqual(['c', 'b', 'a'])
    expect(sortRuns(runs, null)).toBe(runs)
    expect(nextRunSort(null, 'reward')).toEqual({ key: 'reward', desc: false })
    expect(nextRunSort({ key: 'reward', desc: false }, 'reward')).toEqual({ key: 'reward', desc: true })
    expect(nextRunSort({ key: 'reward', desc: true }, 'reward')).toBeNull()
  })
  it('shows mean ± CI with the range in the tooltip, and the pass rule', () => {
    const r = run({ id: 'x', meanReward: 0.7333, rewardCi95: [0.6133, 0.8533], passRate: 0.6, passThreshold: 0.5 })
    const col = (id: string) => RUN_COLUMNS.find((c) => c.id === id)!
    expect(col('reward').text(r)).toBe('0.733 ± 0.12')
    expect(col('reward').title?.(r)).toBe('95% CI 0.613 – 0.853')
    expect(col('pass').text(r)).toBe('60%')
    expect(col('pass').title?.(r)).toBe('reward ≥ 0.5 (default)')
    expect(col('name').text({ ...r, checkpointStep: 400 })).toBe('x @400')
  })
  it('parses the pass threshold box', () => {
    expect(parseThreshold('')).toEqual({ value: null })
    expect(parseThreshold(' 0.75 ')).toEqual({ value: 0.75 })
    expect(parseThreshold('abc')).toHaveProperty('error')
    expect(parseThreshold('Infinity')).toHaveProperty('error')
  })
})

describe('workspace file list', () => {
  const src = (path: string, state: SourceStatus['state'], episodes = 0, warnings: string[] = []): SourceStatus => ({
    path,
    size: 1,
    mtimeMs: 0,
    format: 'verifiers',
    state,
    error: null,
    warnings,
    episodes,
    runId: null,
    indexedAt: null
  })
  const sources = [
    src('/evals/b/results.jsonl', 'indexed', 30),
    src('/evals/a/results.jsonl', 'error'),
    src('/evals-2/x.jsonl', 'indexed', 5, ['bad line 3']),
    src('/other/lfs.jsonl', 'not-downloaded')
  ]
  it('counts files and episodes per root without prefix confusion', () => {
    const stats = rootStats(['/evals', '/evals-2/x.jsonl', '/other/'], sources)
    expect(stats.get('/evals')).toEqual({ files: 2, notWalked: 0, episodes: 30, nestedFiles: 0 })
    expect(stats.get('/evals-2/x.jsonl')).toEqual({ files: 1, notWalked: 0, episodes: 5, nestedFiles: 0 })
    expect(stats.get('/other/')).toEqual({ files: 1, notWalked: 0, episodes: 0, nestedFiles: 0 })
  })
  it('counts states in display order and filters problems', () => {
    expect(stateCounts(sources)).toEqual([
      ['indexed', 2],
      ['not-downloaded', 1],
      ['error', 1]
    ])
    expect(visibleSources(sources, true).map((s) => s.path)).toEqual([
      '/evals-2/x.jsonl',
      '/evals/a/results.jsonl',
      '/other/lfs.jsonl'
    ])
    expect(visibleSources(sources, false)).toHaveLength(4)
  })
})
