/** Property-based robustness of the lm-evaluation-harness adapters (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatContext } from '../../../src-main/formats/context'
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

  it('a multiple choice with more responses than requests names no choice past the requests (found by the property above)', () => {
    const [sample] = records(ARC) as Record<string, unknown>[]
    const args = sample.arguments as Record<string, unknown>
    // the requests end at the first entry that is not an object; the responses go on
    const damaged = {
      ...sample,
      arguments: {
        gen_args_0: args.gen_args_0,
        gen_args_1: args.gen_args_1,
        gen_args_2: [],
        gen_args_3: args.gen_args_3
      },
      resps: [[['-14.2', 'False']], [['-12.9', 'False']], [['-6.4', 'True']]]
    }
    const [run] = lmEvalSamplesAdapter.index(damaged, ARC, formatContext())
    expect(run.episodes).toHaveLength(1)
    const body = lmEvalSamplesAdapter.parseEpisode(damaged, run.episodes[0].locator, ARC, formatContext())
    // the third response is the likeliest, but only two requests are left: the likelier of those two is the answer
    expect(body.turns[1]).toMatchObject({
      role: 'assistant',
      text: String((args.gen_args_1 as Record<string, unknown>).arg_1).trim()
    })
  })

  it('results file: random and mutated documents never throw', () => {
    checkDocumentAdapterProperties(lmEvalResultsAdapter, [
      { doc: JSON.parse(readFileSync(RESULTS, 'utf8')), path: RESULTS }
    ])
  })

  it('truncated and corrupted files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(GSM8K), name: `samples_gsm8k_${DATE}.jsonl` },
      { bytes: readFileSync(ARC), name: `samples_arc_easy_${DATE}.jsonl` },
      { bytes: readFileSync(RESULTS), name: `results_${DATE}.json` }
    ])
  }, 60_000)
})
