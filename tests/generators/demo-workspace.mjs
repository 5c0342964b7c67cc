/**
 * Deterministic demo workspace: one multi-step tool-using environment ("repo-repair"), 16 tasks × 4 rollouts,
 * a base run and an RL-trained run, written as generic chat JSONL + sidecar meta files; and a GRPO training run of
 * the same environment (10 steps × 8 problems × 4 rollouts) as a Prime hosted-RL run export (demo/training-run.mjs).
 *
 * Usage: node tests/generators/demo-workspace.mjs <outDir>   (e.g. resources/demo)
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRng } from './prng.mjs'
import { EASY_TASKS } from './demo/tasks-easy.mjs'
import { MEDIUM_TASKS } from './demo/tasks-medium.mjs'
import { HARD_TASKS } from './demo/tasks-hard.mjs'
import { buildRepo } from './demo/repo.mjs'
import { simulateEpisode } from './demo/episode.mjs'
import { DEMO_README } from './demo/readme.mjs'
import { buildTrainingRows, TRAINING_RUN_ID, trainingMetadata, trainingProgress } from './demo/training-run.mjs'
import { writePrimeRlRun } from './prime-rl-run.mjs'

/** Every demo task, easy → hard. */
export const DEMO_TASKS = [...EASY_TASKS, ...MEDIUM_TASKS, ...HARD_TASKS]
export const DEMO_SEED = 20261002
export const ROLLOUTS = 4
export const ENV = 'repo-repair'
/** Folder of the training run's export (one run folder `<run_id>/` inside, as the platform dump writes it). */
export const TRAINING_DIR = 'repo-repair-grpo'
/** Folder of the prime-rl training run (its output dir: `rollouts/step_N/{train,eval}/{all,effective}/`). */
export const PRIME_RL_DIR = 'rl-math-prime-rl'
/** Its shape: 10 steps, each drawing 4 of 12 problems with 6 rollouts, evals every 3 steps. */
export const PRIME_RL_RUN = { steps: 10, groups: 4, groupSize: 6, evalEvery: 3, problems: 12 }

/** @type {Record<'base' | 'trained', import('./demo/episode.mjs').Profile & { file: string, meta: object }>} */
export const RUNS = {
  base: {
    key: 'base',
    model: 'qwen3-8b',
    explore: [1, 2],
    loopP: 0.2,
    wrongP: 0.5,
    thinkP: 0.55,
    diffP: 0.1,
    claimP: 0.4,
    maxTools: 12,
    file: 'base--qwen3-8b',
    meta: {
      name: 'repo-repair · qwen3-8b (base)',
      model: 'qwen3-8b',
      createdAt: '2026-10-02T14:03:11Z',
      checkpointStep: 0
    }
  },
  trained: {
    key: 'trained',
    model: 'qwen3-8b-grpo-step400',
    explore: [0, 1],
    loopP: 0.05,
    wrongP: 0.2,
    thinkP: 0.75,
    diffP: 0.5,
    claimP: 0.1,
    maxTools: 12,
    file: 'trained--qwen3-8b-grpo-step400',
    meta: {
      name: 'repo-repair · qwen3-8b-grpo-step400 (trained)',
      model: 'qwen3-8b-grpo-step400',
      createdAt: '2026-10-05T09:41:27Z',
      checkpointStep: 400
    }
  }
}

/** Hand-placed rarities, so every run shows them (task id → rollout-independent flag). */
const SPECIAL = {
  base: { error: 'rr-010-kvstore', emptyFinal: 'rr-011-graph-utils', color: 'rr-009-mini-template' },
  trained: { error: 'rr-016-jsonpatch-mini', emptyFinal: 'rr-012-async-queue', color: '' }
}

/**
 * Outcome of each rollout of a task in a run: `plan` successes, the rest partial or truncated, plus the specials.
 * @param {import('./demo/task-types.mjs').Task} task @param {'base' | 'trained'} key @param {import('./prng.mjs').Rng} rng
 */
function planOutcomes(task, key, rng) {
  const order = rng.shuffle([0, 1, 2, 3])
  /** @type {import('./demo/episode.mjs').Outcome[]} */
  const out = new Array(ROLLOUTS)
  order.forEach(
    (r, k) =>
      (out[r] = k < task.plan[key] ? 'success' : rng.chance(key === 'base' ? 0.4 : 0.15) ? 'truncated' : 'partial')
  )
  const failed = order.slice(task.plan[key])
  if (SPECIAL[key].error === task.id) out[failed[0]] = 'error'
  if (SPECIAL[key].emptyFinal === task.id && !failed.some((r) => out[r] === 'partial'))
    out[failed[failed.length - 1]] = 'partial'
  return out
}

/** Token usage estimated from characters (≈ 4 chars per token); each turn re-reads the whole context. */
function usageOf(/** @type {any[]} */ messages) {
  const toolTokens = 260
  let ctx = 0
  let input = 0
  let output = 0
  for (const m of messages) {
    const own =
      (m.content?.length ?? 0) + (m.reasoning_content?.length ?? 0) + JSON.stringify(m.tool_calls ?? '').length
    if (m.role === 'assistant') {
      input += Math.ceil(ctx / 4) + toolTokens
      output += Math.ceil(own / 4) + 6
    }
    ctx += own
  }
  return { input_tokens: input, output_tokens: output }
}

/**
 * Builds all rows of one run.
 * @param {'base' | 'trained'} key @param {number} [seed]
 */
export function buildRun(key, seed = DEMO_SEED) {
  const profile = RUNS[key]
  const rows = []
  for (const task of DEMO_TASKS) {
    const repo = buildRepo(task)
    const outcomes = planOutcomes(task, key, createRng(`${seed}:plan:${key}:${task.id}`))
    const emptyAt = outcomes.indexOf('partial')
    for (let rollout = 0; rollout < ROLLOUTS; rollout++) {
      const rng = createRng(`${seed}:${key}:${task.id}:${rollout}`)
      const ep = simulateEpisode({
        task,
        repo,
        profile,
        rollout,
        outcome: outcomes[rollout],
        rng,
        emptyFinal: SPECIAL[key].emptyFinal === task.id && rollout === emptyAt,
        color: SPECIAL[key].color === task.id && rollout === 0
      })
      const info = { difficulty: task.difficulty, archetype: task.archetype, repo: task.repo, tests_total: ep.total }
      rows.push({
        id: task.id,
        task_id: task.id,
        rollout,
        model: profile.model,
        env: ENV,
        difficulty: task.difficulty,
        archetype: task.archetype,
        info,
        answer: `all ${ep.total} tests pass`,
        messages: ep.messages,
        tools: ep.toolDefs,
        reward: ep.reward,
        success: ep.status !== 'error' && ep.passed === ep.total,
        status: ep.status,
        error: ep.error,
        usage: usageOf(ep.messages),
        duration_ms: Math.round(ep.durationMs),
        metrics: {
          tests_passed: ep.passed,
          tests_total: ep.total,
          tool_calls: ep.tools,
          partial_progress_max: ep.maxProgress
        }
      })
    }
  }
  return rows
}

/**
 * Writes the demo workspace into `outDir/repo-repair/` (+ README.md). Same seed → byte-identical files.
 * @param {{ outDir: string, seed?: number }} opts
 * @returns {{ files: string[], bytes: number }}
 */
export function generateDemoWorkspace({ outDir, seed = DEMO_SEED }) {
  const dir = join(outDir, ENV)
  mkdirSync(dir, { recursive: true })
  const files = []
  let bytes = 0
  const write = (/** @type {string} */ path, /** @type {string} */ text) => {
    writeFileSync(path, text)
    files.push(path)
    bytes += Buffer.byteLength(text)
  }
  for (const key of /** @type {const} */ (['base', 'trained'])) {
    const run = RUNS[key]
    const rows = buildRun(key, seed)
    write(join(dir, `${run.file}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const meta = { ...run.meta, env: ENV, passThreshold: 1.0, sampling: { temperature: 0.7, max_tokens: 4096 } }
    write(join(dir, `${run.file}.meta.json`), JSON.stringify(meta, null, 2) + '\n')
  }
  // the training run last: the two eval runs' files above stay byte-identical whatever it holds
  const rlDir = join(outDir, TRAINING_DIR, TRAINING_RUN_ID)
  mkdirSync(rlDir, { recursive: true })
  write(
    join(rlDir, 'results.jsonl'),
    buildTrainingRows(DEMO_TASKS, seed)
      .map((r) => JSON.stringify(r))
      .join('\n') + '\n'
  )
  write(join(rlDir, 'metadata.json'), JSON.stringify(trainingMetadata(), null, 2) + '\n')
  write(join(rlDir, 'progress.json'), JSON.stringify(trainingProgress(), null, 2) + '\n')
  // a prime-rl run (after the others, which stay byte-identical whatever it holds): what the batch filters kept
  const prime = writePrimeRlRun({ outDir: join(outDir, PRIME_RL_DIR), ...PRIME_RL_RUN, seed: `demo-${seed}` })
  for (const s of [...prime.train, ...prime.eval]) {
    for (const path of [s.file, join(s.file, '..', '..', 'effective', 'traces.jsonl')]) {
      files.push(path)
      bytes += statSync(path).size
    }
  }
  write(join(outDir, 'README.md'), DEMO_README)
  return { files, bytes }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2]
  if (!outDir) {
    process.stderr.write('usage: node tests/generators/demo-workspace.mjs <outDir>\n')
    process.exit(2)
  }
  const { files, bytes } = generateDemoWorkspace({ outDir: resolve(outDir) })
  process.stdout.write(`wrote ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB under ${resolve(outDir)}\n`)
}
