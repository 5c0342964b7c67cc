/** Property-based robustness of the verifiers v1 / prime-rl adapters (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { verifiersV1Adapter } from '../../../src-main/formats/adapters/verifiers-v1'
import { primeRlRowsAdapter } from '../../../src-main/formats/adapters/prime-rl-rows'
import { finalBranch } from '../../../src-main/formats/adapters/verifiers-v1-graph'
import { formatContext } from '../../../src-main/formats/context'
import { checkJsonlAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'
import { rowsOf } from '../adapters/read-rows'

const VF_EVAL = ownFixture('verifiers-v1/vf-eval/outputs/wiki-search--gpt-4.1-mini--default--9c1e4a2b/traces.jsonl')
const ALL = ownFixture('verifiers-v1/prime-rl-run/rollouts/step_2/train/all/traces.jsonl')
const ROWS = ownFixture('verifiers-v1/prime-rl-rows/rollouts/step_0/train_rollouts.jsonl')

describe('adapter properties: verifiers v1 and prime-rl', () => {
  it('Episode records: random and mutated records never throw out of the adapter', () => {
    const samples = [...rowsOf(VF_EVAL), ...rowsOf(ALL).slice(0, 3)]
    // the bare traces too (one trace per line, as prime-rl wrote in Jul 2026)
    const traces = samples.flatMap((e) => (Array.isArray(e.traces) ? (e.traces as Record<string, unknown>[]) : []))
    checkJsonlAdapterProperties(verifiersV1Adapter, [...samples, ...traces.slice(0, 4)])
  })

  it('prime-rl rows: random and mutated rows never throw out of the adapter', () => {
    // the adapter takes rows only in a step folder: check it as the indexer calls it on such a file
    const file = { path: ROWS, ctx: formatContext() }
    const inPlace = {
      ...primeRlRowsAdapter,
      matches: (r: Record<string, unknown>) => primeRlRowsAdapter.matches(r, ROWS),
      summarize: (r: Record<string, unknown>) => primeRlRowsAdapter.summarize(r, file)
    }
    expect(inPlace.summarize(rowsOf(ROWS)[0]).step).toBe(0)
    checkJsonlAdapterProperties(inPlace, rowsOf(ROWS).slice(0, 4))
  })

  it('any message graph: the final branch is a path of the graph ending at its last leaf, never a loop', () => {
    const graph = fc.array(
      fc.record({ parent: fc.option(fc.integer({ min: -2, max: 12 }), { nil: null }), sampled: fc.boolean() }),
      { maxLength: 12 }
    )
    fc.assert(
      fc.property(graph, (nodes) => {
        const trace = { nodes: nodes.map((n, i) => ({ ...n, message: { role: 'user', content: `m${i}` } })) }
        const { prompt, completion } = finalBranch(trace)
        const path = [...prompt, ...completion].map((m) => Number(String(m.content).slice(1)))
        expect(new Set(path).size).toBe(path.length)
        const parents = new Set(nodes.map((n) => n.parent))
        const leaves = nodes.map((_, i) => i).filter((i) => !parents.has(i))
        expect(path.at(-1)).toBe(leaves.at(-1))
        // each message's parent is the one before it on the path
        for (let k = 1; k < path.length; k++) expect(nodes[path[k]].parent).toBe(path[k - 1])
        // completion starts at the first sampled node of the path
        const first = path.findIndex((i) => nodes[i].sampled)
        expect(prompt.length).toBe(first < 0 ? path.length : first)
      }),
      { numRuns: 300 }
    )
  })

  it('the step of a rollout in a step folder is the folder’s, for any step', () => {
    const row = rowsOf(ALL)[0]
    fc.assert(
      fc.property(
        fc.nat({ max: 100_000 }),
        fc.constantFrom('train', 'eval'),
        fc.constantFrom('all', 'effective'),
        (step, kind, subset) => {
          const path = join('/out', 'rollouts', `step_${step}`, kind, subset, 'traces.jsonl')
          const s = verifiersV1Adapter.summarize(row, { path, ctx: formatContext() })
          expect(s.step).toBe(step)
          expect(verifiersV1Adapter.runKeyOf?.(path)).toBe(`/out/rollouts#${kind}`)
        }
      ),
      { numRuns: 50 }
    )
  })

  it('truncated and corrupted files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(VF_EVAL), name: 'traces.jsonl' },
      { bytes: readFileSync(ROWS), name: 'train_rollouts.jsonl' }
    ])
  }, 60_000)
})
