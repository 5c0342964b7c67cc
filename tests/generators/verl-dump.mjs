/**
 * A verl training run's dump folders, written as `RayPPOTrainer._dump_generations` writes them (volcengine/verl
 * b178a3c, verl/trainer/ppo/ray_trainer.py; docs/formats/verl.md): `<out>/rollout/<global_step>.jsonl` for steps
 * 1..N (`trainer.rollout_data_dir`) and `<out>/validation/<global_step>.jsonl` at step 0 and every `testFreq` steps
 * (`trainer.validation_data_dir`). One line per rollout, Python's `json.dumps(entry, ensure_ascii=False)` (", " and
 * ": " separators, floats with their ".0"), keys `input, output, gts, score, step` then the reward function's extras
 * (math_dapo: `score`, `acc`, `pred`; validation adds `reward` first).
 *
 * Each training step samples `promptsPerStep` of `tasks` prompts and repeats each `groupSize` times interleaved
 * (`repeat(interleave=True)`), then, as `trainer.balance_batch` does, reorders the batch (here a seeded shuffle) so a
 * group's rows are scattered. A rollout is right with a chance that rises with the step, by task difficulty; a share
 * of them call a tool first (Qwen `<tool_call>` and the tool-response turn in the decoded output).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRng } from './prng.mjs'

const QWEN_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.'

/** A Python float as `repr` prints it (`1.0`, `-1.0`, `0.25`). */
const pyFloat = (v) => (Number.isInteger(v) ? v.toFixed(1) : String(v))

/** One value as Python's json.dumps(ensure_ascii=False) writes it; `floats` names keys whose numbers are floats. */
function pyJson(v, isFloat = false) {
  if (typeof v === 'number') return isFloat ? pyFloat(v) : String(v)
  if (Array.isArray(v)) return `[${v.map((x) => pyJson(x, isFloat)).join(', ')}]`
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x, isFloat)}`)
      .join(', ')}}`
  return JSON.stringify(v)
}

/** Keys of the row whose numbers verl writes as floats (token-level scores summed, the reward lists). */
const FLOAT_KEYS = new Set(['score', 'reward'])

/** `_dump_generations`: columns to rows, `step` on every row, extras with one value per row, "\n".join + "\n". */
function dumpGenerations(dir, step, columns, extras) {
  mkdirSync(dir, { recursive: true })
  const n = columns.input.length
  const base = { ...columns, step: Array(n).fill(step) }
  for (const [k, v] of Object.entries(extras)) if (v.length === n) base[k] = v
  const lines = []
  for (let i = 0; i < n; i++) {
    lines.push(
      `{${Object.keys(base)
        .map((k) => `${JSON.stringify(k)}: ${pyJson(base[k][i], FLOAT_KEYS.has(k))}`)
        .join(', ')}}`
    )
  }
  writeFileSync(join(dir, `${step}.jsonl`), lines.join('\n') + '\n')
}

/** The decoded prompt: Qwen2.5's ChatML with the special tokens skipped. */
const promptText = (question) =>
  `system\n${QWEN_SYSTEM}\nuser\nSolve the following math problem step by step. The last line of your response ` +
  `should be of the form Answer: $Answer (without quotes) where $Answer is the answer to the problem.\n\n` +
  `${question}\n\nRemember to put your answer on its own line after "Answer:".\nassistant\n`

function makeTasks(count, rng) {
  return Array.from({ length: count }, (_, i) => {
    const a = rng.int(2, 99)
    const b = rng.int(2, 99)
    return {
      input: promptText(`Task ${i}: what is ${a} × ${b}?`),
      answer: String(a * b),
      a,
      b,
      difficulty: rng.pick([0.1, 0.3, 0.5])
    }
  })
}

/** One rollout: its decoded output and the math_dapo result. */
function rollout(task, step, steps, rng) {
  const t = step / Math.max(1, steps)
  const right = rng.chance(Math.min(0.95, task.difficulty + 0.6 * t))
  const truncated = !right && rng.chance(0.1)
  const pred = right ? task.answer : String(task.a * task.b + rng.int(1, 9))
  const work = `${task.a} × ${task.b}: ${task.a} × ${task.b - 1} = ${task.a * (task.b - 1)}, plus ${task.a}.`
  let output
  if (truncated) output = `${work} So the product is`
  else if (rng.chance(0.3)) {
    const call = `<tool_call>\n{"name": "calculator", "arguments": {"expression": "${task.a}*${task.b}"}}\n</tool_call>`
    output = `${work}\n${call}user\n<tool_response>\n${task.a * task.b}\n</tool_response>\nassistant\nAnswer: ${pred}`
  } else output = `${work}\nAnswer: ${pred}`
  return { output, pred: truncated ? '[INVALID]' : pred, acc: right && !truncated }
}

/**
 * Writes the run under outDir; returns the two folders and the steps written.
 * @param {{outDir: string, steps?: number, groupSize?: number, promptsPerStep?: number, tasks?: number,
 *   testFreq?: number, valGroupSize?: number, seed?: number}} opts
 */
export function generateVerlDump(opts) {
  const { outDir, steps = 20, groupSize = 8, promptsPerStep = 6, tasks = 16, testFreq = 5, valGroupSize = 2 } = opts
  const rng = createRng(opts.seed ?? 'verl-dump')
  const pool = makeTasks(tasks, rng.fork('tasks'))
  const rolloutDir = join(outDir, 'rollout')
  const validationDir = join(outDir, 'validation')
  const batch = (step, chosen, n) => {
    const rows = []
    for (const task of chosen) for (let k = 0; k < n; k++) rows.push({ task, ...rollout(task, step, steps, rng) })
    return rows
  }
  const columns = (rows) => ({
    input: rows.map((r) => r.task.input),
    output: rows.map((r) => r.output),
    gts: rows.map((r) => r.task.answer),
    score: rows.map((r) => (r.acc ? 1 : -1))
  })
  const extras = (rows) => ({
    score: rows.map((r) => (r.acc ? 1 : -1)),
    acc: rows.map((r) => r.acc),
    pred: rows.map((r) => r.pred)
  })
  const validate = (step) => {
    const rows = batch(step, pool.slice(0, 4), valGroupSize)
    dumpGenerations(validationDir, step, columns(rows), {
      reward: rows.map((r) => (r.acc ? 1 : -1)),
      ...extras(rows)
    })
  }
  validate(0)
  for (let step = 1; step <= steps; step++) {
    const rows = rng.shuffle(batch(step, rng.shuffle(pool).slice(0, promptsPerStep), groupSize))
    dumpGenerations(rolloutDir, step, columns(rows), extras(rows))
    if (step % testFreq === 0 || step === steps) validate(step)
  }
  return { rolloutDir, validationDir, steps }
}
