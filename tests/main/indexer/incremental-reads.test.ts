/**
 * Only what changed is read again (issue 17 item 6): a new run's metadata.json, an edited one, a resumed job. The
 * tests count the files each job read (the report's `indexed` rows), never time.
 */
import { appendFileSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IndexReport } from '@contract/model'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { writeVerifiersRun } from '../../helpers/verifiers-run'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

function open(dbPath: string): Engine {
  engine = createEngine({ dbPath, mode: 'cli', demoPath: null, version: 't', indexer: 'inline' })
  return engine
}

/** The files a job read (listed as indexed), relative to `root`, sorted. */
const readFiles = (report: IndexReport, root: string): string[] =>
  report.files
    .filter((f) => f.state === 'indexed')
    .map((f) => f.path.slice(root.length + 1))
    .sort()

/** A workspace of `runs` indexed verifiers runs under outputs/evals. */
async function indexedWorkspace(runs: number): Promise<{ root: string; evals: string; e: Engine }> {
  const root = mkdtempSync(join(tmpdir(), 'rs-incr-'))
  const evals = join(root, 'outputs', 'evals')
  for (let i = 0; i < runs; i++) writeVerifiersRun(evals, `env${i}--model/run${i}`)
  const e = open(join(root, 'app.db'))
  const first = await e.indexPaths([root])
  expect(first.indexed).toBe(runs)
  return { root, evals, e }
}

describe('incremental reads', () => {
  it('a new run (results.jsonl + metadata.json) in an indexed workspace reads that run alone', async () => {
    const { root, evals, e } = await indexedWorkspace(6)
    writeVerifiersRun(evals, 'new--model/run9')
    const again = await e.indexPaths([root])
    // before: the new metadata.json re-queued every results.jsonl under outputs/evals (7 files read)
    expect(readFiles(again, root)).toEqual(['outputs/evals/new--model/run9/results.jsonl'])
    expect(again.skipped).toBe(12) // 6 results.jsonl + 6 metadata.json, unchanged
    expect((await e.api.listRuns()).length).toBe(7)
  })

  it('a new metadata.json read before its results.jsonl exists re-reads nothing else', async () => {
    const { root, evals, e } = await indexedWorkspace(4)
    const dir = writeVerifiersRun(evals, 'late--model/run5', { metadata: true })
    // the run's folder had only its metadata when the job listed it: results.jsonl was still being written
    const results = join(dir, 'results.jsonl')
    const rows = readFileSync(results, 'utf8')
    writeFileSync(results, '')
    const partial = await e.indexPaths([root])
    expect(readFiles(partial, root)).toEqual([]) // the empty results.jsonl is an error, nothing else was read
    writeFileSync(results, rows)
    const done = await e.indexPaths([root])
    expect(readFiles(done, root)).toEqual(['outputs/evals/late--model/run5/results.jsonl'])
  })

  it('an edited metadata.json re-reads the results.jsonl beside it, and nothing else', async () => {
    const { root, evals, e } = await indexedWorkspace(5)
    const meta = join(evals, 'env2--model/run2/metadata.json')
    appendFileSync(meta, '\n')
    const later = new Date(Date.now() + 5000)
    utimesSync(meta, later, later)
    const again = await e.indexPaths([root])
    expect(readFiles(again, root)).toEqual(['outputs/evals/env2--model/run2/results.jsonl'])
  })
})
