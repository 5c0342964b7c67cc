/**
 * The training curve read step by step and kept between calls (CurveCache) equals the curve computed from every
 * episode of the run read at once (curveOfValues over readRunValues: how it was computed before the cache), on a
 * generated prime-rl run: at the first open, reopened, after new steps arrive one at a time (only they are read),
 * and after a step's file is read again because its `effective` file arrived (same row ids, new `batch` marks).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { writePrimeRlRun } from '../../generators/prime-rl-run.mjs'
import { tempEngine } from '../../helpers/temp-engine'
import { openDb } from '../../../src-main/db/open-db'
import { getRun } from '../../../src-main/db/run-rows'
import * as values from '../../../src-main/compare/task-values'
import { CurveCache, curveOfValues, trainingCurve } from '../../../src-main/compare/training-curve'

const STEPS = 20
const staging = mkdtempSync(join(tmpdir(), 'rs-curve-stage-'))
writePrimeRlRun({ outDir: staging, steps: STEPS + 2, groups: 3, groupSize: 4, seed: 'curve-cache' })
const { engine, dbPath, dir } = tempEngine()
const outDir = join(dir, 'run')
const step = (n: number): string => join('rollouts', `step_${n}`, 'train')
const copyStep = (n: number, subset: 'all' | 'effective'): void => {
  mkdirSync(join(outDir, step(n), subset), { recursive: true })
  cpSync(join(staging, step(n), subset), join(outDir, step(n), subset), { recursive: true })
}
afterAll(async () => {
  await engine.close()
  rmSync(staging, { recursive: true, force: true })
})

describe('trainingCurve with its cache', () => {
  it('equals the curve of the whole run read at once, as steps arrive and a step is read again', async () => {
    for (let n = 0; n < STEPS; n++) {
      copyStep(n, 'effective')
      copyStep(n, 'all')
    }
    await engine.indexPaths([outDir])
    const db = openDb(dbPath)
    try {
      const [summary] = await engine.api.listRuns()
      const run = () => getRun(db, summary.id)!
      const reference = () => curveOfValues(run(), values.readRunValues(db, summary.id))
      const cache = new CurveCache()
      const read = vi.spyOn(values, 'readRunValues')
      expect(trainingCurve(db, run(), cache)).toEqual(reference())
      read.mockClear()
      expect(trainingCurve(db, run(), cache)).toEqual(reference())
      expect(read).toHaveBeenCalledTimes(1) // the reference's read: every step came from the cache

      // a new step: only it is read
      copyStep(STEPS, 'effective')
      copyStep(STEPS, 'all')
      await engine.indexPaths([outDir])
      read.mockClear()
      const grown = trainingCurve(db, run(), cache)
      expect(read.mock.calls.map((c) => c[2])).toEqual([STEPS])
      expect(grown.points).toHaveLength(STEPS + 1)
      expect(grown).toEqual(reference())

      // the last step's `all` first, its `effective` later: the step is read again (same row ids) with its marks
      copyStep(STEPS + 1, 'all')
      await engine.indexPaths([outDir])
      const before = trainingCurve(db, run(), cache)
      expect(before.points.at(-1)!.kept).toBeUndefined()
      copyStep(STEPS + 1, 'effective')
      await engine.indexPaths([outDir])
      const after = trainingCurve(db, run(), cache)
      expect(after.points.at(-1)!.kept).toBeDefined()
      expect(after).toEqual(reference())
      read.mockRestore()
    } finally {
      db.close()
    }
  })
})
