/**
 * An rLLM evaluation run folder, written as rllm-org/rllm (9beb6e0) writes it (tests/fixtures/rllm/README.md):
 * `rllm eval` (rllm/cli/eval.py) makes `<benchmark>_<model>_<timestamp>/` with `meta.json`; `EvalEpisodeStore.write`
 * (rllm/eval/episode_store.py) writes `episodes/episode_<idx:06d>_<task id>.json`, the Episode's
 * `model_dump(mode="json")` plus `eval_idx`, with `json.dump(indent=2)`; `EvalResult.save` (rllm/eval/results.py)
 * writes `results.json`. Field order follows the pydantic models of rllm/types.py.
 *
 * Run as a script to rewrite the fixture: `node tests/generators/rllm-eval.mjs tests/fixtures/rllm`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pyDumps } from './py-json.mjs'

const FLOATS = ['reward', 'mc_return', 'score', 'signals', 'signal_averages', 'pass_at']
const dump = (v) => pyDumps(v, { indent: 2, floatKeys: FLOATS })

/** A Step as `model_dump(mode="json")` writes it (eval: no token ids or logprobs). */
const step = (id, chat, reward, done) => ({
  id,
  input: null,
  output: null,
  action: null,
  reward,
  done,
  metadata: null,
  prompt_ids: [],
  response_ids: [],
  logprobs: [],
  routing_matrices: null,
  chat_completions: chat,
  observation: null,
  thought: '',
  model_response: chat.length ? (chat[chat.length - 1].content ?? '') : '',
  model_output: null,
  mc_return: 0,
  advantage: null,
  weight_version: null
})

const trajectory = (uid, name, steps, reward, signals = {}) => ({
  uid,
  name,
  task: null,
  steps,
  reward,
  input: null,
  output: null,
  signals,
  metadata: null
})

/** A Task dataclass (asdict): id, instruction, metadata, dataset_dir, sub_dir. */
const task = (id, instruction, answer) => ({
  id,
  instruction,
  metadata: { ground_truth: answer, data_source: 'gsm8k' },
  dataset_dir: '/home/user/.rllm/datasets/gsm8k',
  sub_dir: null
})

const SYSTEM = { role: 'system', content: 'You are a careful math solver. Use the calculator tool when it helps.' }

function episodes() {
  const q0 =
    'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?'
  const u0 = { role: 'user', content: q0 }
  const call = {
    role: 'assistant',
    content: '',
    tool_calls: [
      { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression": "48 + 48 / 2"}' } }
    ]
  }
  const result = { role: 'tool', tool_call_id: 'call_1', content: '72.0' }
  const final = { role: 'assistant', content: 'Natalia sold 48 + 24 = 72 clips. #### 72' }
  const e0 = {
    id: 'gsm8k-0:0',
    task: task('gsm8k-0', q0, '72'),
    termination_reason: 'env_done',
    is_correct: true,
    session_id: 'gsm8k-0:0',
    trajectories: [
      trajectory(
        'b1f0c7a2-1c11-4a55-9d0e-5f1c9a3e0001',
        'solver',
        [step('s-0-1', [SYSTEM, u0, call], 0, false), step('s-0-2', [SYSTEM, u0, call, result, final], 1, true)],
        1,
        { accuracy: 1 }
      )
    ],
    artifacts: {},
    metrics: { num_steps: 2 },
    metadata: {},
    eval_idx: 0
  }
  const q1 =
    'Weng earns $12 an hour for babysitting. Yesterday, she just did 50 minutes of babysitting. How much did she earn?'
  const u1 = { role: 'user', content: q1 }
  const answer1 = { role: 'assistant', content: 'She earned 12 * 50 = $600. #### 600' }
  const judgeUser = {
    role: 'user',
    content: `Question: ${q1}\nProposed answer: She earned 12 * 50 = $600.\nIs the answer right? Reply RIGHT or WRONG.`
  }
  const judgeSays = { role: 'assistant', content: 'WRONG: 50 minutes is 50/60 of an hour, so $10.' }
  const e1 = {
    id: 'gsm8k-1:0',
    task: task('gsm8k-1', q1, '10'),
    termination_reason: 'env_done',
    is_correct: false,
    session_id: 'gsm8k-1:0',
    trajectories: [
      trajectory('b1f0c7a2-1c11-4a55-9d0e-5f1c9a3e0002', 'solver', [step('s-1-1', [SYSTEM, u1, answer1], 0, true)], 0, {
        accuracy: 0
      }),
      trajectory('b1f0c7a2-1c11-4a55-9d0e-5f1c9a3e0003', 'judge', [step('s-1-2', [judgeUser, judgeSays], 1, true)], 1)
    ],
    artifacts: {},
    metrics: { num_steps: 2 },
    metadata: {},
    eval_idx: 1
  }
  const q2 = 'Betty is saving money for a new wallet which costs $100. How much more money does Betty need?'
  const e2 = {
    id: 'gsm8k-2:0',
    task: task('gsm8k-2', q2, '5'),
    termination_reason: 'error',
    is_correct: false,
    session_id: 'gsm8k-2:0',
    trajectories: [],
    artifacts: {},
    metrics: {},
    metadata: { error: { type: 'RuntimeError', message: 'sandbox exited with code 137' } },
    eval_idx: 2
  }
  return [e0, e1, e2]
}

/** Writes the run folder. */
export function writeRllmFixture(outDir) {
  const run = join(outDir, 'eval_results', 'gsm8k_Qwen_Qwen3-4B_20260310_142233')
  mkdirSync(join(run, 'episodes'), { recursive: true })
  const meta = {
    benchmark: 'gsm8k',
    model: 'Qwen/Qwen3-4B',
    agent: 'math_tool_agent',
    split: 'test',
    timestamp: '20260310_142233',
    attempts: 1
  }
  writeFileSync(join(run, 'meta.json'), dump(meta))
  const eps = episodes()
  eps.forEach((e, i) =>
    writeFileSync(join(run, 'episodes', `episode_${String(i).padStart(6, '0')}_${e.task.id}.json`), dump(e))
  )
  // EvalResult.from_items over run_dataset's items: reward = the first trajectory's (0.0 without one)
  const items = eps.map((e, i) => ({
    idx: i,
    attempt: 0,
    reward: e.trajectories[0]?.reward ?? 0,
    is_correct: e.is_correct,
    error: e.termination_reason === 'error' ? e.metadata.error.message : null,
    signals: e.trajectories[0]?.signals ?? {}
  }))
  const correct = items.filter((i) => i.is_correct).length
  const results = {
    dataset_name: 'gsm8k',
    model: 'Qwen/Qwen3-4B',
    agent: 'math_tool_agent',
    score: correct / items.length,
    total: items.length,
    correct,
    errors: items.filter((i) => i.error !== null).length,
    timestamp: '20260310_142233',
    signal_averages: { accuracy: 0.5 },
    attempts: 1,
    pass_at: {},
    items
  }
  writeFileSync(join(run, 'results.json'), dump(results))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeRllmFixture(process.argv[2] ?? 'tests/fixtures/rllm')
