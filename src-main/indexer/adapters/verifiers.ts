/**
 * verifiers / `prime eval` results.jsonl (FORMATS.md §1), every era:
 * - Aug–Sep 2025: `id` (unreliable in Wordle, math-python, mmmu, tool-test: `id = row // rollouts`
 *   while rows cycle through examples; the indexer then keys tasks by content), flattened metrics;
 * - late Sep 2025: `generation_ms` / `scoring_ms` / `total_ms`, tool calls as JSON strings, tool
 *   results without `tool_call_id`;
 * - Dec 2025 / 2026: `example_id`, `error`, `is_truncated`, `timing{}`, `token_usage{}`, `metrics{}`
 *   (also flattened: counted once), `tool_defs`.
 */
import type { EpisodeStatus } from '@contract/model'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter } from './types'
import { RecordError } from './types'
import { contentText, oneLine } from './content-text'
import { firstUserText, messagesToTurns, taskDefiningMessages } from './messages'
import { answerText, promptHash } from './prompt-hash'
import { isObj, num, numericFields, scalarFields, str, type Obj } from './record-fields'
import { verifiersRunHeader } from './verifiers-metadata'

/** Top-level numbers that are identity, timing or training bookkeeping, not metrics (FORMATS.md §1.5). */
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

const asList = (v: unknown): unknown[] | string => (Array.isArray(v) ? v : typeof v === 'string' ? v : [])

export const verifiersAdapter: JsonlAdapter = {
  format: 'verifiers',

  matches(r) {
    const hostedExport = typeof r.prompt === 'string' && typeof r.completion === 'string' && 'problem_id' in r && 'run_id' in r
    return 'prompt' in r && 'completion' in r && ('reward' in r || 'id' in r || 'example_id' in r) && !hostedExport
  },

  readRunHeader: verifiersRunHeader,

  summarize(r): EpisodeSummaryRecord {
    const prompt = asList(r.prompt)
    const completion = asList(r.completion)
    if (typeof prompt !== 'string' && prompt.length === 0 && completion.length === 0) {
      throw new RecordError('record has neither prompt nor completion')
    }
    const idValue = r.example_id ?? r.id
    const task = str(r.task)
    const sourceId =
      idValue === undefined || idValue === null ? null : task && task !== 'default' ? `${task}/${String(idValue)}` : String(idValue)
    const metrics = numericFields(r, RESERVED)
    if (isObj(r.metrics)) numericFields(r.metrics, RESERVED, metrics)
    const reward = num(r.reward)
    const turns = (typeof prompt === 'string' ? 1 : prompt.length) + (typeof completion === 'string' ? (completion ? 1 : 0) : completion.length)
    const { status, error } = statusOf(r, completion, reward)
    const usage = isObj(r.token_usage) ? r.token_usage : isObj(r.usage) ? r.usage : null
    const timing = isObj(r.timing) ? r.timing : null
    const info = scalarFields(r.info)
    if (task && task !== 'default') info.task = task
    return {
      sourceId,
      promptHash: promptHash(typeof prompt === 'string' ? prompt : taskDefiningMessages(prompt)),
      answer: answerText(r.answer),
      reward,
      success: null,
      status,
      error,
      turns,
      preview: oneLine(typeof prompt === 'string' ? prompt : firstUserText(prompt) || contentText(null)),
      metrics,
      info,
      tokensIn: num(usage?.input_tokens) ?? num(usage?.prompt_tokens) ?? num(r.num_input_tokens),
      tokensOut: num(usage?.output_tokens) ?? num(usage?.completion_tokens) ?? num(r.num_output_tokens),
      durationMs: num(r.total_ms) ?? (num(timing?.total) !== null ? (num(timing?.total) as number) * 1000 : null)
    }
  },

  parseEpisode(r): EpisodeBody {
    const prompt = asList(r.prompt)
    const completion = asList(r.completion)
    const turns = messagesToTurns(
      typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt,
      typeof completion === 'string' ? (completion ? [{ role: 'assistant', content: completion }] : []) : completion
    )
    const info = isObj(r.info) ? r.info : {}
    const tools = Array.isArray(r.tool_defs) ? r.tool_defs : Array.isArray(info.oai_tools) ? info.oai_tools : []
    return { turns, tools, infoFull: info }
  }
}

function statusOf(r: Obj, completion: unknown[] | string, reward: number | null): { status: EpisodeStatus; error: string | null } {
  const err = r.error
  if (err !== null && err !== undefined && err !== '' && err !== false) {
    const message = isObj(err) ? (str(err.message) ?? str(err.error_chain_str) ?? str(err.error) ?? JSON.stringify(err)) : String(err)
    return { status: 'error', error: message }
  }
  if (r.is_truncated === true) return { status: 'truncated', error: str(r.stop_condition) }
  if (Array.isArray(completion) && completion.length === 0 && (reward === 0 || reward === null)) {
    return { status: 'error', error: 'generation failed (empty completion)' }
  }
  return { status: 'ok', error: null }
}
