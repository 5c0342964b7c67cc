/**
 * Property-based robustness of the Parquet table adapters (TRL, OpenPipe ART, Hugging Face trajectories) over
 * random and mutated rows, of the indexer over truncated and byte-flipped Parquet files (every file ends with a
 * status, never an exception), and of TRL's grouping: two rows of a step share a task exactly when their prompts
 * are the same text.
 */
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { trlCompletionsAdapter } from '../../../src-main/formats/adapters/trl-completions'
import { openPipeArtAdapter } from '../../../src-main/formats/adapters/openpipe-art'
import { hfTrajectoriesAdapter } from '../../../src-main/formats/adapters/hf-trajectories'
import { formatContext } from '../../../src-main/formats/context'
import { ParquetFile, rowsTable } from '../../../src-main/formats/readers/parquet-file'
import type { TableAdapter } from '../../../src-main/formats/types'
import { checkTableAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'

const TRL = ownFixture('trl/qwen-grpo/completions/completions_00015.parquet')
const ART = ownFixture('openpipe-art/.art/email-agent/models/agent-001/trajectories/train/0001.parquet')
const SWE_AGENT = ownFixture('hf-trajectories/nebius-SWE-agent-trajectories/data/train-00000-of-00001.parquet')
const OPENHANDS = ownFixture(
  'hf-trajectories/nebius-SWE-rebench-openhands-trajectories/data/train-00000-of-00001.parquet'
)

const rowsOf = (path: string): Record<string, unknown>[] => {
  const f = ParquetFile.open(path)
  return Array.from({ length: f.rowGroups }, (_, g) => f.readGroup(g)).flat()
}

describe('adapter properties: Parquet tables', () => {
  const cases: [string, TableAdapter, string[]][] = [
    ['TRL', trlCompletionsAdapter, [TRL]],
    ['OpenPipe ART', openPipeArtAdapter, [ART]],
    ['Hugging Face trajectories', hfTrajectoriesAdapter, [SWE_AGENT, OPENHANDS]]
  ]
  it.each(cases)('%s: random and mutated rows never throw anything but a RecordError', (_name, adapter, files) => {
    checkTableAdapterProperties(adapter, files.flatMap(rowsOf), files[0], 150)
  })

  it('truncated and byte-flipped Parquet files always end with a status when indexed', async () => {
    await checkTruncatedFilesIndex(
      [TRL, ART, SWE_AGENT, OPENHANDS].map((p) => ({ bytes: readFileSync(p), name: basename(p) })),
      30
    )
  }, 120_000)

  it('TRL: two rows of a step share a task exactly when their prompts are the same text', () => {
    const [a, b] = rowsOf(TRL).filter((r, i, all) => all.findIndex((x) => x.prompt === r.prompt) === i)
    const prompts = [a.prompt as string, b.prompt as string, 'user\nplain\nassistant\n', 'no template at all']
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: prompts.length - 1 }), fc.double({ min: -1, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 16
        }),
        (picks) => {
          const rows = picks.map(([p, r]) => ({
            step: 3,
            prompt: prompts[p],
            completion: 'x',
            reward_fn: r,
            advantage: 0
          }))
          const table = rowsTable(rows)
          const ctx = formatContext()
          const summaries = rows.map((row, index) =>
            trlCompletionsAdapter.summarize(row, {
              path: '/o/completions/completions_00003.parquet',
              group: 0,
              index,
              table,
              ctx
            })
          )
          summaries.forEach((s, i) => {
            expect(s.step).toBe(3)
            summaries.forEach((t, j) => expect(s.promptHash === t.promptHash).toBe(rows[i].prompt === rows[j].prompt))
          })
        }
      )
    )
  })
})
