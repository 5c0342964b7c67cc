/**
 * AReaL trajectory dumps, written as inclusionAI/AReaL (4aef98d) writes them (tests/fixtures/areal/README.md):
 * `WorkflowExecutor._dump_trajectory` (areal/infra/workflow_executor.py) appends to
 * `<fileroot>/logs/<user>/<experiment>/<trial>/<rollout|eval-rollout>/<tail_version>/<task_id>.jsonl` one
 * `json.dumps(record)` line per sample of a task's batch: `{task_id, sample_idx, seqlen, prompt_len, head_version,
 * tail_version, reward, prompt, completion}`, the text decoded with `skip_special_tokens=False`.
 *
 * Run as a script to rewrite the fixture: `node tests/generators/areal-dump.mjs tests/fixtures/areal`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pyDumps } from './py-json.mjs'

const prompt = (q) =>
  `<|im_start|>user\n${q}\nPlease reason step by step, and put your final answer within \\boxed{}.<|im_end|>\n<|im_start|>assistant\n`

const TASKS = [
  { q: 'Compute 12 + 30.', a: '42' },
  { q: 'What is the remainder when 100 is divided by 7?', a: '2' }
]

/** Token counts of a text, as a fixture needs them (one token per 4 characters). */
const tokens = (text) => Math.max(1, Math.ceil(text.length / 4))

/**
 * One task's batch (`n_samples` generations): its samples as `_dump_trajectory` writes them. The RLVR workflow
 * marks prompt tokens with version -1, so `head_version` (the lowest over the batch's tokens) is -1.
 */
function taskLines({ taskId, task, rights, tail, head = -1 }) {
  return rights.map((ok, i) => {
    const p = prompt(task.q)
    const c = ok
      ? `Step by step: the result is ${task.a}. The answer is \\boxed{${task.a}}.<|im_end|>`
      : `The answer is \\boxed{${Number(task.a) + 1}}.<|im_end|>`
    const promptLen = tokens(p)
    return pyDumps(
      {
        task_id: taskId,
        sample_idx: i,
        seqlen: promptLen + tokens(c),
        prompt_len: promptLen,
        head_version: head,
        tail_version: tail,
        reward: ok ? 1 : 0,
        prompt: p,
        completion: c
      },
      { floatKeys: ['reward'] }
    )
  })
}

function write(dir, version, taskId, lines) {
  const folder = join(dir, String(version))
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, `${taskId}.jsonl`), lines.map((l) => l + '\n').join(''))
}

/** Writes the fixture: a trial's rollouts at versions 0 and 1 (groups of 4) and one evaluation. */
export function writeArealFixture(outDir) {
  const trial = join(outDir, 'logs', 'areal', 'gsm8k-grpo', 'trial0')
  const rollout = join(trial, 'rollout')
  write(rollout, 0, 0, taskLines({ taskId: 0, task: TASKS[0], rights: [true, false, false, true], tail: 0 }))
  write(rollout, 0, 1, taskLines({ taskId: 1, task: TASKS[1], rights: [false, false, false, false], tail: 0 }))
  // version 1: task 3 was generated across a weight update (interrupted): its tokens span versions 0..1
  write(rollout, 1, 2, taskLines({ taskId: 2, task: TASKS[0], rights: [true, true, true, false], tail: 1 }))
  write(rollout, 1, 3, taskLines({ taskId: 3, task: TASKS[1], rights: [true, false, true, false], tail: 1, head: 0 }))
  const evals = join(trial, 'eval-rollout')
  write(evals, 1, 0, taskLines({ taskId: 0, task: TASKS[0], rights: [true], tail: 1 }))
  write(evals, 1, 1, taskLines({ taskId: 1, task: TASKS[1], rights: [false], tail: 1 }))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeArealFixture(process.argv[2] ?? 'tests/fixtures/areal')
