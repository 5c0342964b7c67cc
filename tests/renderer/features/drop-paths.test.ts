import { describe, expect, it } from 'vitest'
import { droppedPaths } from '../../../src-renderer/src/features/workspace/drop-paths'

describe('droppedPaths', () => {
  it('asks the desktop bridge for each file, skipping empty and repeated paths', () => {
    const desktop = {
      pathForFile: (f: unknown) => ({ a: '/x/a.jsonl', b: '', c: '/x/a.jsonl', d: '/x/dir' })[f as string] ?? ''
    }
    expect(droppedPaths(['a', 'b', 'c', 'd'], desktop)).toEqual(['/x/a.jsonl', '/x/dir'])
  })
  it('gives nothing in browser mode, where local paths are never revealed', () => {
    expect(droppedPaths(['a'], null)).toEqual([])
  })
})
