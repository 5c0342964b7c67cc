/**
 * lm-evaluation-harness `--log_samples` output over the own fixture (tests/fixtures/lm-eval-harness/README.md: written
 * from the harness's writer code): gsm8k under two filters (strict-match 1 / 3, flexible-extract 2 / 3) and arc_easy
 * as a multiple choice (acc 1 / 2), beside their results file.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lmEvalResultsAdapter, lmEvalSamplesAdapter as L } from '../../../src-main/formats/adapters/lm-eval-harness'
import { formatContext } from '../../../src-main/formats/context'
import { pickDocumentAdapter, pickGroupedJsonlAdapter } from '../../../src-main/formats/registry'
import type { Engine } from '../../../src-main/services/engine-types'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const DIR = ownFixture('lm-eval-harness/Qwen__Qwen2.5-0.5B-Instruct')
const DATE = '2026-03-02T10-11-12.345678'
const GSM8K = join(DIR, `samples_gsm8k_${DATE}.jsonl`)
const ARC = join(DIR, `samples_arc_easy_${DATE}.jsonl`)
const RESULTS = join(DIR, `results_${DATE}.json`)
const records = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('lm-evaluation-harness: detection', () => {
  it('a samples file is read whole by its records; the results file is its companion', () => {
    expect(pickGroupedJsonlAdapter(records(GSM8K)[0], GSM8K)).toBe(L)
    expect(pickDocumentAdapter(records(ARC)[0], ARC)).toBe(L) // a one-line samples file is one JSON object
    expect(pickDocumentAdapter(JSON.parse(readFileSync(RESULTS, 'utf8')), RESULTS)).toBe(lmEvalResultsAdapter)
  })
})

describe('lm-evaluation-harness: a task under two filters', () => {
  const runs = L.index(records(GSM8K), GSM8K, formatContext())

  it('is one run per filter, each document once in each', () => {
    expect(
      runs.map((r) => [
        r.runKey.endsWith('#strict-match') || r.runKey.endsWith('#flexible-extract'),
        r.header.name,
        r.episodes.length
      ])
    ).toEqual([
      [true, 'gsm8k · Qwen/Qwen2.5-0.5B-Instruct (strict-match)', 3],
      [true, 'gsm8k · Qwen/Qwen2.5-0.5B-Instruct (flexible-extract)', 3]
    ])
    // the task key is the producer's doc_hash: the same question pairs across runs (and across a group's subtasks)
    const hashes = records(GSM8K)
      .filter((r) => r.filter === 'strict-match')
      .map((r) => r.doc_hash)
    expect(runs[0].episodes.map((e) => [e.locator, e.summary.sourceId, e.summary.reward])).toEqual([
      ['strict-match#0', hashes[0], 1],
      ['strict-match#1', hashes[1], 0],
      ['strict-match#2', hashes[2], 0]
    ])
    expect(runs[1].episodes.map((e) => e.summary.reward)).toEqual([1, 1, 0])
  })

  it('run header: model and env from the results file, creation time from the date id, the headline per filter', () => {
    expect(runs[0].header).toMatchObject({
      model: 'Qwen/Qwen2.5-0.5B-Instruct',
      env: 'gsm8k',
      createdAt: '2026-03-02T10:11:12.345678',
      wallTimeMs: 12300,
      headlines: [
        {
          label: 'exact_match,strict-match',
          value: 1 / 3,
          source: `results_${DATE}.json results.gsm8k["exact_match,strict-match"]`,
          matches: 'meanReward'
        }
      ]
    })
    expect(runs[1].header.headlines).toMatchObject([{ label: 'exact_match,flexible-extract', value: 2 / 3 }])
  })

  it('episode: the prompt, the generation, the target as the answer; the filter in info', () => {
    const s = runs[0].episodes[1].summary
    expect(s).toMatchObject({
      answer: expect.stringContaining('#### 10'),
      status: 'ok',
      turns: 2,
      preview:
        'Question: Weng earns $12 an hour for babysitting. Yesterday, she just did 50 minutes of babysitting. How much did she earn? Answer:',
      metrics: { exact_match: 0 },
      info: { task: 'gsm8k', filter: 'strict-match' }
    })
    const body = L.parseEpisode(records(GSM8K), 'strict-match#1', GSM8K, formatContext())
    expect(body.turns.map((t) => [t.role, t.text.slice(0, 30)])).toEqual([
      ['user', 'Question: Weng earns $12 an ho'],
      ['assistant', 'She earns 12 dollars an hour, ']
    ])
    expect(body.infoFull).toMatchObject({
      filter: 'strict-match',
      filtered_resps: ['[invalid]'],
      doc: { question: expect.any(String) }
    })
  })
})

describe('lm-evaluation-harness: a multiple choice', () => {
  it('the assistant turn is the choice with the highest log-likelihood; acc is the reward, acc_norm a metric', () => {
    const [run] = L.index(records(ARC), ARC, formatContext())
    expect(run.runKey).toBe('') // one filter: the file is the run
    expect(run.header.name).toBe('arc_easy · Qwen/Qwen2.5-0.5B-Instruct')
    expect(run.episodes.map((e) => [e.summary.answer, e.summary.reward, e.summary.metrics])).toEqual([
      ['2', 1, { acc: 1, acc_norm: 1 }],
      ['1', 0, { acc: 0, acc_norm: 1 }]
    ])
    const body = L.parseEpisode(records(ARC), 'none#1', ARC, formatContext())
    expect(body.turns[1]).toMatchObject({ role: 'assistant', text: 'buildings will be built faster' })
  })
})

describe('lm-evaluation-harness through the engine', () => {
  it('three runs whose means are the producer figures; the results file is a sidecar, alone it says so', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([DIR])
    expect(report.files.map((f) => [f.path.slice(DIR.length + 1), f.format, f.state, f.episodes])).toEqual([
      [`results_${DATE}.json`, 'lm-eval-harness', 'sidecar', 0],
      [`samples_arc_easy_${DATE}.jsonl`, 'lm-eval-harness', 'indexed', 2],
      [`samples_gsm8k_${DATE}.jsonl`, 'lm-eval-harness', 'indexed', 6]
    ])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.episodes, r.meanReward, r.headlines.map((h) => h.agrees)]).sort()).toEqual([
      ['arc_easy · Qwen/Qwen2.5-0.5B-Instruct', 2, 0.5, [true]],
      ['gsm8k · Qwen/Qwen2.5-0.5B-Instruct (flexible-extract)', 3, 2 / 3, [true]],
      ['gsm8k · Qwen/Qwen2.5-0.5B-Instruct (strict-match)', 3, 1 / 3, [true]]
    ])
    const strict = runs.find((r) => r.name.endsWith('(strict-match)'))!
    const page = await engine.api.listEpisodes({ runId: strict.id, sort: 'ordinal' })
    const hashes = records(GSM8K)
      .filter((r) => r.filter === 'strict-match')
      .map((r) => r.doc_hash)
    expect(page.items.map((e) => [e.taskKey, e.reward, e.steps])).toEqual([
      [hashes[0], 1, 1],
      [hashes[1], 0, 1],
      [hashes[2], 0, 1]
    ])
    const opened = await engine.api.getEpisode(page.items[0].id)
    expect(opened.turns.map((t) => t.role)).toEqual(['user', 'assistant'])
    await engine.close()

    const alone = join(mkdtempSync(join(tmpdir(), 'rs-lm-eval-')), 'Qwen__Qwen2.5-0.5B-Instruct')
    mkdirSync(alone)
    copyFileSync(RESULTS, join(alone, `results_${DATE}.json`))
    engine = tempEngine().engine
    const [only] = (await engine.indexPaths([alone])).files
    expect(only).toMatchObject({ format: 'lm-eval-harness', state: 'sidecar', episodes: 0 })
    expect(only.warnings).toEqual([
      `results only: no samples_<task>_${DATE}.jsonl beside it (run lm_eval with --log_samples), so there are no episodes`
    ])
  })
})

describe('lm-evaluation-harness: a group of tasks (--tasks mmlu)', () => {
  const GROUP_DIR = ownFixture('lm-eval-harness/mmlu-group/Qwen__Qwen2.5-0.5B-Instruct')
  const GROUP_DATE = '2026-03-03T09-00-00.123456'

  it('the subtasks of the outermost group are one run; its mean is the group figure when the group weights by size', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([GROUP_DIR])
    expect(report.files.map((f) => [f.path.slice(GROUP_DIR.length + 1), f.state, f.episodes])).toEqual([
      [`results_${GROUP_DATE}.json`, 'sidecar', 0],
      [`samples_mmlu_abstract_algebra_${GROUP_DATE}.jsonl`, 'indexed', 3],
      [`samples_mmlu_philosophy_${GROUP_DATE}.jsonl`, 'indexed', 1]
    ])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.env, r.episodes, r.meanReward])).toEqual([
      ['mmlu · Qwen/Qwen2.5-0.5B-Instruct', 'mmlu', 4, 0.75]
    ])
    // 2/3 and 1/1: pooled over the documents 0.75, as the group's size-weighted figure (unweighted it would be 0.83)
    expect(runs[0].headlines.map((h) => [h.label, h.value, h.agrees])).toEqual([['acc,none', 0.75, true]])
    const page = await engine.api.listEpisodes({ runId: runs[0].id, sort: 'ordinal' })
    const hashes = [
      ...records(join(GROUP_DIR, `samples_mmlu_abstract_algebra_${GROUP_DATE}.jsonl`)),
      ...records(join(GROUP_DIR, `samples_mmlu_philosophy_${GROUP_DATE}.jsonl`))
    ].map((r) => r.doc_hash)
    expect(page.items.map((e) => [e.taskKey, e.reward]).sort()).toEqual(
      [
        [hashes[0], 1],
        [hashes[1], 0],
        [hashes[2], 1],
        [hashes[3], 1]
      ].sort()
    )
  })

  it('a group that averages its subtasks unweighted: its figure differs from the run mean, and its label says why', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rs-lm-eval-group-')), 'Qwen__Qwen2.5-0.5B-Instruct')
    mkdirSync(dir)
    for (const name of [
      `samples_mmlu_abstract_algebra_${GROUP_DATE}.jsonl`,
      `samples_mmlu_philosophy_${GROUP_DATE}.jsonl`
    ]) {
      copyFileSync(join(GROUP_DIR, name), join(dir, name))
    }
    const results = JSON.parse(readFileSync(join(GROUP_DIR, `results_${GROUP_DATE}.json`), 'utf8'))
    // weight_by_size: false - the mean of 2/3 and 1
    results.groups.mmlu['acc,none'] = results.results.mmlu['acc,none'] = (2 / 3 + 1) / 2
    writeFileSync(join(dir, `results_${GROUP_DATE}.json`), JSON.stringify(results, null, 2))
    engine = tempEngine().engine
    await engine.indexPaths([dir])
    const [run] = await engine.api.listRuns()
    expect(run.meanReward).toBe(0.75)
    expect(run.headlines.map((h) => [h.label, h.value, h.agrees])).toEqual([
      ["acc,none (the mean of its subtasks' figures, not weighted by their sizes)", (2 / 3 + 1) / 2, false]
    ])
    const [indexed] = L.index(
      records(join(dir, `samples_mmlu_philosophy_${GROUP_DATE}.jsonl`)),
      join(dir, `samples_mmlu_philosophy_${GROUP_DATE}.jsonl`),
      formatContext()
    )
    expect(indexed.header.header.group_tasks).toBe('mmlu_philosophy, mmlu_abstract_algebra')
  })
})
