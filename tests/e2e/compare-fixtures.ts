/**
 * Runs written for the issue-15 specs (runs table, flip table): two Terminal-Bench runs of one run id (so two runs of
 * one name) where B breaks a task by parse errors (the harness) and one by wrong results (the model) and fixes one,
 * and a dozen verifiers evals with a very long environment name and namesakes told apart by model or folder.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { REPO_ROOT } from './server-fixture'

const TB_RUN = resolve(REPO_ROOT, 'tests/fixtures/terminal-bench/null-results-run')

interface Trial {
  task_id: string
  is_resolved: boolean | null
  failure_mode: string
  [k: string]: unknown
}

/** Task keys the B run changes, and how. */
export const TB_CHANGES = {
  /** Resolved twice in A; in B both trials end in a parse error (no result: the harness failed them). */
  harness: 'hello-world',
  /** Resolved twice in A; in B both are scored unresolved (the model failed). */
  model: 'jq-data-processing',
  /** Unresolved twice in A; resolved twice in B. */
  fixed: 'chess-best-move'
}

/** Writes `<dir>/tb-a/<run id>/` and `<dir>/tb-b/<run id>/` (results.json and run_metadata.json each). */
export async function writeTerminalBenchPair(dir: string): Promise<void> {
  const results = JSON.parse(await readFile(join(TB_RUN, 'results.json'), 'utf8')) as { results: Trial[] }
  const meta = JSON.parse(await readFile(join(TB_RUN, 'run_metadata.json'), 'utf8')) as Record<string, unknown>
  const b = results.results.map((t): Trial => {
    if (t.task_id === TB_CHANGES.harness) return { ...t, is_resolved: null, failure_mode: 'parse_error' }
    if (t.task_id === TB_CHANGES.model) return { ...t, is_resolved: false, failure_mode: 'unset' }
    if (t.task_id === TB_CHANGES.fixed) return { ...t, is_resolved: true, failure_mode: 'unset' }
    return t
  })
  for (const [side, trials] of [
    ['tb-a', results.results],
    ['tb-b', b]
  ] as const) {
    const out = join(dir, side, String(meta.run_id))
    await mkdir(out, { recursive: true })
    const resolved = trials.filter((t) => t.is_resolved === true).map((t) => t.task_id)
    const unresolved = trials.filter((t) => t.is_resolved !== true).map((t) => t.task_id)
    const accuracy = resolved.length / trials.length
    await writeFile(
      join(out, 'results.json'),
      JSON.stringify({
        ...results,
        results: trials,
        n_resolved: resolved.length,
        n_unresolved: unresolved.length,
        resolved_ids: resolved,
        unresolved_ids: unresolved,
        accuracy
      })
    )
    await writeFile(join(out, 'run_metadata.json'), JSON.stringify({ ...meta, accuracy }))
  }
}

/** An environment name long enough to push a table's columns off a 1440 px screen. */
export const LONG_ENV = 'agentic-terminal-sandbox-environment-with-a-rather-long-registry-name-v2'

/**
 * Verifiers evals under `<dir>/evals`: six models on LONG_ENV, two nightly runs of one model on two dates (the same
 * run name, told apart by folder), two gsm8k runs. Returns how many runs it wrote.
 */
export async function writeVerifiersRuns(dir: string): Promise<number> {
  const runs: { folder: string; env: string; model: string }[] = [
    ...['gpt-5-mini', 'qwen3-8b', 'qwen3-32b', 'llama-3.1-8b', 'kimi-k2', 'deepseek-v3'].map((model) => ({
      folder: `${LONG_ENV}--${model}/a1b2c3d4`,
      env: LONG_ENV,
      model
    })),
    { folder: '2025-11-20/nightly/gpt-5-mini', env: 'math-python', model: 'gpt-5-mini' },
    { folder: '2025-11-21/nightly/gpt-5-mini', env: 'math-python', model: 'gpt-5-mini' },
    { folder: 'sweep/nightly-a', env: 'gsm8k', model: 'qwen3-8b' },
    { folder: 'sweep/nightly-b', env: 'gsm8k', model: 'qwen3-32b' }
  ]
  for (const [i, r] of runs.entries()) {
    const out = join(dir, 'evals', r.folder)
    await mkdir(out, { recursive: true })
    const rows = Array.from({ length: 6 }, (_, k) => ({
      example_id: k % 3,
      prompt: [{ role: 'user', content: `Question ${k % 3}: what is ${k} + ${i}?` }],
      completion: [{ role: 'assistant', content: String(k + i) }],
      answer: String(k + i),
      reward: (k + i) % 3 === 0 ? 0 : 1,
      task: 'default',
      info: {}
    }))
    await writeFile(join(out, 'results.jsonl'), rows.map((x) => JSON.stringify(x)).join('\n') + '\n')
    await writeFile(
      join(out, 'metadata.json'),
      JSON.stringify({
        env_id: r.env,
        model: r.model,
        num_examples: 3,
        rollouts_per_example: 2,
        pass_threshold: 0.5
      })
    )
  }
  return runs.length
}
