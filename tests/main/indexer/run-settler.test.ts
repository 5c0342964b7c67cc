/**
 * The pace at which a job settles a run fed by many files (run-settler.ts): at once for the run's first file, then
 * only when the time since the last settle is several times what it took, and whatever is pending at the end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as membership from '../../../src-main/db/run-membership'
import { RunSettler } from '../../../src-main/indexer/run-settler'
import type { Db } from '../../../src-main/db/open-db'

// better-sqlite3's transaction function and its IMMEDIATE variant (the settler writes as every job transaction does)
const fakeDb = { transaction: (f: () => void) => Object.assign(() => f(), { immediate: f }) } as unknown as Db

afterEach(() => vi.restoreAllMocks())

describe('RunSettler', () => {
  it('settles a run after its first file, defers while settling would dominate, flushes the rest', () => {
    let clock = 0
    const settled: string[] = []
    vi.spyOn(membership, 'settleRuns').mockImplementation((_db, ids) => {
      settled.push(...ids)
      clock += 10 // each settle takes 10 ms
      return [...ids]
    })
    const s = new RunSettler(fakeDb, () => clock)
    s.fileDone('a')
    expect(settled).toEqual(['a'])
    clock += 5
    s.fileDone('a') // 5 ms since a settle of 10 ms: deferred
    s.fileDone('b') // another run's first file: at once
    expect(settled).toEqual(['a', 'b'])
    clock += 40
    s.fileDone('a') // 4 × its last settle has passed
    expect(settled).toEqual(['a', 'b', 'a'])
    s.fileDone('a') // just settled: deferred
    expect(settled).toEqual(['a', 'b', 'a'])
    expect(s.flush()).toEqual(['a'])
    expect(settled).toEqual(['a', 'b', 'a', 'a'])
    expect(s.flush()).toEqual([])
  })
})
