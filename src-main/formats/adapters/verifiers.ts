/**
 * verifiers / `prime eval` results.jsonl (FORMATS.md §1), every era:
 * - Aug–Sep 2025: `id`, rubric functions flattened to top-level numbers;
 * - late Sep 2025: + `generation_ms` / `scoring_ms` / `total_ms`, tool calls as JSON strings, tool
 *   results without `tool_call_id`, `info` always present;
 * - Dec 2025: `example_id`, `error`, env metrics (`turns`, `prompt_tokens`...) flattened;
 * - 2026: + `timing{total (s)}`, `is_completed`, `is_truncated`, `stop_condition`, `error{message...}`,
 *   `token_usage{}`, `metrics{}` (also flattened: counted once), `tool_defs`.
 * Steps (`num_turns`), generation time and termination: verifiers-rollout-facts.ts.
 *
 * Ids are unreliable in the Sep-2025 corpus files: `id = row // rollouts_per_example` while the rows
 * cycle through the examples, so one id covers several tasks. Checked by hand: wordle (both runs),
 * math-python (both runs), mmmu and tool-test have this bug; mcp-env (1 example × 3 rollouts) is
 * fine. This adapter only reports sourceId + promptHash + answer; the indexer decides the task key.
 */
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter } from '../types'
import { RecordError } from '../types'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { idText, isObj, num, numericFields, scalarFields, str, usageTokens, type Obj } from './record-fields'
import { verifiersRunHeader } from './verifiers-metadata'
import { decodeMaybeJson } from '../readers/tolerant-json'
import { rolloutGenerationMs, rolloutStatus, rolloutSteps, rolloutTermination } from './verifiers-rollout-facts'
import { defineFormat } from '../define-format'
import { basename, dirname, join } from 'node:path'

/** Top-level numbers that are identity, timing or training bookkeeping, not metrics (FORMATS.md §1.5; reward is kept). */
const RESERVED = new Set([
  'id',
  'example_id',
  'generation_ms',
  'scoring_ms',
  'total_ms',
  'advantage',
  'step',
  'problem_id',
  'sample_id',
  'num_input_tokens',
  'num_output_tokens'
])

type Messages = unknown[] | string

/** `prompt` / `completion` as a message list, or a string for completion envs; anything else is empty. */
const messagesOf = (v: unknown): Messages => (Array.isArray(v) || typeof v === 'string' ? v : [])
const countOf = (m: Messages): number => (typeof m === 'string' ? 1 : m.length)

/** Adapter for verifiers results.jsonl rows (not the hosted-RL export, whose fields are JSON strings). */
export const verifiersAdapter = defineFormat<JsonlAdapter>({
  format: 'verifiers',
  // above chat-jsonl: a verifiers row may carry chat messages too
  priority: 30,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [
    {
      kind: 'named',
      traceOf: (path) => (basename(path) === 'metadata.json' ? join(dirname(path), 'results.jsonl') : null)
    }
  ],

  matches(r) {
    if (!('prompt' in r) || !('completion' in r)) return false
    if (!('reward' in r || 'id' in r || 'example_id' in r)) return false
    const stringly = typeof r.prompt === 'string' || typeof r.completion === 'string' || typeof r.metrics === 'string'
    const hostedExport = stringly && 'problem_id' in r && ('run_id' in r || 'step' in r)
    return !hostedExport
  },

  readRunHeader: verifiersRunHeader,

  summarize(r): EpisodeSummaryRecord {
    const prompt = messagesOf(r.prompt)
    const completion = messagesOf(r.completion)
    if (prompt !== r.prompt && completion !== r.completion)
      throw new RecordError('record has neither prompt nor completion')
    const metrics = numericFields(r, RESERVED)
    if (isObj(r.metrics)) numericFields(r.metrics, RESERVED, metrics)
    const reward = num(r.reward)
    const task = str(r.task)
    const info = scalarFields(infoOf(r))
    if (task && task !== 'default') info.task = task
    const tokens = usageTokens(r.token_usage ?? r.usage)
    return {
      sourceId: sourceIdOf(r, task),
      promptHash: promptHash(prompt, 'all'),
      answer: answerText(r.answer),
      reward,
      success: null,
      ...rolloutStatus(r, errorText(r.error) ?? str(r.error_chain_str), completion, reward),
      turns: countOf(prompt) + countOf(completion),
      preview: previewOf(prompt),
      metrics,
      info,
      tokensIn: tokens.tokensIn ?? num(r.prompt_tokens),
      tokensOut: tokens.tokensOut ?? num(r.completion_tokens),
      durationMs: durationOf(r),
      steps: rolloutSteps(r, isObj(r.metrics) ? r.metrics : null),
      termination: rolloutTermination(r),
      generationMs: rolloutGenerationMs(r, isObj(r.timing) ? r.timing : null),
      actions: { kind: 'messages', messages: completion }
    }
  },

  parseEpisode(r): EpisodeBody {
    const prompt = messagesOf(r.prompt)
    const completion = messagesOf(r.completion)
    const turns = messagesToTurns(
      typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt,
      typeof completion === 'string' ? [{ role: 'assistant', content: completion }] : completion
    )
    const info = infoOf(r)
    const tools = Array.isArray(r.tool_defs) ? r.tool_defs : Array.isArray(info.oai_tools) ? info.oai_tools : []
    return { turns, tools, infoFull: info }
  }
})

/** `info` as an object (some writers store it JSON-encoded, or as "" when empty). */
function infoOf(r: Obj): Obj {
  const info = decodeMaybeJson(r.info)
  return isObj(info) ? info : {}
}

/** `example_id` (Dec 2025+) or `id`, prefixed by the sub-task of multi-task envs (`task/id`). */
function sourceIdOf(r: Obj, task: string | null): string | null {
  const id = idText(r.example_id) ?? idText(r.id)
  if (id === null) return null
  return task && task !== 'default' ? `${task}/${id}` : id
}

/** `total_ms` (late Sep 2025), else 2026 `timing.total` in seconds. */
function durationOf(r: Obj): number | null {
  const ms = num(r.total_ms)
  if (ms !== null) return ms
  const seconds = isObj(r.timing) ? num(r.timing.total) : null
  return seconds === null ? null : seconds * 1000
}

/** Text of a 2026 error object (`message`, else `error_chain_str`, else `error`) or of a plain error value. */
function errorText(err: unknown): string | null {
  if (err === null || err === undefined || err === false || err === '') return null
  if (typeof err === 'string') return err
  if (isObj(err)) return str(err.message) || str(err.error_chain_str) || str(err.error) || JSON.stringify(err)
  return String(err)
}
