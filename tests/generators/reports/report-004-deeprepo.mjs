/**
 * Raw traces shaped like report 004 (../shared/docs/reports/004_a1e01ed934bd3335.txt): the DeepRepo orchestration
 * env evaluated with `prime eval run` (verifiers rows, 3 examples × 2 rollouts) for Qwen3-8B, Qwen3-30B-A3B and the
 * 30B after GRPO, with the per-rollout rewards, turn counts, generation times and token usage the report prints; and
 * the GRPO run's Prime hosted-RL export (FORMATS.md §1.4: `results.jsonl` rows with JSON-string prompt / completion /
 * metrics / timing, `metadata.json`) at steps 0, 10, …, 90, 99, 16 problems × 8 rollouts per step, its batch means
 * following the report's reward progression. Deterministic.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRng } from '../prng.mjs'
import { answer, call, verifiersRow, writeVerifiersRun } from './verifiers-writer.mjs'

const ENV = 'deeprepo-orchestration'
const SYSTEM =
  'You orchestrate a code review of a small repository. Tools: file_tree, read_file, llm_batch (ask sub-models about several files at once), llm_query (ask one), set_answer.'
const EXAMPLES = ['auth-service', 'billing-api', 'notes-app']

/**
 * One eval run as report 004's raw output prints it: per example (r1 = first rollout, r2 = second) the reward and the
 * turn count; per rollout (in file order: ex0 r1, ex0 r2, ex1 r1, …) generation seconds and tokens; which rollouts
 * delegate (call llm_batch / llm_query).
 */
export const EVAL_RUNS = [
  {
    model: 'Qwen/Qwen3-8B',
    runId: '1c8e5a20',
    r1: [0.2, 0.652, 0.729],
    r2: [0.612, 0.55, 0.563],
    t1: [2, 4, 5],
    t2: [4, 3, 4],
    generationS: [12, 18, 25, 22, 19, 20],
    tokensIn: [5200, 9100, 11000, 9800, 8400, 9000],
    tokensOut: [900, 1500, 1700, 1600, 1300, 1400],
    // the 0.2 outlier never delegates
    delegates: [false, true, true, true, true, true]
  },
  {
    model: 'Qwen/Qwen3-30B-A3B-Instruct-2507',
    runId: '2d9f6b31',
    r1: [0.636, 0.9, 0.85],
    r2: [0.887, 0.7, 0.738],
    t1: [18, 5, 5],
    t2: [7, 9, 8],
    generationS: [60, 20, 25, 35, 32, 32],
    tokensIn: [22000, 11000, 12500, 15000, 14091, 13000],
    tokensOut: [3100, 1800, 1900, 2300, 2100, 2002],
    delegates: [true, true, true, true, true, true]
  },
  {
    model: 'Qwen/Qwen3-30B-A3B-Instruct-2507:t2nj7mvwh0qs5h1szlfekqoh',
    runId: '3e0a7c42',
    r1: [0.962, 1, 1],
    r2: [0.962, 1, 1],
    t1: [6, 6, 6],
    t2: [6, 6, 6],
    generationS: [31, 39, 35, 34, 36, 35],
    tokensIn: [8585, 8600, 8570, 8590, 8580, 8586],
    tokensOut: [2400, 2380, 2370, 2390, 2385, 2369],
    delegates: [true, true, true, true, true, true]
  }
]

/** The GRPO run's batch mean reward and turns per step, from the report's "Reward Progression During Training". */
export const PROGRESSION = /** @type {[number, number, number][]} */ ([
  [0, 0.8439, 7.57],
  [10, 0.8521, 6.57],
  [20, 0.8777, 6.68],
  [30, 0.8904, 6.99],
  [40, 0.8981, 6.76],
  [50, 0.9259, 6.26],
  [60, 0.9416, 6.27],
  [70, 0.9236, 6.84],
  [80, 0.9418, 6.33],
  [90, 0.8518, 5.11],
  [99, 0.9688, 6.01]
])
export const PROBLEMS = 16
export const ROLLOUTS = 8

/** A rollout of `turns` agent steps: explore, delegate (or read alone), synthesize, answer. */
function episodeSteps(example, turns, delegates) {
  const steps = [call('file_tree', { path: '/' }, `src/\n  ${example}.py\n  db.py\ntests/`)]
  for (let i = 1; i < turns - 1; i++) {
    if (delegates && i % 2 === 1)
      steps.push(
        call(
          'llm_batch',
          { files: [`src/${example}.py`, 'src/db.py'], question: 'Find security bugs.' },
          '[{"file": "src/db.py", "finding": "SQL injection in query()"}]'
        )
      )
    else
      steps.push(
        call(
          'read_file',
          { path: `src/${i % 2 ? 'db' : example}.py` },
          'def query(sql):\n    return conn.execute(sql)\n'
        )
      )
  }
  if (turns > 1)
    steps.push(
      call(
        'set_answer',
        { report: 'SQL injection in db.query; MD5 password hashing; hard-coded secret.' },
        'answer recorded'
      )
    )
  else steps.push(answer('No issues found.'))
  return steps
}

/** The three eval runs; returns their folders. @param {string} outDir */
function writeEvalRuns(outDir) {
  return EVAL_RUNS.map((spec) => {
    const rows = []
    EXAMPLES.forEach((example, ex) => {
      for (const [k, rewards, turns] of [
        [0, spec.r1, spec.t1],
        [1, spec.r2, spec.t2]
      ]) {
        const i = ex * 2 + k
        rows.push(
          verifiersRow({
            exampleId: ex,
            system: SYSTEM,
            user: `Review the repository \`${example}\` for planted bugs and write a report.`,
            steps: episodeSteps(example, turns[ex], spec.delegates[i]),
            info: { repo: example },
            reward: rewards[ex],
            metrics: { delegation_reward: rewards[ex] },
            generationS: spec.generationS[i],
            totalS: spec.generationS[i] + 2,
            startTime: 1771977600 + i * 70,
            tokensIn: spec.tokensIn[i],
            tokensOut: spec.tokensOut[i],
            stopCondition: 'episode_done'
          })
        )
      }
    })
    return writeVerifiersRun(outDir, {
      envId: ENV,
      model: spec.model,
      runId: spec.runId,
      metadata: {
        env_args: {},
        sampling_args: { temperature: 1, max_tokens: 8192 },
        base_url: 'https://api.pinference.ai/api/v1',
        date: '2026-02-25'
      },
      rows
    })
  })
}

/**
 * Rewards of one step's batch with exactly the given mean: per problem, either a group without signal (every rollout
 * the mean) or symmetric pairs mean ± e, so each group and the batch average to the mean.
 */
function batchRewards(rng, mean) {
  const room = Math.min(mean - 0.5, 1 - mean)
  const groups = []
  for (let p = 0; p < PROBLEMS; p++) {
    if (p % 4 === 3) groups.push(Array(ROLLOUTS).fill(mean))
    else {
      const g = []
      for (let k = 0; k < ROLLOUTS / 2; k++) {
        const e = Math.round(rng.float(0, room) * 1e4) / 1e4
        g.push(mean + e, mean - e)
      }
      groups.push(g)
    }
  }
  return groups
}

/** Turns of one step's rollouts: integers whose sum is the nearest to turns × batch size. */
function batchTurns(rng, target) {
  const n = PROBLEMS * ROLLOUTS
  const total = Math.round(target * n)
  const base = Math.floor(total / n)
  const out = Array(n).fill(base)
  const extra = rng.shuffle(Array.from({ length: n }, (_, i) => i)).slice(0, total - base * n)
  for (const i of extra) out[i]++
  return out
}

/** The hosted-RL export of the GRPO run; returns its folder. @param {string} outDir */
function writeTrainingExport(outDir) {
  const runId = 'uo6bmz5849wujlwu8286j2r8'
  const dir = join(outDir, 'prime-hosted-rl-run', 'deeprepo', runId)
  mkdirSync(dir, { recursive: true })
  const rng = createRng('report-004-training')
  const rows = []
  for (const [step, mean, turns] of PROGRESSION) {
    const rewards = batchRewards(rng.fork(`r${step}`), mean)
    const turnList = batchTurns(rng.fork(`t${step}`), turns)
    let sample = 0
    for (let p = 0; p < PROBLEMS; p++) {
      for (let k = 0; k < ROLLOUTS; k++) {
        const n = turnList[p * ROLLOUTS + k]
        const reward = Math.round(rewards[p][k] * 1e6) / 1e6
        const completion = []
        for (let t = 0; t < n; t++) {
          const last = t === n - 1
          const id = `call_${step}_${sample}_${t}`
          completion.push({
            role: 'assistant',
            content: null,
            reasoning_content: null,
            thinking_blocks: null,
            tool_calls: [
              JSON.stringify({
                id,
                name: last ? 'set_answer' : t % 2 ? 'llm_batch' : 'read_file',
                arguments: JSON.stringify({ step: t })
              })
            ]
          })
          completion.push({ role: 'tool', tool_call_id: id, content: last ? 'answer recorded' : 'ok' })
        }
        rows.push({
          run_id: runId,
          env_name: `doloresresearch/${ENV}`,
          step,
          problem_id: p,
          sample_id: sample++,
          prompt: JSON.stringify([
            { role: 'system', content: SYSTEM },
            { role: 'user', content: `Review the repository \`repo-${p}\` for planted bugs and write a report.` }
          ]),
          completion: JSON.stringify(completion),
          metrics: JSON.stringify({ delegation_reward: reward, num_turns: n }),
          timing: JSON.stringify({ generation: { duration: 30 + (sample % 7) }, total: 32 + (sample % 7) }),
          reward,
          advantage: 0,
          answer: '',
          info: '',
          task: 'default',
          tag: '',
          created_at: `2026-02-25T10:${String(step % 60).padStart(2, '0')}:00.000000+00:00`,
          num_input_tokens: 8000 + (sample % 11) * 50,
          num_output_tokens: 2300 + (sample % 13) * 10
        })
      }
    }
  }
  writeFileSync(join(dir, 'results.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  writeFileSync(
    join(dir, 'metadata.json'),
    JSON.stringify(
      {
        run: {
          id: runId,
          name: 'deeprepo-grpo-30b',
          base_model: 'Qwen/Qwen3-30B-A3B-Instruct-2507',
          status: 'COMPLETED',
          environments: [{ id: `doloresresearch/${ENV}`, version: '0.1.3', args: {} }],
          rollouts_per_example: ROLLOUTS,
          batch_size: PROBLEMS * ROLLOUTS,
          max_steps: 100,
          learning_rate: 1e-5,
          lora_alpha: 32,
          created_at: '2026-02-25 09:00:00.000000'
        }
      },
      null,
      2
    ) + '\n'
  )
  return dir
}

/** Writes the three eval runs and the training export under outDir. @param {string} outDir */
export function generateReport004(outDir) {
  const evals = writeEvalRuns(outDir)
  return { evals, training: writeTrainingExport(outDir) }
}
