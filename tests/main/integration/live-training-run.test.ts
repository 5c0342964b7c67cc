/**
 * A training run that is still writing (issue 14, Live), with the real watcher on a temp folder: a prime-rl output
 * folder gains `rollouts/step_N/train/{all,effective}/traces.jsonl` one step after another (and its metrics.jsonl a
 * line per step), a verl dump folder gains `<step>.jsonl` files. Each new step joins the same run and its curve, and
 * no file of an older step is read again (counted at the adapters: every record summarized, every file indexed).
 */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TraceEvent } from '@contract/api'
import { writePrimeRlRun } from '../../generators/prime-rl-run.mjs'
import { generateVerlDump } from '../../generators/verl-dump.mjs'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { verifiersV1Adapter } from '../../../src-main/formats/adapters/verifiers-v1'
import { verlDumpAdapter } from '../../../src-main/formats/adapters/verl'
import * as values from '../../../src-main/compare/task-values'

/** Generous: the watcher's quiet period and a job take well under a second; a loaded CI machine may not. */
const WAIT = { timeout: 20_000, interval: 50 }

let engine: Engine | null = null
const dirs: string[] = []
afterEach(async () => {
  await engine?.close()
  engine = null
  vi.restoreAllMocks()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function temp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(d)
  return d
}

/** A watching engine (as the app and serve run it), its indexer inline so the adapters' calls can be counted. */
function watchingEngine(dir: string): { e: Engine; jobsDone: () => number } {
  const e = createEngine({
    dbPath: join(dir, 'app.db'),
    mode: 'browser',
    demoPath: null,
    version: 't',
    indexer: 'inline',
    watch: true
  })
  engine = e
  let done = 0
  e.onEvent((ev: TraceEvent) => {
    if (ev.name === 'indexProgress' && (ev.payload as { state: string }).state === 'done') done++
  })
  return { e, jobsDone: () => done }
}

describe('a live prime-rl run', () => {
  it('shows each new step in the same run and its curve, reading only the new step’s files', async () => {
    const STEPS = 5
    const staging = temp('rs-live-stage-')
    writePrimeRlRun({ outDir: staging, steps: STEPS, groups: 3, groupSize: 4, seed: 'live' })
    const dir = temp('rs-live-')
    const out = join(dir, 'outputs', 'rl-math')
    const put = (step: number, subset: 'all' | 'effective'): void => {
      const rel = join('rollouts', `step_${step}`, 'train', subset)
      mkdirSync(join(out, rel), { recursive: true })
      cpSync(join(staging, rel, 'traces.jsonl'), join(out, rel, 'traces.jsonl'))
    }
    // the run as the trainer starts it: step 0 and the scalar log
    put(0, 'all')
    put(0, 'effective')
    cpSync(join(staging, 'metrics.jsonl'), join(out, 'metrics.jsonl'))
    const { e, jobsDone } = watchingEngine(dir)
    await e.indexPaths([out])
    const [run] = await e.api.listRuns()
    expect((await e.api.trainingCurve(run.id)).points.map((p) => p.step)).toEqual([0])

    // every record summarized from now on, with the step being written at that moment: a job that re-read an older
    // step's file (at once or late) shows up with a later step
    let writing = 0
    const reads: [number, string][] = []
    const summarize = verifiersV1Adapter.summarize
    vi.spyOn(verifiersV1Adapter, 'summarize').mockImplementation((record, file) => {
      reads.push([writing, file?.path ?? ''])
      return summarize(record, file)
    })
    // the curve's reads of episodes (the engine reads a changed run's curve after each job, and keeps its steps)
    const curveReads: [number, number | undefined][] = []
    const readValues = values.readRunValues
    vi.spyOn(values, 'readRunValues').mockImplementation((...args) => {
      curveReads.push([writing, args[2]])
      return readValues(...args)
    })
    const latency: number[] = []
    for (let step = 1; step < STEPS; step++) {
      writing = step
      const jobs = jobsDone()
      const t0 = Date.now()
      // prime-rl: `all` as rollouts arrive, `effective` when the batch ships, a metrics line per step
      put(step, 'all')
      put(step, 'effective')
      appendFileSync(join(out, 'metrics.jsonl'), JSON.stringify({ step, 'train/loss': 0.1 }) + '\n')
      await vi.waitFor(async () => {
        const curve = await e.api.trainingCurve(run.id)
        expect(curve.points.map((p) => p.step)).toEqual(Array.from({ length: step + 1 }, (_, i) => i))
        // the step's batch is complete with the filters' marks: its `effective` file has been read too
        expect(curve.points[step].kept).toBeDefined()
      }, WAIT)
      latency.push(Date.now() - t0)
      await vi.waitFor(() => expect(jobsDone()).toBeGreaterThan(jobs), WAIT)
      const runs = await e.api.listRuns()
      expect(runs.map((r) => r.id)).toEqual([run.id])
      expect(runs[0].episodes).toBe((step + 1) * 3 * 4)
    }
    // only the step being written had its `all` file read (once as it appeared, maybe again when its `effective` came)
    const stepFile = (step: number): string => join(out, 'rollouts', `step_${step}`, 'train', 'all', 'traces.jsonl')
    expect(reads.filter(([step, path]) => path !== stepFile(step))).toEqual([])
    expect(new Set(reads.map(([, path]) => path))).toEqual(new Set([1, 2, 3, 4].map(stepFile)))
    // and the curve read each new step alone (the engine reads a changed run's curve after each job)
    expect(curveReads.filter(([step, read]) => read !== step)).toEqual([])
    expect(new Set(curveReads.map(([step]) => step))).toEqual(new Set([1, 2, 3, 4]))
    console.log(`live prime-rl steps shown after ${latency.join(', ')} ms`)
  })
})

describe('a live prime-rl run written out of order', () => {
  it('an `effective` file that came before its `all` file becomes its companion once `all` is there', async () => {
    const staging = temp('rs-live-order-stage-')
    const written = writePrimeRlRun({ outDir: staging, steps: 2, groups: 3, groupSize: 4, seed: 'live-order' })
    const dir = temp('rs-live-order-')
    const out = join(dir, 'outputs', 'rl-math')
    const put = (step: number, subset: 'all' | 'effective'): string => {
      const rel = join('rollouts', `step_${step}`, 'train', subset)
      mkdirSync(join(out, rel), { recursive: true })
      cpSync(join(staging, rel, 'traces.jsonl'), join(out, rel, 'traces.jsonl'))
      return join(out, rel, 'traces.jsonl')
    }
    put(0, 'all')
    put(0, 'effective')
    const { e } = watchingEngine(dir)
    await e.indexPaths([out])
    const [run] = await e.api.listRuns()
    const kept = written.train[1].effective.length
    // alone, the `effective` file is the step's source (every rollout in it kept)
    const effective = put(1, 'effective')
    await vi.waitFor(async () => expect((await e.api.listRuns())[0].episodes).toBe(12 + kept), WAIT)
    put(1, 'all')
    await vi.waitFor(async () => {
      const curve = await e.api.trainingCurve(run.id)
      expect(curve.points.map((p) => [p.step, p.episodes, p.kept?.episodes])).toEqual([
        [0, 12, written.train[0].effective.length],
        [1, 12, kept]
      ])
    }, WAIT)
    expect((await e.api.listRuns()).map((r) => [r.id, r.episodes])).toEqual([[run.id, 24]])
    const source = (await e.api.getWorkspace()).sources.find((x) => x.path === effective)
    expect(source?.state).toBe('sidecar')
  })
})

describe('a live verl dump', () => {
  it('shows each new <step>.jsonl in the same run and its curve, reading only the new file', async () => {
    const staging = temp('rs-live-verl-stage-')
    const dump = generateVerlDump({ outDir: staging, steps: 5, testFreq: 100 })
    const dir = temp('rs-live-verl-')
    const out = join(dir, 'rollout')
    mkdirSync(out)
    const names = readdirSync(dump.rolloutDir).sort((a, b) => parseInt(a) - parseInt(b))
    cpSync(join(dump.rolloutDir, names[0]), join(out, names[0]))
    const { e } = watchingEngine(dir)
    await e.indexPaths([out])
    const [run] = await e.api.listRuns()

    const indexed = vi.spyOn(verlDumpAdapter, 'index')
    for (let i = 1; i < names.length; i++) {
      indexed.mockClear()
      cpSync(join(dump.rolloutDir, names[i]), join(out, names[i]))
      await vi.waitFor(async () => {
        const curve = await e.api.trainingCurve(run.id)
        expect(curve.points.map((p) => p.step)).toEqual(names.slice(0, i + 1).map((n) => parseInt(n)))
      }, WAIT)
      expect((await e.api.listRuns()).map((r) => r.id)).toEqual([run.id])
      expect(indexed.mock.calls.map((c) => c[1])).toEqual([join(out, names[i])])
    }
  })
})
