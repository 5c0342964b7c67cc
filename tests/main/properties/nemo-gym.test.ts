/** Property-based robustness of the NeMo Gym adapters (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { nemoGymAdapter } from '../../../src-main/formats/adapters/nemo-gym'
import { nemoGymFilesAdapter } from '../../../src-main/formats/adapters/nemo-gym-files'
import {
  checkDocumentAdapterProperties,
  checkJsonlAdapterProperties,
  checkTruncatedFilesIndex
} from '../../helpers/adapter-properties'
import { fixture, ownFixture } from '../../helpers/fixtures-path'

const MULTI = fixture('nemo-gym/example_multi_step')
const FINANCE = fixture('nemo-gym/finance_sec_search')
const SOKOBAN = fixture('nemo-gym/grl_sokoban')
const CIRCLE = ownFixture('nemo-gym/circle_click_mini')
const rows = (path: string, n: number): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)
    .map((l) => JSON.parse(l))
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

describe('adapter properties: NeMo Gym', () => {
  it('rollout rows: random and mutated rows never throw out of the adapter', () => {
    const samples = [
      ...rows(join(CIRCLE, 'example_rollouts.jsonl'), 4),
      ...rows(join(MULTI, 'example_rollouts.jsonl'), 1),
      ...rows(join(FINANCE, 'example_rollouts.jsonl'), 1),
      ...rows(join(SOKOBAN, 'example_rollouts.jsonl'), 1)
    ]
    checkJsonlAdapterProperties(nemoGymAdapter, samples)
  })

  it('side files: aggregate metrics, dataset metrics, an input row', () => {
    checkDocumentAdapterProperties(nemoGymFilesAdapter, [
      {
        doc: json(join(FINANCE, 'example_rollouts_aggregate_metrics.json')),
        path: '/x/example_rollouts_aggregate_metrics.json'
      },
      { doc: json(join(MULTI, 'example_metrics.json')), path: '/x/example_metrics.json' },
      { doc: rows(join(CIRCLE, 'example.jsonl'), 1)[0], path: '/x/example.jsonl' }
    ])
  })

  it('truncated and corrupted NeMo Gym files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(join(CIRCLE, 'example_rollouts.jsonl')), name: 'example_rollouts.jsonl' },
      { bytes: readFileSync(join(MULTI, 'example_rollouts.jsonl')), name: 'example_rollouts.jsonl' },
      { bytes: readFileSync(join(CIRCLE, 'example.jsonl')), name: 'example.jsonl' },
      {
        bytes: readFileSync(join(SOKOBAN, 'example_rollouts_aggregate_metrics.json')),
        name: 'example_rollouts_aggregate_metrics.json'
      }
    ])
  }, 60_000)
})
