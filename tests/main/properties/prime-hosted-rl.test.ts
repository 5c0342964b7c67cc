/** Property-based robustness of the Prime hosted-RL adapters (random, mutated and truncated input). */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { primeHostedRlAdapter } from '../../../src-main/formats/adapters/prime-hosted-rl'
import { primeHostedRlFilesAdapter } from '../../../src-main/formats/adapters/prime-hosted-rl-files'
import {
  checkDocumentAdapterProperties,
  checkJsonlAdapterProperties,
  checkTruncatedFilesIndex
} from '../../helpers/adapter-properties'
import { fixture, ownFixture } from '../../helpers/fixtures-path'

const BP6Q = fixture('prime-hosted-rl-run/security-verifiers/bp6qd19u06wzeqkdrf0h24xx')
const H4Y9 = ownFixture('prime-hosted-rl/h4y9hb6fjom4xfbclitb2938')
const rows = (path: string, n: number): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)
    .map((l) => JSON.parse(l))
/** The same rows with their JSON-string fields decoded, so mutations also reach inside messages and tool calls. */
const decoded = (r: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...r }
  for (const k of ['prompt', 'completion', 'metrics', 'timing'])
    if (typeof r[k] === 'string') out[k] = JSON.parse(r[k] as string)
  return out
}
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

describe('adapter properties: Prime hosted-RL', () => {
  it('results.jsonl rows: random and mutated rows never throw out of the adapter', () => {
    const samples = [...rows(join(BP6Q, 'results.jsonl'), 2), ...rows(join(H4Y9, 'results.jsonl'), 4)]
    checkJsonlAdapterProperties(primeHostedRlAdapter, [...samples, ...samples.map(decoded)])
  })

  it('run-folder documents: a raw page alone (episode source), metadata, progress, usage', () => {
    const alone = join(mkdtempSync(join(tmpdir(), 'rs-prime-prop-')), 'rollouts_raw.json') // no results.jsonl beside it
    const page = json(join(BP6Q, 'rollouts_raw.json')) as { samples: unknown[] }
    const small = {
      ...page,
      samples: [...page.samples.slice(0, 2), decoded(page.samples[16] as Record<string, unknown>)]
    }
    checkDocumentAdapterProperties(primeHostedRlFilesAdapter, [
      { doc: small, path: alone },
      { doc: json(join(H4Y9, 'metadata.json')), path: alone },
      { doc: json(join(H4Y9, 'progress.json')), path: alone },
      { doc: json(join(H4Y9, 'usage.json')), path: alone }
    ])
  })

  it('truncated and corrupted export files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(join(H4Y9, 'results.jsonl')), name: 'results.jsonl' },
      { bytes: readFileSync(join(BP6Q, 'rollouts_raw.json')), name: 'rollouts_raw.json' },
      { bytes: readFileSync(join(H4Y9, 'metadata.json')), name: 'metadata.json' }
    ])
  }, 60_000)
})
