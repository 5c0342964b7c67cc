/**
 * Generic chat JSONL (FORMATS.md §6.1): one episode per line, `{"messages": [...], "tools"?, ...}`
 * with optional id, answer, reward, success, status / error, category fields, info, usage, and
 * per-message `reward` / `done` (per-step rewards, as in the demo workspace). A sidecar
 * `<name>.meta.json` may name the run and give model, env, creation time, checkpoint and threshold.
 */
import type { EpisodeStatus } from '@contract/model'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter } from '../types'
import { RecordError } from '../types'
import { firstAssistantIndex, messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import {
  idText,
  isObj,
  MAX_CATEGORY_CHARS,
  num,
  numericFields,
  scalarFields,
  str,
  usageTokens,
  type Obj,
  type ScalarMap
} from './record-fields'
import { chatJsonlRunHeader } from './chat-jsonl-meta'
import { defineFormat } from '../define-format'

/** Numbers on a row that are identity, ordering or timing rather than metrics. */
const RESERVED = new Set([
  'id',
  'task_id',
  'example_id',
  'uid',
  'rollout',
  'rollout_index',
  'step_idx',
  'index',
  'epoch',
  'trial',
  'seed',
  'duration_ms',
  'created_at',
  'timestamp'
])

/** Top-level fields that, when short strings or booleans, are categories to group and filter by. */
const CATEGORY_KEYS = [
  'difficulty',
  'category',
  'tier',
  'archetype',
  'split',
  'level',
  'type',
  'task_type',
  'domain',
  'source',
  'env'
]

/**
 * Producer status words → ours. Others (e.g. `failed`: a wrong answer or a crash?) fall back to the
 * error / truncation fields.
 */
const STATUS_WORDS: Record<string, EpisodeStatus> = {
  ok: 'ok',
  success: 'ok',
  succeeded: 'ok',
  completed: 'ok',
  complete: 'ok',
  done: 'ok',
  finished: 'ok',
  passed: 'ok',
  error: 'error',
  errored: 'error',
  crashed: 'error',
  exception: 'error',
  truncated: 'truncated',
  timeout: 'truncated',
  timed_out: 'truncated',
  max_turns: 'truncated',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  aborted: 'cancelled'
}

/** The producer's id: `id`, `task_id`, `example_id` or `uid`, as text. */
const idOf = (r: Obj): string | null => idText(r.id) ?? idText(r.task_id) ?? idText(r.example_id) ?? idText(r.uid)

/** Adapter for generic chat JSONL rows. */
export const chatJsonlAdapter = defineFormat<JsonlAdapter>({
  format: 'chat-jsonl',
  // the most general JSONL shape: last
  priority: 10,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl', '.ndjson'],
  companions: [
    {
      kind: 'named',
      traceOf: (path) => (path.endsWith('.meta.json') ? path.slice(0, -'.meta.json'.length) + '.jsonl' : null)
    }
  ],

  matches(r) {
    const m = r.messages
    if (!Array.isArray(m) || m.length === 0 || !m.every((x) => isObj(x) && 'role' in x)) return false
    // whole-document formats that also carry `messages` (mini-swe-agent .traj.json) are not JSONL rows
    return !('trajectory_format' in r)
  },

  readRunHeader: chatJsonlRunHeader,

  summarize(r): EpisodeSummaryRecord {
    const messages = r.messages
    if (!Array.isArray(messages) || messages.length === 0) throw new RecordError('record has no messages')
    const metrics = numericFields(r, RESERVED)
    if (isObj(r.metrics)) numericFields(r.metrics, RESERVED, metrics)
    const tokens = usageTokens(r.usage ?? r.token_usage)
    return {
      sourceId: idOf(r),
      promptHash: promptHash(messages.slice(0, firstAssistantIndex(messages))),
      answer: answerText(r.answer ?? r.target ?? r.expected_answer),
      reward: num(r.reward) ?? num(r.score),
      success: flag(r.success) ?? flag(r.passed) ?? flag(r.resolved),
      ...statusOf(r),
      turns: messages.length,
      preview: previewOf(messages),
      metrics,
      info: scalarFields(r.info, categoriesOf(r)),
      tokensIn: tokens.tokensIn,
      tokensOut: tokens.tokensOut,
      durationMs: num(r.duration_ms),
      actions: { kind: 'messages', messages: messages }
    }
  },

  parseEpisode(r): EpisodeBody {
    const messages = Array.isArray(r.messages) ? r.messages : []
    const split = firstAssistantIndex(messages)
    return {
      turns: messagesToTurns(messages.slice(0, split), messages.slice(split)),
      tools: Array.isArray(r.tools) ? r.tools : [],
      infoFull: { ...categoriesOf(r), ...(isObj(r.info) ? r.info : {}) }
    }
  }
})

/** The `model` a row names (the indexer fills the run's model from rows when no sidecar gives it). */
export const modelOfRecord = (r: Obj): string | null => str(r.model)

const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null)

function categoriesOf(r: Obj): ScalarMap {
  const out: ScalarMap = {}
  for (const key of CATEGORY_KEYS) {
    const v = r[key]
    if (typeof v === 'boolean' || (typeof v === 'string' && v.length <= MAX_CATEGORY_CHARS)) out[key] = v
  }
  return out
}

function statusOf(r: Obj): { status: EpisodeStatus; error: string | null } {
  const e = r.error
  const error =
    e === null || e === undefined || e === false || e === ''
      ? null
      : typeof e === 'string'
        ? e
        : isObj(e)
          ? (str(e.message) ?? JSON.stringify(e))
          : String(e)
  const word = str(r.status)?.toLowerCase()
  const declared = word ? STATUS_WORDS[word] : undefined
  if (declared) return { status: declared, error }
  if (error !== null) return { status: 'error', error }
  if (r.truncated === true || r.is_truncated === true) return { status: 'truncated', error: null }
  return { status: 'ok', error: null }
}
