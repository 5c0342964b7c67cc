/**
 * A synthetic prime-rl output folder, written in the shape the producers' code writes (see
 * tests/fixtures/verifiers-v1/README.md for the source files and commits):
 * - `rollouts/step_N/train/all/traces.jsonl`: every rollout of the step, one verifiers v1 Episode per line
 *   (`Episode.to_record()`: `model_dump(mode="json", exclude_none=True)`, nodes without their tensor fields);
 * - `rollouts/step_N/train/effective/traces.jsonl`: the rollouts the batch filters kept (here: the groups whose
 *   rewards differ, minus errored rollouts), each trace with its scalar GRPO advantage in `info.advantage`
 *   (prime-rl `EpisodeCollection.vf_episodes`);
 * - `rollouts/step_N/eval/{all,effective}/traces.jsonl` at the eval steps;
 * - `metrics.jsonl` (the file monitor's scalar log);
 * - or, with `legacy: true`, the Apr–Jul 2026 layout: `rollouts/step_N/train_rollouts.jsonl` and
 *   `eval_rollouts_<env>.jsonl` rows of verifiers' RolloutOutput.
 * Deterministic for a seed. `writePrimeRlRun` returns what it wrote, so tests compute their expectations from the
 * files themselves; `generateTrainingRun` writes the bench's big multi-turn run a step at a time and returns a manifest.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { createRng } from './prng.mjs'
import { block, sentence } from './corpus/text.mjs'

const T0 = 1_787_000_000

const TOOLS = [
  {
    name: 'python',
    description: 'Run Python code and return its stdout.',
    parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] }
  }
]

const SYSTEM = 'Solve the problem. Use the python tool when arithmetic helps. Put the final answer in \\boxed{}.'

/** The task of problem `i`: a small arithmetic question with its answer. */
function problem(i) {
  const a = 12 + ((i * 37) % 89)
  const b = 3 + ((i * 11) % 17)
  // TaskData's defaults are dumped too (exclude_none drops only None); `answer` is the taskset's extra field
  return {
    idx: i,
    prompt: `What is ${a} * ${b} + ${i}?`,
    network_allow: ['*'],
    network_block: [],
    artifacts: [],
    timeout: {},
    answer: String(a * b + i)
  }
}

/** Python's `json.dumps(v, sort_keys=True)` for the plain data here (ASCII strings, integers, flat objects). */
const pyDumps = (v) =>
  v !== null && typeof v === 'object'
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}: ${pyDumps(v[k])}`)
        .join(', ')}}`
    : JSON.stringify(v)

/** verifiers `task_key(data)`: sha256 of the data's sorted JSON (the default `task.key` and `task.hash`). */
const keyOf = (data) => createHash('sha256').update(pyDumps(data)).digest('hex')

/** One trace: system + user prompt, optionally a python call and its result, then the answer. */
function buildTrace(rng, { task, data, correct, useTool, truncated, errored, model, advantage, t, chatty }) {
  const nodes = []
  const calls = []
  // MessageNode fields in declaration order (pydantic dumps them so)
  const push = ({ parent, message, sampled = false, token_ids = [], mask = [], logprobs = [] }) => {
    nodes.push({ parent, message, sampled, timestamp: t + nodes.length, token_ids, mask, is_content: [], logprobs })
    return nodes.length - 1
  }
  const sampled = (parent, message, n) => {
    const id = push({
      parent,
      message,
      sampled: true,
      token_ids: Array.from({ length: n + 3 }, (_, k) => 1000 + k),
      mask: [false, false, false, ...Array(n).fill(true)],
      logprobs: Array.from({ length: n }, () => -Math.round(rng.float(0, 2) * 1e4) / 1e4)
    })
    return id
  }
  const sys = push({
    parent: null,
    message: { role: 'system', content: SYSTEM },
    token_ids: [1, 2, 3],
    mask: [false, false, false]
  })
  let last = push({
    parent: sys,
    message: { role: 'user', content: data.prompt },
    token_ids: [4, 5],
    mask: [false, false]
  })
  let prevTotal = 0
  const call = (node, promptTokens, completionTokens, finish) => {
    calls.push({
      node,
      model,
      sampling: { temperature: 1.0, max_tokens: 512 },
      endpoint: '/chat/completions',
      finish_reason: finish,
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens },
      time: { start: t + calls.length, end: t + calls.length + 0.8 }
    })
    prevTotal = promptTokens + completionTokens
  }
  if (useTool) {
    const a = data.prompt.match(/\d+/g)
    const id = `call_${rng.hex(8)}`
    const n = rng.int(8, 20)
    last = sampled(
      last,
      {
        role: 'assistant',
        content: 'Let me compute it.',
        tool_calls: [{ id, name: 'python', arguments: JSON.stringify({ code: `print(${a[0]}*${a[1]}+${a[2]})` }) }]
      },
      n
    )
    call(last, 60, n, 'tool_calls')
    last = push({
      parent: last,
      message: { role: 'tool', tool_call_id: id, content: correct ? data.answer : String(Number(data.answer) + 1) }
    })
  }
  // the multi-turn shape (`chatty`): exploratory python calls with reasoning and long outputs before the answer
  for (let k = 0; k < (chatty ? rng.int(chatty.turns[0], chatty.turns[1]) : 0); k++) {
    const id = `call_${rng.hex(8)}`
    const reasoning = `${sentence(rng)} ${sentence(rng)}`
    const code = block(rng, rng.int(60, 240))
    // sampled tokens ≈ a quarter of the characters (what a BPE tokenizer gives on English and code)
    const n = Math.ceil((reasoning.length + code.length) / 4)
    last = sampled(
      last,
      {
        role: 'assistant',
        content: reasoning,
        tool_calls: [{ id, name: 'python', arguments: JSON.stringify({ code }) }]
      },
      n
    )
    call(last, prevTotal + 40, n, 'tool_calls')
    last = push({
      parent: last,
      message: { role: 'tool', tool_call_id: id, content: block(rng, rng.int(200, chatty.output)) }
    })
  }
  if (!errored) {
    const n = truncated ? 64 : rng.int(10, 40)
    const answer = correct ? data.answer : String(Number(data.answer) - 7)
    last = sampled(
      last,
      {
        role: 'assistant',
        content: truncated ? 'Let me think step by step about' : `The answer is \\boxed{${answer}}.`
      },
      n
    )
    call(last, prevTotal + 10, n, truncated ? 'length' : 'stop')
  }
  const rewards = errored
    ? {}
    : { correct: { score: correct ? 1.0 : 0.0 }, format: { score: truncated ? 0.0 : 1.0, weight: 0.2 } }
  const trace = {
    version: 1,
    id: rng.hex(32),
    verifiers: { version: '0.2.0', commit: 'a60a606e' },
    task,
    agent: { config: { runtime: { type: 'subprocess' }, model }, name: 'agent', trainable: true },
    tools: TOOLS,
    nodes,
    calls,
    request_rewrites: [],
    response_rewrites: [],
    rewards,
    metrics: { num_tool_calls: calls.filter((c) => c.finish_reason === 'tool_calls').length },
    info: advantage === undefined ? {} : { advantage },
    extra_usage: [],
    is_completed: true,
    ok: !errored,
    stop_condition: errored ? 'error' : truncated ? 'max_output_tokens' : 'no_tools',
    errors: errored
      ? [
          {
            type: 'SandboxError',
            message: 'sandbox exited with code 137',
            traceback: 'Traceback (most recent call last):\n  ...'
          }
        ]
      : [],
    timing: {
      start: t,
      boot: { start: t, end: t + 0.5 },
      setup: { start: t + 0.5, end: t + 1 },
      agent: {
        start: t + 1,
        end: t + 4,
        model: { duration: calls.length * 0.8 },
        harness: { duration: 3 - calls.length * 0.8 }
      },
      finalize: { start: t + 4, end: t + 4.2 },
      scoring: { start: t + 4.2, end: t + 4.5 }
    }
  }
  return trace
}

const rewardOf = (trace) => Object.values(trace.rewards).reduce((s, r) => s + r.score * (r.weight ?? 1), 0)

/**
 * The episode maker of one run: an Episode record (verifiers v1) of `kind` work at `step` for a task's `data`.
 * @param {import('./prng.mjs').Rng} rng @param {{ model: string, runId: string, chatty?: { turns: [number, number], output: number } }} run
 */
function episodeMaker(rng, { model, runId, chatty }) {
  return (kind, step, data, groupId, opts) => {
    const task = { type: 'MathTask', data, key: keyOf(data), hash: keyOf(data) }
    const trace = buildTrace(rng, { task, data, model, t: T0 + step * 100, chatty, ...opts })
    return {
      id: rng.hex(32),
      env: { id: 'math-python', name: 'math-python' },
      task,
      group: { id: groupId },
      run: {
        type: 'train',
        id: runId,
        name: 'rl-math',
        work: {
          type: kind,
          step: kind === 'train' ? Math.max(0, step - (opts.stale ? 1 : 0)) : step,
          policy: { start: Math.max(0, step - 1), end: step }
        }
      },
      ok: !opts.errored,
      errors: opts.errored ? trace.errors : [],
      traces: [trace]
    }
  }
}

/**
 * One training step's batch: `groups` GRPO groups of `groupSize` rollouts (the skill grows over the steps), in
 * arrival order, and the subset the batch filters kept (rollouts with an error dropped, groups with no reward variance
 * give no signal), each kept trace with its scalar advantage in `info.advantage`.
 */
function trainStep(rng, episode, { step, steps, groups, groupSize, problems = 0 }) {
  const skill = 0.25 + (0.6 * step) / Math.max(1, steps - 1)
  const all = []
  const effective = []
  const drawn = problems > 0 ? rng.shuffle(Array.from({ length: problems }, (_, i) => i)).slice(0, groups) : null
  for (let g = 0; g < groups; g++) {
    const data = problem(drawn ? drawn[g] : step * groups + g)
    const groupId = rng.hex(16)
    const members = []
    for (let k = 0; k < groupSize; k++) {
      const errored = rng.chance(0.05)
      const truncated = !errored && rng.chance(0.08)
      const correct = !errored && !truncated && rng.chance(skill)
      members.push(
        episode('train', step, data, groupId, {
          correct,
          errored,
          truncated,
          useTool: rng.chance(0.5),
          stale: rng.chance(0.3)
        })
      )
    }
    all.push(...members)
    const ok = members.filter((m) => m.ok)
    const rewards = ok.map((m) => rewardOf(m.traces[0]))
    const mean = rewards.reduce((a, b) => a + b, 0) / Math.max(1, rewards.length)
    if (rewards.length > 1 && new Set(rewards).size > 1) {
      ok.forEach((m, i) => {
        const advantage = rewards[i] - mean
        effective.push({ ...m, traces: m.traces.map((t) => ({ ...t, info: { ...t.info, advantage } })) })
      })
    }
  }
  // arrival order differs from dispatch order
  return { skill, all: rng.shuffle(all), dispatched: all, effective }
}

/**
 * Writes the run. Options: `steps` (count, from 0), `groups` per step, `groupSize` rollouts per group, `evalEvery`
 * (eval at steps 0, evalEvery, …; 0 = none), `legacy` (the Apr–Jul 2026 files instead), `problems` (a dataset of
 * that many problems each step draws its groups from, so prompts come back across steps; 0, the default: every
 * step has problems of its own).
 * @returns {{ outDir: string, train: { step: number, file: string, all: object[], effective: object[] }[], eval: { step: number, file: string, all: object[] }[] }}
 */
export function writePrimeRlRun({
  outDir,
  steps = 3,
  groups = 2,
  groupSize = 4,
  evalEvery = 0,
  legacy = false,
  seed = 'prime-rl',
  model = 'Qwen/Qwen3-4B',
  problems = 0
}) {
  const rng = createRng(seed)
  const runId = rng.hex(12)
  const written = { outDir, train: [], eval: [] }
  const metrics = []
  const episode = episodeMaker(rng, { model, runId })
  for (let step = 0; step < steps; step++) {
    const {
      skill,
      all: arrived,
      dispatched,
      effective
    } = trainStep(rng, episode, {
      step,
      steps,
      groups,
      groupSize,
      problems
    })
    if (legacy) {
      const file = join(outDir, 'rollouts', `step_${step}`, 'train_rollouts.jsonl')
      mkdirSync(join(outDir, 'rollouts', `step_${step}`), { recursive: true })
      writeFileSync(file, arrived.map((e) => JSON.stringify(legacyRow(e))).join('\n') + '\n')
      written.train.push({ step, file, all: arrived, effective: [] })
    } else {
      written.train.push(writeTrainStep(outDir, step, arrived, effective))
    }
    if (evalEvery > 0 && step % evalEvery === 0) {
      const evals = []
      for (let i = 0; i < 3; i++) {
        const data = problem(900 + i)
        const groupId = rng.hex(16)
        for (let k = 0; k < 2; k++)
          evals.push(episode('eval', step, data, groupId, { correct: rng.chance(skill), useTool: false }))
      }
      if (legacy) {
        const file = join(outDir, 'rollouts', `step_${step}`, 'eval_rollouts_math-python.jsonl')
        writeFileSync(file, evals.map((e) => JSON.stringify(legacyRow(e))).join('\n') + '\n')
        written.eval.push({ step, file, all: evals })
      } else {
        const dir = join(outDir, 'rollouts', `step_${step}`, 'eval')
        mkdirSync(join(dir, 'all'), { recursive: true })
        mkdirSync(join(dir, 'effective'), { recursive: true })
        const file = join(dir, 'all', 'traces.jsonl')
        writeFileSync(file, evals.map((e) => JSON.stringify(e)).join('\n') + '\n')
        writeFileSync(
          join(dir, 'effective', 'traces.jsonl'),
          evals
            .filter((e) => e.ok)
            .map((e) => JSON.stringify(e) + '\n')
            .join('')
        )
        written.eval.push({ step, file, all: evals })
      }
    }
    metrics.push(metricsLine(step, dispatched))
  }
  if (!legacy) writeFileSync(join(outDir, 'metrics.jsonl'), metrics.map((m) => JSON.stringify(m)).join('\n') + '\n')
  return written
}

const metricsLine = (step, all) => ({
  step,
  time: T0 + step * 100,
  // the orchestrator's key (metrics.py: `train/agg/{subset}/{agent}/reward/mean`, Trace.reward, 0 when no reward ran)
  'train/agg/all/agent/reward/mean': all.reduce((s, e) => s + rewardOf(e.traces[0]), 0) / all.length,
  'train/agg/all/agent/num_turns/mean': 1
})

/** Writes a train step's `all` and `effective` files (the `all` file last and whole: complete when it appears). */
function writeTrainStep(outDir, step, all, effective) {
  const dir = join(outDir, 'rollouts', `step_${step}`, 'train')
  mkdirSync(join(dir, 'all'), { recursive: true })
  mkdirSync(join(dir, 'effective'), { recursive: true })
  const file = join(dir, 'all', 'traces.jsonl')
  writeFileSync(join(dir, 'effective', 'traces.jsonl'), effective.map((e) => JSON.stringify(e) + '\n').join(''))
  writeFileSync(file, all.map((e) => JSON.stringify(e)).join('\n') + '\n')
  return { step, file, all, effective }
}

/** Bump when what `generateTrainingRun` writes changes, so cached corpora are regenerated. */
export const TRAINING_RUN_VERSION = 1

/**
 * The bench's training run (issue 14, Scale): `steps` × `rollouts` multi-turn rollouts (several python calls with
 * reasoning and long outputs, sampled-token arrays as prime-rl writes them), ~13 KB a rollout in `all` plus the
 * `effective` subset: 500 × 512 is ~5 GB. One step in memory at a time; deterministic for a seed; reused when
 * `outDir/manifest.json` records the same parameters and the files are still there with their sizes.
 * @param {{ outDir: string, steps?: number, rollouts?: number, groupSize?: number, seed?: string, log?: (msg: string) => void }} opts
 * @returns {{ reused: boolean, manifest: TrainingRunManifest }}
 */
export function generateTrainingRun({ outDir, steps = 500, rollouts = 512, groupSize = 8, seed = 'bench', log }) {
  const params = { steps, rollouts, groupSize, seed }
  const old = readManifest(outDir)
  if (old && old.version === TRAINING_RUN_VERSION && JSON.stringify(old.params) === JSON.stringify(params)) {
    if (old.files.every((f) => existsSync(join(outDir, f.path)) && statSync(join(outDir, f.path)).size === f.bytes))
      return { reused: true, manifest: old }
  }
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const runDir = join(outDir, 'outputs', 'rl-math')
  const rng = createRng(seed)
  const episode = episodeMaker(rng, {
    model: 'Qwen/Qwen3-4B',
    runId: rng.hex(12),
    chatty: { turns: [1, 4], output: 600 }
  })
  const groups = Math.max(1, Math.round(rollouts / groupSize))
  const files = []
  let episodes = 0
  for (let step = 0; step < steps; step++) {
    const { all, dispatched, effective } = trainStep(rng, episode, { step, steps, groups, groupSize })
    const { file } = writeTrainStep(runDir, step, all, effective)
    const eff = join(runDir, 'rollouts', `step_${step}`, 'train', 'effective', 'traces.jsonl')
    files.push({ path: relTo(outDir, file), bytes: statSync(file).size, episodes: all.length, step })
    files.push({ path: relTo(outDir, eff), bytes: statSync(eff).size, episodes: 0, step })
    appendLine(join(runDir, 'metrics.jsonl'), metricsLine(step, dispatched))
    episodes += all.length
    if (log && (step + 1) % 50 === 0) log(`training run: ${step + 1}/${steps} steps written`)
  }
  const metricsPath = join(runDir, 'metrics.jsonl')
  files.push({ path: relTo(outDir, metricsPath), bytes: statSync(metricsPath).size, episodes: 0, step: null })
  /** @type {TrainingRunManifest} */
  const manifest = {
    generator: 'prime-rl-run',
    version: TRAINING_RUN_VERSION,
    params,
    runDir: relTo(outDir, runDir),
    files,
    totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    episodes
  }
  // Written last: an interrupted run leaves no manifest, so the next call regenerates.
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  return { reused: false, manifest }
}

/**
 * @typedef {object} TrainingRunManifest
 * @property {string} generator
 * @property {number} version
 * @property {{ steps: number, rollouts: number, groupSize: number, seed: string }} params
 * @property {string} runDir the output folder (relative), the one holding `rollouts/`
 * @property {{ path: string, bytes: number, episodes: number, step: number | null }[]} files relative paths
 * @property {number} totalBytes
 * @property {number} episodes rollouts in the `all` files (the run's episodes)
 */

const relTo = (base, path) => path.slice(base.length + 1)

function appendLine(path, value) {
  const fd = openSync(path, 'a')
  try {
    writeSync(fd, JSON.stringify(value) + '\n')
  } finally {
    closeSync(fd)
  }
}

function readManifest(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/** The same rollout as a verifiers RolloutOutput row (prime-rl Apr–Jul 2026: `save_rollouts`, trajectory excluded). */
function legacyRow(ep) {
  const t = ep.traces[0]
  const byId = t.nodes
  const sampledAt = byId.findIndex((n) => n.sampled)
  const messages = byId.map((n) => n.message)
  const prompt = sampledAt < 0 ? messages : messages.slice(0, sampledAt)
  const completion = sampledAt < 0 ? [] : messages.slice(sampledAt)
  const reward = rewardOf(t)
  return {
    example_id: ep.task.data.idx,
    prompt,
    completion,
    answer: ep.task.data.answer,
    task: 'default',
    info: {},
    reward,
    timing: {
      generation: { start: t.timing.agent.start, end: t.timing.agent.end, duration: 3 },
      scoring: { start: t.timing.scoring.start, end: t.timing.scoring.end, duration: 0.3 },
      total: 4.5
    },
    is_completed: true,
    is_truncated: t.stop_condition === 'max_output_tokens',
    stop_condition: t.stop_condition,
    metrics: {
      correct: t.rewards.correct?.score ?? 0,
      format: t.rewards.format?.score ?? 0,
      num_turns: t.calls.length
    },
    error: ep.ok ? null : { error: 'SandboxError', message: t.errors[0]?.message ?? 'error' },
    token_usage: {
      input_tokens: t.calls.reduce((s, c) => s + c.usage.prompt_tokens, 0),
      output_tokens: t.calls.reduce((s, c) => s + c.usage.completion_tokens, 0)
    }
  }
}
