/**
 * Hugging Face agent trajectory datasets (FORMATS.md §9, "Parquet"): the Hub's Parquet shards
 * (`data/<split>-00000-of-0000N.parquet`) of SWE task datasets with one trajectory per row and a nested message
 * column, read by their dataset cards' features:
 * - `nebius/SWE-agent-trajectories`: `instance_id, model_name, target (bool: resolved), trajectory
 *   list<{cutoff_date, mask, role (system / user / ai), system_prompt, text}>, exit_status, generated_patch,
 *   eval_logs`;
 * - `nebius/SWE-rebench-openhands-trajectories`: `trajectory_id, instance_id, repo, trajectory list<OpenAI chat message
 *   {role, content, tool_calls list<{id, type, function{name, arguments (JSON text)}}>, tool_call_id, name}>, tools,
 *   model_patch, exit_status, resolved (0/1), gen_tests_correct, pred_passes_gen_tests` (and datasets of the same
 *   shape: nvidia/SWE-Zero-openhands-trajectories, without `resolved`).
 *
 * The shards of one folder and split are ONE run (run key: the folder and the split); `instance_id` is the task key,
 * so a dataset's several trajectories of one issue (several models or attempts) are its rollouts. Reward: `target`
 * or `resolved` as 1 / 0 (none: no reward); `exit_status` is the termination.
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { EpisodeBody, EpisodeSummaryRecord, RunHeader, TableAdapter } from '../types'
import { RecordError } from '../types'
import { decodeMaybeJson } from '../readers/tolerant-json'
import { firstAssistantIndex, messagesToTurns, normalizeRole } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { idText, isObj, MAX_CATEGORY_CHARS, str, type Obj } from './record-fields'

/** `train-00000-of-00004.parquet` → train. */
const SHARD = /^([A-Za-z0-9_.-]+?)-\d{5}-of-\d{5}\.parquet$/

/** Columns holding the trajectory's messages, by dataset. */
const MESSAGE_COLUMNS = ['trajectory', 'messages'] as const
/** Columns that are content, not categories. */
const CONTENT = new Set(['trajectory', 'messages', 'tools', 'generated_patch', 'model_patch', 'eval_logs', 'patch'])

const messageColumn = (columns: readonly string[]): string | undefined =>
  MESSAGE_COLUMNS.find((c) => columns.includes(c))

/** One message as OpenAI chat: SWE-agent's `{role: ai, text}` read as `{role: assistant, content}`. */
function chatMessage(m: Obj): Obj {
  return { ...m, role: normalizeRole(m.role), content: m.content ?? m.text ?? null }
}

function messagesOf(row: Obj): Obj[] {
  // a list column, or the list kept as JSON text (datasets that store messages as one string)
  const list = decodeMaybeJson(row.trajectory ?? row.messages)
  if (!Array.isArray(list)) throw new RecordError('row has no trajectory messages')
  return list.filter(isObj).map(chatMessage)
}

/** Resolved as 1 / 0 from `target` (SWE-agent trajectories) or `resolved` (OpenHands trajectories); else null. */
function resolvedOf(row: Obj): number | null {
  const v = row.target ?? row.resolved
  if (typeof v === 'boolean') return Number(v)
  if (typeof v === 'number' && (v === 0 || v === 1)) return v
  return null
}

function summarize(row: Obj): EpisodeSummaryRecord {
  const messages = messagesOf(row)
  const cut = firstAssistantIndex(messages)
  const prompt = messages.slice(0, cut)
  if (prompt.length === 0) throw new RecordError('trajectory has no prompt before the agent acts')
  const reward = resolvedOf(row)
  const metrics: Record<string, number> = {}
  const info: Record<string, string | number | boolean | null> = {}
  for (const [k, v] of Object.entries(row)) {
    if (CONTENT.has(k) || k === 'target' || k === 'resolved') continue
    if (typeof v === 'number' && Number.isFinite(v)) metrics[k] = v
    else if (v === null || typeof v === 'boolean' || (typeof v === 'string' && v.length <= MAX_CATEGORY_CHARS))
      info[k] = v
  }
  return {
    sourceId: idText(row.instance_id),
    promptHash: promptHash(prompt),
    answer: null,
    reward,
    success: reward === null ? null : reward === 1,
    status: 'ok',
    error: null,
    turns: messages.length,
    termination: str(row.exit_status),
    preview: previewOf(prompt),
    metrics,
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: null,
    actions: { kind: 'messages', messages: messages.slice(cut) }
  }
}

/** The dataset's name: the folder above `data/` (its repository, e.g. `SWE-agent-trajectories`). */
function datasetOf(path: string): string {
  const dir = dirname(path)
  return basename(basename(dir) === 'data' ? dirname(dir) : dir)
}

const splitOf = (path: string): string => SHARD.exec(basename(path))?.[1] ?? basename(path, '.parquet')

function runHeader(path: string, columns: readonly string[]): RunHeader {
  return {
    name: `${datasetOf(path)} ${splitOf(path)} (Hugging Face dataset)`,
    model: null,
    env: null,
    createdAt: null,
    checkpointStep: null,
    header: {
      producer: 'huggingface-dataset',
      split: splitOf(path),
      reward: columns.includes('target') ? 'target' : columns.includes('resolved') ? 'resolved' : 'none'
    },
    passThreshold: null
  }
}

export const hfTrajectoriesAdapter = defineFormat<TableAdapter>({
  format: 'hf-trajectories',
  priority: 20,
  fileKinds: ['parquet'],
  extensions: ['.parquet'],
  companions: [],

  matches: (columns) => columns.includes('instance_id') && messageColumn(columns) !== undefined,

  readRun: (table, path) => ({
    // the shards of a split are one run
    runKey: `${dirname(path)}#${splitOf(path)}`,
    header: runHeader(path, table.columns),
    warnings: []
  }),

  summarize: (row) => summarize(row),

  parseEpisode(row): EpisodeBody {
    const messages = messagesOf(row)
    const cut = firstAssistantIndex(messages)
    const tools = decodeMaybeJson(row.tools)
    const { trajectory: _t, messages: _m, tools: _tools, ...rest } = row
    return {
      turns: messagesToTurns(messages.slice(0, cut), messages.slice(cut)),
      tools: Array.isArray(tools) ? tools : [],
      infoFull: rest,
      raw: row
    }
  }
})
