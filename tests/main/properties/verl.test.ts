/** Property-based robustness of the verl dump adapter, and its grouping over random batches. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verlDumpAdapter } from '../../../src-main/formats/adapters/verl'
import { formatContext } from '../../../src-main/formats/context'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'

const TRAIN = ownFixture('verl/dapo-qwen2.5-7b/rollout/2.jsonl')
const VAL = ownFixture('verl/dapo-qwen2.5-7b/validation/0.jsonl')
const TOOL = ownFixture('verl/gsm8k-tool-qwen2.5-3b/rollout/1.jsonl')
const rows = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))

describe('adapter properties: verl', () => {
  it('step files (as their rows, a one-row file as one object): random and mutated input never throws', () => {
    checkDocumentAdapterProperties(verlDumpAdapter, [
      { doc: rows(TRAIN), path: TRAIN },
      { doc: rows(TOOL), path: TOOL },
      { doc: rows(VAL)[0], path: VAL }
    ])
  })

  it('two rows of a step share a task (prompt hash) exactly when their inputs are the same text', () => {
    const [a, b] = rows(TRAIN).filter((r, i, all) => all.findIndex((x) => x.input === r.input) === i)
    const prompts = [a.input as string, b.input as string, 'user\nplain\nassistant\n', 'no template at all']
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: prompts.length - 1 }), fc.double({ min: -1, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 24
        }),
        (picks) => {
          const batch = picks.map(([p, score]) => ({ input: prompts[p], output: 'x', gts: '1', score, step: 7 }))
          const [run] = verlDumpAdapter.index(batch, '/runs/a/rollout/7.jsonl', formatContext())
          expect(run.episodes).toHaveLength(batch.length)
          run.episodes.forEach((e, i) => {
            expect(e.summary.step).toBe(7)
            expect(e.summary.reward).toBe(batch[i].score)
            run.episodes.forEach((f, j) =>
              expect(e.summary.promptHash === f.summary.promptHash).toBe(batch[i].input === batch[j].input)
            )
          })
        }
      ),
      { numRuns: 200 }
    )
  })

  it('truncated and corrupted step files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(TRAIN), name: '2.jsonl' },
      { bytes: readFileSync(TOOL), name: '1.jsonl' },
      { bytes: readFileSync(VAL), name: '0.jsonl' }
    ])
  }, 60_000)
})
