/**
 * Writes verifiers eval run folders the way `vf-eval` / `prime eval run` write them in 2026
 * (FORMATS.md §1.1–1.3; row shape from verifiers `legacy/utils/save_utils.py::state_to_output`, metadata from
 * `GenerateMetadata`): `outputs/evals/<env>--<model with / → -->/<8 hex>/{results.jsonl, metadata.json}`.
 * Rows carry `example_id`, prompt / completion messages (OpenAI chat, tool calls with JSON-string arguments),
 * `reward`, the rubric metrics flattened and in `metrics`, `timing` (seconds), `token_usage`, `is_completed`,
 * `is_truncated`, `stop_condition`, `error`; metadata the run settings and its own averages.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * @typedef {object} Step one agent action: assistant text and/or tool calls, then the tool results
 * @property {string} [text]
 * @property {{ name: string, args: Record<string, unknown>, result: string }[]} [calls]
 */

/**
 * @typedef {object} RowSpec
 * @property {number} exampleId
 * @property {string} system
 * @property {string} user
 * @property {Step[]} steps the agent's actions in order (each becomes one assistant message, plus tool messages)
 * @property {string} [answer]
 * @property {Record<string, unknown>} [info]
 * @property {number} reward
 * @property {Record<string, number>} [metrics] rubric metrics (besides num_turns, written from the steps)
 * @property {number} [generationS] seconds spent in model calls
 * @property {number} [totalS]
 * @property {number} [startTime] Unix seconds
 * @property {number} [tokensIn]
 * @property {number} [tokensOut]
 * @property {string} [stopCondition]
 * @property {boolean} [truncated]
 */

/** One results.jsonl row. @param {RowSpec} s */
export function verifiersRow(s) {
  const completion = []
  let callNo = 0
  for (const step of s.steps) {
    const calls = (step.calls ?? []).map((c) => ({ id: `call_${s.exampleId}_${callNo++}`, ...c }))
    completion.push({
      role: 'assistant',
      content: step.text ?? (calls.length ? null : ''),
      ...(calls.length
        ? {
            tool_calls: calls.map((c) => ({
              id: c.id,
              type: 'function',
              function: { name: c.name, arguments: JSON.stringify(c.args) }
            }))
          }
        : {})
    })
    for (const c of calls) completion.push({ role: 'tool', tool_call_id: c.id, content: c.result })
  }
  const metrics = { ...(s.metrics ?? {}), num_turns: s.steps.length }
  const start = s.startTime ?? 1767225600
  const gen = s.generationS ?? 0
  const total = s.totalS ?? gen
  return {
    example_id: s.exampleId,
    prompt: [
      { role: 'system', content: s.system },
      { role: 'user', content: s.user }
    ],
    completion,
    ...(s.answer !== undefined ? { answer: s.answer } : {}),
    info: s.info ?? {},
    reward: s.reward,
    ...metrics,
    metrics,
    timing: {
      start_time: start,
      setup: { start, end: start, duration: 0 },
      generation: { start, end: start + gen, duration: gen },
      scoring: { start: start + gen, end: start + total, duration: total - gen },
      total,
      overhead: 0
    },
    token_usage: { input_tokens: s.tokensIn ?? 0, output_tokens: s.tokensOut ?? 0 },
    is_completed: true,
    is_truncated: s.truncated ?? false,
    stop_condition: s.stopCondition ?? null,
    error: null,
    task: 'default'
  }
}

/**
 * Writes one run folder and returns its path.
 * @param {string} outDir the folder that gets `outputs/evals/…`
 * @param {{ envId: string, model: string, runId: string, metadata: Record<string, unknown>, rows: object[] }} run
 */
export function writeVerifiersRun(outDir, run) {
  const dir = join(outDir, 'outputs', 'evals', `${run.envId}--${run.model.replace(/\//g, '--')}`, run.runId)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'results.jsonl'), run.rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  const rewards = run.rows.map((r) => /** @type {{ reward: number }} */ (r).reward)
  const exampleIds = new Set(run.rows.map((r) => /** @type {{ example_id: number }} */ (r).example_id))
  const metadata = {
    env_id: run.envId,
    model: run.model,
    num_examples: exampleIds.size,
    rollouts_per_example: Math.round(run.rows.length / exampleIds.size),
    // the producer's own average, as prime eval prints it (the rows are the truth; Rollscope checks it)
    avg_reward: rewards.reduce((a, b) => a + b, 0) / rewards.length,
    ...run.metadata
  }
  writeFileSync(join(dir, 'metadata.json'), JSON.stringify(metadata, null, 2) + '\n')
  return dir
}

/** A tool call step. @param {string} name @param {Record<string, unknown>} args @param {string} result @param {string} [text] */
export const call = (name, args, result, text) => ({ ...(text ? { text } : {}), calls: [{ name, args, result }] })

/** A plain answer step. @param {string} text */
export const answer = (text) => ({ text })
