/**
 * Generic chat JSONL (FORMATS.md §6.1): one episode per line, `{"messages": [...], "tools"?, ...}`
 * with optional id, reward, success, status, info/category fields, usage, and per-message
 * `reward` / `done` (per-step rewards). A sidecar `<name>.meta.json` may name the run.
 */
import { readFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import type { EpisodeStatus } from '@contract/model'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, RunHeader } from './types'
import { RecordError } from './types'
import { oneLine } from './content-text'
import { firstUserText, messagesToTurns, taskDefiningMessages } from './messages'
import { answerText, promptHash } from './prompt-hash'
import { isObj, num, numericFields, scalarFields, str, type Obj } from './record-fields'
import { parseJsonLine } from '../tolerant-json'

/** Numbers on a row that are identity or bookkeeping rather than metrics. */
const RESERVED = new Set(['id', 'task_id', 'example_id', 'uid', 'rollout', 'rollout_index', 'step_idx', 'duration_ms', 'index', 'epoch', 'trial'])
/** Top-level string fields shown as categories. */
const CATEGORY_KEYS = ['difficulty', 'category', 'tier', 'archetype', 'split', 'level', 'type', 'task_type', 'domain', 'source', 'env']
const STATUSES = new Set<EpisodeStatus>(['ok', 'error', 'truncated', 'cancelled'])

const idOf = (r: Obj): string | null => {
  for (const k of ['id', 'task_id', 'example_id', 'uid']) {
    const v = r[k]
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) return String(v)
  }
  return null
}

export const chatJsonlAdapter: JsonlAdapter = {
  format: 'chat-jsonl',

  matches(r) {
    return Array.isArray(r.messages) && r.messages.length > 0 && r.messages.every((m) => isObj(m) && 'role' in m)
  },

  readRunHeader(sourcePath): RunHeader {
    const stem = basename(sourcePath).replace(/\.(jsonl|ndjson)$/i, '')
    const metaPath = sourcePath.replace(/\.(jsonl|ndjson)$/i, '') + '.meta.json'
    let meta: Obj = {}
    try {
      const parsed = parseJsonLine(readFileSync(metaPath, 'utf8'))
      if (isObj(parsed)) meta = parsed
    } catch {
      // no sidecar: the file name names the run
    }
    return {
      name: str(meta.name) ?? `${basename(dirname(sourcePath))}/${stem}`,
      model: str(meta.model),
      env: str(meta.env),
      createdAt: str(meta.createdAt) ?? str(meta.created_at),
      checkpointStep: num(meta.checkpointStep) ?? num(meta.checkpoint_step),
      header: meta,
      passThreshold: num(meta.passThreshold) ?? num(meta.pass_threshold)
    }
  },

  summarize(r): EpisodeSummaryRecord {
    const messages = r.messages
    if (!Array.isArray(messages) || messages.length === 0) throw new RecordError('record has no messages')
    const metrics = numericFields(r, RESERVED)
    if (isObj(r.metrics)) numericFields(r.metrics, RESERVED, metrics)
    const info: Record<string, string | number | boolean | null> = {}
    for (const k of CATEGORY_KEYS) if (typeof r[k] === 'string' && (r[k] as string).length <= 200) info[k] = r[k] as string
    scalarFields(r.info, info)
    const success = typeof r.success === 'boolean' ? r.success : typeof r.passed === 'boolean' ? r.passed : typeof r.resolved === 'boolean' ? r.resolved : null
    const usage = isObj(r.usage) ? r.usage : isObj(r.token_usage) ? r.token_usage : null
    return {
      sourceId: idOf(r),
      promptHash: promptHash(taskDefiningMessages(messages)),
      answer: answerText(r.answer ?? r.target ?? r.expected_answer),
      reward: num(r.reward) ?? num(r.score),
      success,
      ...statusOf(r),
      turns: messages.length,
      preview: oneLine(firstUserText(messages)),
      metrics,
      info,
      tokensIn: num(usage?.input_tokens) ?? num(usage?.prompt_tokens),
      tokensOut: num(usage?.output_tokens) ?? num(usage?.completion_tokens),
      durationMs: num(r.duration_ms)
    }
  },

  parseEpisode(r): EpisodeBody {
    const messages = Array.isArray(r.messages) ? r.messages : []
    const firstAssistant = taskDefiningMessages(messages).length
    return {
      turns: messagesToTurns(messages.slice(0, firstAssistant), messages.slice(firstAssistant)),
      tools: Array.isArray(r.tools) ? r.tools : [],
      infoFull: isObj(r.info) ? r.info : {}
    }
  }
}

function statusOf(r: Obj): { status: EpisodeStatus; error: string | null } {
  const error = r.error === null || r.error === undefined || r.error === '' ? null : isObj(r.error) ? (str(r.error.message) ?? JSON.stringify(r.error)) : String(r.error)
  const declared = str(r.status)
  if (declared && STATUSES.has(declared as EpisodeStatus)) return { status: declared as EpisodeStatus, error }
  if (r.truncated === true || r.is_truncated === true) return { status: 'truncated', error }
  return { status: error ? 'error' : 'ok', error }
}
