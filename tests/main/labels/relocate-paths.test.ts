/** Where a labels file's paths are in this workspace: the longest shared tail, at least file and folder, no guess on a tie. */
import { describe, expect, it } from 'vitest'
import { relocatePaths } from '../../../src-main/labels/relocate-paths'

describe('relocatePaths', () => {
  const local = [
    '/Users/b/evals/wordle--gpt-5-mini/b5161fc3/results.jsonl',
    '/Users/b/evals/wordle--gpt-4.1-mini/9a56fe55/results.jsonl',
    '/Users/b/evals/math/a/results.jsonl',
    '/Users/b/other/math/a/results.jsonl',
    'C:\\runs\\tau\\gpt-4o-airline.json'
  ]

  it('moves a path of another machine to the one local file ending the same way', () => {
    const moved = relocatePaths(
      ['/home/a/data/wordle--gpt-5-mini/b5161fc3/results.jsonl', '/mnt/x/tau/gpt-4o-airline.json'],
      local
    )
    expect([...moved]).toEqual([
      ['/home/a/data/wordle--gpt-5-mini/b5161fc3/results.jsonl', local[0]],
      ['/mnt/x/tau/gpt-4o-airline.json', local[4]]
    ])
  })

  it('leaves paths that are here, that share only a file name, or that tie', () => {
    expect(relocatePaths([local[1]], local).size).toBe(0)
    // results.jsonl alone names every verifiers run
    expect(relocatePaths(['/home/a/zzz/results.jsonl'], local).size).toBe(0)
    // math/a/results.jsonl is in two places here: not guessed
    expect(relocatePaths(['/home/a/math/a/results.jsonl'], local).size).toBe(0)
    // the longer tail wins over the shorter one
    expect(relocatePaths(['/home/a/other/math/a/results.jsonl'], local).get('/home/a/other/math/a/results.jsonl')).toBe(
      local[3]
    )
  })
})
