/** Property-based robustness of the step-jsonl adapter (random, mutated and truncated per-step logs). */
import { readFileSync } from 'node:fs'
import { describe, it } from 'vitest'
import { stepJsonlAdapter } from '../../../src-main/formats/adapters/step-jsonl'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'

const FILES = ['openenv-echo.jsonl', 'trl-grpo-rollouts.jsonl', 'gym-no-episode-id.jsonl'].map((f) =>
  ownFixture(`step-jsonl/${f}`)
)
const records = (p: string): unknown[] =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))

describe('adapter properties: step-jsonl', () => {
  it('random and mutated record lists never throw out of index / parseEpisode', () => {
    // the adapter claims files by their first record (matchesFirstRecord), never a JSON document:
    // let every random value through so index() itself is exercised
    const always = { ...stepJsonlAdapter, matches: () => true }
    checkDocumentAdapterProperties(
      always,
      FILES.map((p) => ({ doc: records(p), path: p })),
      200
    )
  })

  it('truncated and corrupted step logs always get a status', async () => {
    await checkTruncatedFilesIndex(FILES.map((p) => ({ bytes: readFileSync(p), name: 'steps.jsonl' })))
  }, 60_000)
})
