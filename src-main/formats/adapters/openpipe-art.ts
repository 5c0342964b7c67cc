/**
 * OpenPipe ART trajectory logs (FORMATS.md §9): `write_trajectory_groups_parquet()` (src/art/utils/
 * trajectory_logging.py, OpenPipe/ART) writes each step's trajectory groups to
 * `.art/<project>/models/<model>/trajectories/<split>/<step:04d>.parquet` with zstd, one row per trajectory:
 * `group_index, group_metadata, group_metrics, group_logs, reward, metrics, metadata, tools, logs, messages`, where
 * metadata / metrics / tools are JSON text and `messages` is `list<struct{role, content, tool_calls (JSON text),
 * tool_call_id, trainable}>` (`trainable` marks the model's own choices).
 *
 * A model's split folder is ONE training run (run key: the folder; `train` and `val` are two runs of the model), each
 * file a step (its name). A GRPO group is `group_index` within a step; the task key is the hash of the group's
 * prompt (the messages before the first assistant message), so the same scenario pairs across steps.
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { EpisodeBody, EpisodeSummaryRecord, RunHeader, TableAdapter, TableRowPlace } from '../types'
import { RecordError } from '../types'
import { decodeMaybeJson } from '../readers/tolerant-json'
import { firstAssistantIndex, messagesToTurns } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { isObj, num, numericFields, scalarFields, type Obj } from './record-fields'

const STEP_FILE = /^(\d+)\.parquet$/

/** A JSON-text column as an object ({} when absent or not an object). */
const jsonObject = (v: unknown): Obj => {
  const decoded = decodeMaybeJson(v)
  return isObj(decoded) ? decoded : {}
}

/** The row's messages as chat messages (tool calls decoded from their JSON text by the turn builder). */
function messagesOf(row: Obj): Obj[] {
  if (!Array.isArray(row.messages)) throw new RecordError('row has no messages')
  return row.messages.filter(isObj)
}

/** The model, project and split of a trajectories file, from `…/<project>/models/<model>/trajectories/<split>/`. */
function placeOf(path: string): { project: string | null; model: string | null; split: string } {
  const splitDir = dirname(path)
  const trajectories = dirname(splitDir)
  const modelDir = dirname(trajectories)
  const known = basename(trajectories) === 'trajectories' && basename(dirname(modelDir)) === 'models'
  return {
    project: known ? basename(dirname(dirname(modelDir))) : null,
    model: known ? basename(modelDir) : null,
    split: basename(splitDir)
  }
}

const stepOf = (path: string): number | null => {
  const m = STEP_FILE.exec(basename(path))
  return m ? Number(m[1]) : null
}

function summarize(row: Obj, at: TableRowPlace): EpisodeSummaryRecord {
  const messages = messagesOf(row)
  const cut = firstAssistantIndex(messages)
  const prompt = messages.slice(0, cut)
  if (prompt.length === 0) throw new RecordError('trajectory has no prompt before the model speaks')
  const metrics = numericFields(jsonObject(row.metrics), new Set())
  for (const [k, v] of Object.entries(jsonObject(row.metrics))) if (typeof v === 'boolean') metrics[k] = Number(v)
  const info = scalarFields(jsonObject(row.metadata))
  if (typeof row.group_index === 'number') info.group_index = row.group_index
  return {
    sourceId: null, // ART writes no task id: the task key is the prompt's hash
    promptHash: promptHash(prompt),
    answer: null,
    reward: num(row.reward),
    success: null,
    status: 'ok',
    error: null,
    turns: messages.length,
    preview: previewOf(prompt),
    metrics,
    info,
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    rollout: null, // numbered by occurrence within the group's prompt and step
    step: stepOf(at.path),
    actions: { kind: 'messages', messages: messages.slice(cut) }
  }
}

function runHeader(path: string): RunHeader {
  const { project, model, split } = placeOf(path)
  return {
    name: `${project ?? basename(dirname(dirname(path)))}/${model ?? split} ${split} (ART)`,
    model,
    env: project,
    createdAt: null,
    checkpointStep: null, // the split folder spans the training steps: the step is per episode
    header: { producer: 'openpipe-art', split },
    passThreshold: null
  }
}

export const openPipeArtAdapter = defineFormat<TableAdapter>({
  format: 'openpipe-art',
  priority: 40,
  fileKinds: ['parquet'],
  extensions: ['.parquet'],
  companions: [],

  matches: (columns) => ['group_index', 'reward', 'messages'].every((c) => columns.includes(c)),

  readRun: (_table, path) => ({ runKey: dirname(path), header: runHeader(path), warnings: [] }),

  summarize,

  parseEpisode(row, at): EpisodeBody {
    const messages = messagesOf(row)
    const cut = firstAssistantIndex(messages)
    const tools = decodeMaybeJson(row.tools)
    const { messages: _m, tools: _t, ...rest } = row
    return {
      turns: messagesToTurns(messages.slice(0, cut), messages.slice(cut)),
      tools: Array.isArray(tools) ? tools : [],
      infoFull: {
        ...rest,
        metrics: jsonObject(row.metrics),
        metadata: jsonObject(row.metadata),
        group_metadata: jsonObject(row.group_metadata),
        group_metrics: jsonObject(row.group_metrics),
        step: stepOf(at.path)
      },
      raw: row
    }
  }
})
