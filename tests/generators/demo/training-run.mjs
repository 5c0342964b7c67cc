/**
 * The demo's training run: a GRPO job on the same repo-repair environment, written as a Prime hosted-RL run export
 * (docs/formats/prime-hosted-rl.md): `<run_id>/results.jsonl` (one sample per line, `prompt` / `completion` /
 * `metrics` / `timing` / `info` as JSON-encoded strings, `step`, `problem_id`, `reward`, `advantage`) beside
 * `metadata.json` and `progress.json`.
 *
 * 10 steps × 8 problems × 4 rollouts. Each step samples 8 of the 16 tasks, so a task comes back at several steps
 * (learned / forgotten can be read); the chance that a rollout repairs the repository rises with the step, by
 * difficulty, with noise. The reward is the environment's rubric: 0.8 when the whole test suite passes plus 0.2 × the
 * share of tests passing (so pass at the default 0.5 threshold means "repaired"). Groups whose 4 rollouts all get the same reward (GRPO: no signal) occur naturally: hard
 * tasks early (nothing fixed), easy ones late (all fixed). Tool outputs are cut to their head and tail, as RL
 * environments do, which keeps the file small.
 */
import { createRng } from '../prng.mjs'
import { buildRepo } from './repo.mjs'
import { simulateEpisode } from './episode.mjs'

export const TRAINING_RUN_ID = 'qx7demo2grpo4repair9st10'
export const TRAINING_RUN_NAME = 'repo-repair-grpo-qwen3-8b'
export const TRAINING_STEPS = 10
export const BATCH_PROBLEMS = 8
export const GROUP_SIZE = 4
/** Tool outputs longer than this are cut to their head and tail. */
const MAX_OUTPUT = 240

/** Chance that a rollout of a task fully repairs it at a step: a ramp by difficulty, per-task offset, noise. */
const RAMP = { easy: [0.35, 0.92], medium: [0.1, 0.7], hard: [0.0, 0.35] }

/**
 * @param {import('./task-types.mjs').Task} task @param {number} step @param {import('../prng.mjs').Rng} rng
 * @returns {number}
 */
function successChance(task, step, rng) {
  const [from, to] = RAMP[task.difficulty]
  const t = step / (TRAINING_STEPS - 1)
  // learning is not linear: slow start, then faster
  const p = from + (to - from) * (t * t * 0.4 + t * 0.6) + rng.gaussian(0, 0.06)
  return Math.min(1, Math.max(0, p))
}

/** A behaviour profile between the base model's and the trained one's (see RUNS in demo-workspace.mjs). */
function profileAt(/** @type {number} */ step) {
  const t = step / (TRAINING_STEPS - 1)
  const mix = (/** @type {number} */ a, /** @type {number} */ b) => Math.round((a + (b - a) * t) * 100) / 100
  return {
    key: /** @type {'base' | 'trained'} */ (t < 0.5 ? 'base' : 'trained'),
    model: 'qwen3-8b',
    explore: /** @type {[number, number]} */ ([0, 0]),
    loopP: mix(0.2, 0.05),
    wrongP: mix(0.5, 0.2),
    thinkP: 0,
    diffP: mix(0.1, 0.4),
    claimP: mix(0.4, 0.1),
    maxTools: 6
  }
}

/** A long tool output as its head and tail with the cut marked. @param {string} text */
function cutOutput(text) {
  if (text.length <= MAX_OUTPUT) return text
  const head = text.slice(0, 90)
  const tail = text.slice(-(MAX_OUTPUT - 130))
  return `${head}\n[... ${text.length - head.length - tail.length} characters cut ...]\n${tail}`
}

/** Chat messages in the hosted-RL export's shape: tool calls as JSON strings of flat {id, name, arguments}. */
function hostedMessages(/** @type {any[]} */ messages) {
  return messages.map((m) => {
    if (m.role === 'assistant') {
      /** @type {any} */
      const out = { role: 'assistant', content: m.content }
      out.tool_calls = m.tool_calls
        ? m.tool_calls.map((c) => JSON.stringify({ id: c.id, name: c.function.name, arguments: c.function.arguments }))
        : null
      return out
    }
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.tool_call_id, content: cutOutput(m.content) }
    return { role: m.role, content: m.content }
  })
}

const round4 = (/** @type {number} */ x) => Math.round(x * 1e4) / 1e4

/**
 * Every sample of the run, in step order (the export's order).
 * @param {import('./task-types.mjs').Task[]} tasks @param {number} seed
 * @returns {Record<string, unknown>[]}
 */
export function buildTrainingRows(tasks, seed) {
  const rows = []
  const start = Date.UTC(2026, 9, 3, 8, 0, 0) / 1000
  let sample = 0
  let errors = 0
  for (let step = 0; step < TRAINING_STEPS; step++) {
    const pickRng = createRng(`${seed}:rl:batch:${step}`)
    const batch = pickRng.shuffle(tasks).slice(0, BATCH_PROBLEMS)
    const profile = profileAt(step)
    for (const task of batch) {
      const repo = buildRepo(task)
      const rng = createRng(`${seed}:rl:${step}:${task.id}`)
      const p = successChance(task, step, rng)
      const group = []
      for (let r = 0; r < GROUP_SIZE; r++) {
        const outcome = rng.chance(p)
          ? 'success'
          : errors < 2 && rng.chance(0.02)
            ? 'error'
            : rng.chance(0.45 - step * 0.03)
              ? 'truncated'
              : 'partial'
        if (outcome === 'error') errors++
        const ep = simulateEpisode({ task, repo, profile, rollout: r, outcome, rng: rng.fork(`r${r}`) })
        group.push({ ep, outcome })
      }
      // the environment's rubric: 0.8 for a green test suite, 0.2 for the share of tests passing
      const rewardOf = (/** @type {any} */ ep) =>
        ep.status === 'error' ? 0 : round4(0.8 * (ep.passed === ep.total ? 1 : 0) + 0.2 * (ep.passed / ep.total))
      const mean = group.reduce((s, g) => s + rewardOf(g.ep), 0) / group.length
      for (const { ep, outcome } of group) {
        const reward = rewardOf(ep)
        const messages = hostedMessages(ep.messages)
        const steps = messages.filter((m) => m.role === 'assistant').length
        const generation = round4((ep.durationMs / 1000) * 0.62)
        const t0 = start + step * 540 + rng.float(0, 400)
        const total = round4(ep.durationMs / 1000 + 1.5)
        const tokensOut = messages
          .filter((m) => m.role === 'assistant')
          .reduce(
            (s, m) => s + Math.ceil(((m.content?.length ?? 0) + JSON.stringify(m.tool_calls ?? '').length) / 4) + 6,
            0
          )
        rows.push({
          advantage: round4(reward - mean),
          answer: `all ${ep.total} tests pass`,
          completion: JSON.stringify(messages.slice(2)),
          created_at: new Date(Math.round((t0 + total) * 1000)).toISOString().replace('Z', '+00:00'),
          env_name: 'rollscope/repo-repair',
          error: outcome === 'error' ? ep.error : null,
          info: JSON.stringify({ difficulty: task.difficulty, archetype: task.archetype, repo: task.repo }),
          is_truncated: outcome === 'truncated',
          metrics: JSON.stringify({
            num_turns: steps,
            all_tests_pass: ep.status !== 'error' && ep.passed === ep.total ? 1 : 0,
            tests_passed_frac: round4(ep.passed / ep.total),
            tool_calls: ep.tools
          }),
          num_input_tokens: 900 + steps * 1400 + Math.round(rng.float(0, 300)),
          num_output_tokens: tokensOut,
          problem_id: task.id,
          prompt: JSON.stringify(messages.slice(0, 2)),
          reward,
          run_id: TRAINING_RUN_ID,
          sample_id: sample++,
          step,
          stop_condition: outcome === 'error' ? 'has_error' : outcome === 'truncated' ? 'max_turns' : 'no_tools',
          tag: '',
          task: 'default',
          timing: JSON.stringify({
            start_time: round4(t0),
            generation: { start: round4(t0), end: round4(t0 + generation), duration: generation },
            scoring: { start: round4(t0 + total - 1.5), end: round4(t0 + total), duration: 1.5 },
            total
          })
        })
      }
    }
  }
  return rows
}

/** metadata.json `{run}` of the export (the fields the adapter reads, and the ones a real run has beside them). */
export function trainingMetadata() {
  return {
    run: {
      base_model: 'qwen3-8b',
      batch_size: BATCH_PROBLEMS * GROUP_SIZE,
      completed_at: '2026-10-03 09:38:02.114000',
      created_at: '2026-10-03 07:58:41.502000',
      environments: [{ args: { max_turns: 6 }, id: 'rollscope/repo-repair', name: null, version: '0.3.1' }],
      id: TRAINING_RUN_ID,
      learning_rate: 1e-6,
      max_steps: TRAINING_STEPS,
      max_tokens: 4096,
      name: TRAINING_RUN_NAME,
      rollouts_per_example: GROUP_SIZE,
      status: 'COMPLETED'
    }
  }
}

/** progress.json of the export: every step has samples. */
export function trainingProgress() {
  const steps = Array.from({ length: TRAINING_STEPS }, (_, i) => i)
  return {
    last_updated_at: '2026-10-03T09:37:58.803269+00:00',
    latest_step: TRAINING_STEPS - 1,
    steps,
    steps_with_samples: steps
  }
}
