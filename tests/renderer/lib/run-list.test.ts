import { describe, expect, it } from 'vitest'
import { filterRuns, groupRuns, runFolder, runNameHints } from '../../../src-renderer/src/lib/run-list'
import { run } from '../fake-api'

describe('runs table: search, grouping, namesakes', () => {
  const runs = [
    run({
      id: 'a',
      name: 'results',
      model: 'gpt-5',
      env: 'terminal-bench',
      source: '/r/tb/2025-11-20/gpt5/results.json'
    }),
    run({
      id: 'b',
      name: 'results',
      model: 'gpt-5',
      env: 'terminal-bench',
      source: '/r/tb/2025-11-21/gpt5/results.json'
    }),
    run({ id: 'c', name: 'eval', model: 'qwen3-8b', env: 'math', source: '/r/math/eval.jsonl' }),
    run({ id: 'd', name: 'eval', model: 'qwen3-32b', env: 'math', source: '/r/math/eval-32b.jsonl' }),
    run({ id: 'e', name: 'solo', model: null, env: null, source: 'solo.jsonl' })
  ]

  it('names what tells runs of the same name apart: the model when it differs, else the shortest folder tail', () => {
    const hints = runNameHints(runs)
    expect(hints.get('a')).toBe('…/2025-11-20/gpt5')
    expect(hints.get('b')).toBe('…/2025-11-21/gpt5')
    expect(hints.get('c')).toBe('qwen3-8b')
    expect(hints.get('d')).toBe('qwen3-32b')
    expect(hints.has('e')).toBe(false)
  })

  it('falls back to the source file when two namesakes share a folder and a model', () => {
    const same = [
      run({ id: 'x', name: 'n', model: 'm', source: '/d/one.jsonl' }),
      run({ id: 'y', name: 'n', model: 'm', source: '/d/two.jsonl' })
    ]
    const hints = runNameHints(same)
    expect(hints.get('x')).toBe('…/one.jsonl')
    expect(hints.get('y')).toBe('…/two.jsonl')
  })

  it('finds runs by every word in name, model, env or path, case-insensitively', () => {
    expect(filterRuns(runs, '').map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(filterRuns(runs, 'QWEN').map((r) => r.id)).toEqual(['c', 'd'])
    expect(filterRuns(runs, 'gpt 11-21').map((r) => r.id)).toEqual(['b'])
    expect(filterRuns(runs, 'terminal math')).toEqual([])
  })

  it('groups in the order the rows come, each group keeping its rows in order', () => {
    const byEnv = groupRuns([runs[2], runs[0], runs[4], runs[3], runs[1]], 'env')
    expect(byEnv.map((g) => [g.key, g.runs.map((r) => r.id)])).toEqual([
      ['math', ['c', 'd']],
      ['terminal-bench', ['a', 'b']],
      ['', ['e']]
    ])
    expect(groupRuns(runs, 'folder').map((g) => g.key)).toEqual([
      '/r/tb/2025-11-20/gpt5',
      '/r/tb/2025-11-21/gpt5',
      '/r/math',
      ''
    ])
    expect(groupRuns(runs, 'none')).toEqual([{ key: '', runs }])
    expect(runFolder({ source: 'C:\\evals\\x\\results.json' })).toBe('C:\\evals\\x')
  })
})
