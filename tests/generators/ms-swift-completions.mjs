/**
 * ms-swift GRPO completion logs, written as modelscope/ms-swift (3602360) writes them (tests/fixtures/ms-swift/README.md):
 * `GRPOTrainer.log` (swift/rlhf_trainers/grpo_trainer.py) appends one line per logging step to
 * `<output_dir>/completions.jsonl` through `JsonlWriter` (`json.dumps(obj, ensure_ascii=False)`), column oriented:
 * `step` ([str(global_step)] per row), `prompt`, `completion`, one column per reward function (named after its class:
 * `--reward_funcs accuracy format` → MathAccuracy, Format), `advantages`, then the other logged columns (`solution`).
 * The Megatron trainer (swift/megatron/trainers/grpo_trainer.py `_build_log_table`) writes `gen_step` (an int).
 *
 * Run as a script to rewrite the fixture: `node tests/generators/ms-swift-completions.mjs tests/fixtures/ms-swift`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pyDumps } from './py-json.mjs'

/** `template.encode` + `safe_decode` of the prompt messages: Qwen2.5's ChatML with ms-swift's default system. */
const prompt = (q) =>
  `<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n${q}<|im_end|>\n<|im_start|>assistant\n`

const TASKS = [
  { q: 'Solve for x: 2x + 6 = 14. Put the final answer in \\boxed{}.', a: '4' },
  { q: 'How many minutes are in 2.5 hours? Put the final answer in \\boxed{}.', a: '150' }
]

const completion = (task, right, formatted) => {
  const body = right ? `The answer is \\boxed{${task.a}}.` : `The answer is \\boxed{${task.a}0}.`
  return formatted ? `<think>\nWork it out.\n</think>\n<answer>${body}</answer>` : body
}

/** GRPO advantages per group (scale_rewards 'group'): (r - mean) / (std + 1e-4), std unbiased as torch's. */
function groupAdvantages(rewards, size) {
  const out = []
  for (let g = 0; g < rewards.length; g += size) {
    const group = rewards.slice(g, g + size)
    const mean = group.reduce((a, b) => a + b, 0) / size
    const std = Math.sqrt(group.reduce((a, r) => a + (r - mean) ** 2, 0) / (size - 1))
    for (const r of group) out.push(Number(((r - mean) / (std + 1e-4)).toFixed(4)))
  }
  return out
}

/**
 * One logging step's table: each task twice (num_generations 2), `samples` = [right, formatted] per row; a null
 * format score stands for a reward function that did not score the row (NaN: json.dumps writes it bare).
 */
function table(step, samples, stepKey = 'step') {
  const rows = samples.map(([t, right, formatted]) => ({ task: TASKS[t], right, formatted }))
  const acc = rows.map((r) => (r.right ? 1 : 0))
  const fmt = rows.map((r) => (r.formatted === null ? NaN : r.formatted ? 1 : 0))
  const totals = rows.map((_r, i) => acc[i] + (Number.isNaN(fmt[i]) ? 0 : fmt[i]))
  return {
    [stepKey]: rows.map(() => (stepKey === 'step' ? String(step) : step)),
    prompt: rows.map((r) => prompt(r.task.q)),
    completion: rows.map((r) => completion(r.task, r.right, r.formatted)),
    MathAccuracy: acc,
    Format: fmt,
    advantages: groupAdvantages(totals, 2),
    solution: rows.map((r) => r.task.a)
  }
}

const FLOATS = ['MathAccuracy', 'Format', 'advantages']

/** Writes the fixture: a transformers-trainer run (logging steps 5 and 10) and a Megatron run (gen_step 0). */
export function writeMsSwiftFixture(outDir) {
  const run = join(outDir, 'v0-20260301-101500')
  mkdirSync(run, { recursive: true })
  const lines = [
    table(5, [
      [0, true, false],
      [0, false, false],
      [1, false, true],
      [1, false, false]
    ]),
    table(10, [
      [0, true, true],
      [0, true, true],
      [1, true, true],
      [1, false, null]
    ])
  ]
  writeFileSync(
    join(run, 'completions.jsonl'),
    lines.map((l) => pyDumps(l, { floatKeys: FLOATS, ensureAscii: false }) + '\n').join('')
  )
  const megatron = join(outDir, 'megatron-v1-20260302-080000')
  mkdirSync(megatron, { recursive: true })
  const m = table(
    0,
    [
      [1, true, true],
      [1, true, false]
    ],
    'gen_step'
  )
  writeFileSync(join(megatron, 'completions.jsonl'), pyDumps(m, { floatKeys: FLOATS, ensureAscii: false }) + '\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeMsSwiftFixture(process.argv[2] ?? 'tests/fixtures/ms-swift')
