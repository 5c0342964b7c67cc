/** Property-based robustness of the lm-evaluation-harness adapters (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { lmEvalResultsAdapter, lmEvalSamplesAdapter } from '../../../src-main/formats/adapters/lm-eval-harness'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'

const DIR = ownFixture('lm-eval-harness/Qwen__Qwen2.5-0.5B-Instruct')
const DATE = '2026-03-02T10-11-12.345678'
const GSM8K = join(DIR, `samples_gsm8k_${DATE}.jsonl`)
const ARC = join(DIR, `samples_arc_easy_${DATE}.jsonl`)
const RESULTS = join(DIR, `results_${DATE}.json`)
const records = (path: string): unknown[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))

describe('adapter properties: lm-evaluation-harness', () => {
  it('samples (a file as its records, a one-line file as one sample): random and mutated input never throws', () => {
    checkDocumentAdapterProperties(lmEvalSamplesAdapter, [
      { doc: records(GSM8K), path: GSM8K },
      { doc: records(ARC), path: ARC },
      { doc: records(ARC)[0], path: ARC }
    ])
  })

  it('results file: random and mutated documents never throw', () => {
    checkDocumentAdapterProperties(lmEvalResultsAdapter, [{ doc: JSON.parse(readFileSync(RESULTS, 'utf8')), path: RESULTS }])
  })

  it('truncated and corrupted files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(GSM8K), name: `samples_gsm8k_${DATE}.jsonl` },
      { bytes: readFileSync(ARC), name: `samples_arc_easy_${DATE}.jsonl` },
      { bytes: readFileSync(RESULTS), name: `results_${DATE}.json` }
    ])
  }, 60_000)
})
