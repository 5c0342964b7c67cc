/**
 * Terminal-Bench 1.x run folders (`tb run`, FORMATS.md §4.5): `<run>/run_metadata.json`,
 * `<run>/results.json` (BenchmarkResults: `{id, results[TrialResults], pass_at_k, n_resolved, …, accuracy}`)
 * and one folder per trial `<run>/<task_id>/<trial_name>/` with its own `results.json` (one TrialResults),
 * `commands.txt`, `panes/`, `sessions/` and `agent-logs/` (turns: terminal-bench-files.ts).
 *
 * Episodes: one per trial. The run-level `results.json` is the source when it exists; a trial's own
 * `results.json` is then a sidecar when the run file lists that trial (by trial_name), and is indexed on
 * its own (into the same run, keyed by the run folder) only when no run-level file covers it, e.g. a run
 * still in progress or a copied trial folder. `run_metadata.json` is always a sidecar (it gives the run
 * header: model, dataset, agent, n_attempts, accuracy, pass@k).
 *
 * Task key = `task_id`. Rollout = k − 1 of the `k-of-n` in the trial name (`<task>.<k>-of-<n>` or, newer,
 * `<task>.<k>-of-<n>.<run_id>`; task ids may contain dots, so the task id prefix is stripped first);
 * none → numbered by occurrence. Reward = `is_resolved` (1/0; null when the trial was never judged).
 * Status from `failure_mode`: unset / none → ok; agent_timeout, test_timeout, context_length_exceeded,
 * output_length_exceeded → truncated; any other value (unknown_agent_error, parse_error,
 * fatal_llm_parse_error, agent_installation_failed, unknown…) → error; the raw value is kept in
 * info.failure_mode and the error text. `parser_results` → tests_passed / tests_failed / tests_total
 * (per-test statuses in infoFull).
 */
import { readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { DocumentAdapter, DocumentRun, EpisodeBody, EpisodeSummaryRecord, RunHeader } from './types'
import { RecordError } from './types'
import { idText, isObj, num, str, type Obj, type ScalarMap } from './record-fields'
import { promptHash } from './prompt-hash'
import { oneLine } from './preview'
import { parseJsonLine } from '../tolerant-json'
import { trialFiles, trialTurns } from './terminal-bench-files'
import { countTurnToolCalls } from './tool-call-counts'
import { turnFacts } from '../../anomalies/episode-facts'

const OK_MODES = new Set(['unset', 'none', ''])
const TRUNCATED_MODES = new Set(['agent_timeout', 'test_timeout', 'context_length_exceeded', 'output_length_exceeded'])
const MAX_RUN_FILE = 64e6

/** One TrialResults object. */
export const isTbTrial = (v: unknown): v is Obj =>
  isObj(v) && typeof v.trial_name === 'string' && typeof v.task_id === 'string' && ('is_resolved' in v || 'parser_results' in v || 'failure_mode' in v)

/** A run-level results.json (BenchmarkResults). */
export function isTbRunResults(v: unknown): v is Obj {
  if (!isObj(v) || !Array.isArray(v.results)) return false
  if (v.results.length === 0) return 'accuracy' in v && 'n_resolved' in v
  return v.results.slice(0, 20).every(isTbTrial)
}

/** run_metadata.json (RunMetadata). */
export const isTbRunMetadata = (v: unknown): v is Obj =>
  isObj(v) && typeof v.run_id === 'string' && 'agent_name' in v && ('dataset_name' in v || 'dataset_path' in v || 'n_attempts' in v) && !('results' in v)

/** `k` and `n` of a trial name's `k-of-n`, or null. */
export function attemptOf(trialName: string, taskId: string): { k: number; n: number } | null {
  const rest = trialName.startsWith(taskId + '.') ? trialName.slice(taskId.length + 1) : null
  const m = rest !== null ? /^(\d+)-of-(\d+)(?=\.|$)/.exec(rest) : /(?:^|\.)(\d+)-of-(\d+)(?=\.|$)/.exec(trialName)
  if (!m) return null
  const k = Number(m[1])
  const n = Number(m[2])
  return k >= 1 ? { k, n } : null
}

// ---------------------------------------------------------------------------------------------
// Small cached reads of the run folder's files

const cache = new Map<string, { key: string; value: unknown }>()

function cachedJson<T>(path: string, pick: (doc: unknown) => T): T | null {
  let key: string
  try {
    const st = statSync(path)
    if (!st.isFile() || st.size > MAX_RUN_FILE) return null
    key = `${st.size}:${st.mtimeMs}`
  } catch {
    return null
  }
  const hit = cache.get(path)
  if (hit && hit.key === key) return hit.value as T | null
  let value: T | null = null
  try {
    value = pick(parseJsonLine(readFileSync(path, 'utf8')))
  } catch {
    value = null
  }
  cache.delete(path)
  cache.set(path, { key, value })
  if (cache.size > 8) cache.delete(cache.keys().next().value as string)
  return value
}

/** Trial names listed by `<runDir>/results.json`, or null when there is no run-level file. */
const runTrialNames = (runDir: string): Set<string> | null =>
  cachedJson(join(runDir, 'results.json'), (d) => (isTbRunResults(d) ? new Set((d.results as unknown[]).filter(isTbTrial).map((t) => t.trial_name as string)) : null))

const runMetadata = (runDir: string): Obj | null => cachedJson(join(runDir, 'run_metadata.json'), (d) => (isTbRunMetadata(d) ? d : null))

function runHeader(runDir: string, results: Obj | null): RunHeader {
  const meta = runMetadata(runDir) ?? {}
  const folder = basename(runDir)
  const agent = str(meta.agent_name)
  const kwargs = isObj(meta.agent_kwargs) ? meta.agent_kwargs : {}
  let model = str(meta.model_name) ?? str(kwargs.model_name)
  // leaderboard folders `<yyyymmdd>_<agent>_<model>` when the metadata has no model
  if (!model) {
    const at = agent ? folder.indexOf(`_${agent}_`) : -1
    model = at >= 0 ? folder.slice(at + agent!.length + 2) : (/^\d{8}_[^_]+_(.+)$/.exec(folder)?.[1] ?? null)
  }
  const dataset = str(meta.dataset_name)
  const version = str(meta.dataset_version)
  const header: Record<string, unknown> = {}
  for (const k of ['run_id', 'uuid', 'agent_name', 'dataset_name', 'dataset_version', 'n_attempts', 'n_concurrent_trials', 'accuracy', 'pass_at_k', 'commit_hash', 'end_time', 'resumed_at']) {
    if (meta[k] !== undefined && meta[k] !== null) header[k] = meta[k]
  }
  if (results) {
    for (const k of ['accuracy', 'n_resolved', 'n_unresolved', 'pass_at_k']) if (results[k] !== undefined) header[`results_${k}`] = results[k]
  }
  return {
    name: folder || runDir,
    model,
    env: dataset ? (version ? `${dataset}@${version}` : dataset) : 'terminal-bench',
    createdAt: str(meta.start_time),
    checkpointStep: null,
    header,
    passThreshold: null
  }
}

// ---------------------------------------------------------------------------------------------
// One trial

/** The trial's folder under the run: `<task_id>/<trial_name>`, else from `recording_path`; null when absent. */
export function trialDirOf(runDir: string, t: Obj): string | null {
  const isDir = (p: string): boolean => {
    try {
      return statSync(p).isDirectory()
    } catch {
      return false
    }
  }
  const taskId = str(t.task_id)
  const trialName = str(t.trial_name)
  if (taskId && trialName && !/[\\/]|^\.\.?$/.test(taskId) && !/[\\/]|^\.\.?$/.test(trialName)) {
    const d = join(runDir, taskId, trialName)
    if (isDir(d)) return d
  }
  // `<run_id>/<task>/<trial>/sessions/agent.cast`, relative to the output folder (the run folder may be renamed)
  const rec = str(t.recording_path)
  if (rec) {
    const parts = rec.split(/[\\/]/)
    const s = parts.lastIndexOf('sessions')
    if (s >= 3 && !parts.slice(1, s).some((p) => p === '..' || p === '.' || p === '')) {
      const d = join(runDir, ...parts.slice(1, s))
      if (isDir(d)) return d
    }
  }
  return null
}

const ms = (a: unknown, b: unknown): number | null => {
  const x = typeof a === 'string' ? Date.parse(a) : NaN
  const y = typeof b === 'string' ? Date.parse(b) : NaN
  return Number.isFinite(x) && Number.isFinite(y) && y >= x ? y - x : null
}

function statusOf(mode: string | null): { status: EpisodeSummaryRecord['status']; error: string | null } {
  if (mode === null || OK_MODES.has(mode)) return { status: 'ok', error: null }
  return { status: TRUNCATED_MODES.has(mode) ? 'truncated' : 'error', error: `failure_mode: ${mode}` }
}

function summarize(t: Obj, trialDir: string | null): EpisodeSummaryRecord {
  const taskId = idText(t.task_id)
  const instruction = str(t.instruction)
  const resolved = typeof t.is_resolved === 'boolean' ? t.is_resolved : null
  const mode = typeof t.failure_mode === 'string' ? t.failure_mode : null
  const metrics: Record<string, number> = {}
  if (isObj(t.parser_results)) {
    const vals = Object.values(t.parser_results)
    metrics.tests_total = vals.length
    metrics.tests_passed = vals.filter((v) => v === 'passed').length
    metrics.tests_failed = vals.filter((v) => v === 'failed').length
  }
  const nCommands = num(t.n_commands)
  if (nCommands !== null) metrics.n_commands = nCommands
  const agentMs = ms(t.agent_started_at, t.agent_ended_at)
  if (agentMs !== null) metrics.agent_seconds = agentMs / 1000
  const testMs = ms(t.test_started_at, t.test_ended_at)
  if (testMs !== null) metrics.test_seconds = testMs / 1000
  const info: ScalarMap = { trial_name: str(t.trial_name), failure_mode: mode, is_resolved: resolved }
  const attempt = attemptOf(str(t.trial_name) ?? '', taskId ?? '')
  if (attempt) info.attempts = attempt.n
  const turns = trialTurns(instruction, trialDir)
  return {
    sourceId: taskId,
    promptHash: promptHash([{ role: 'user', content: instruction ?? taskId ?? '' }]),
    answer: null,
    reward: resolved === null ? null : resolved ? 1 : 0,
    success: resolved,
    ...statusOf(mode),
    turns: turns.length,
    preview: oneLine(instruction ?? ''),
    metrics,
    info,
    tokensIn: num(t.total_input_tokens),
    tokensOut: num(t.total_output_tokens),
    durationMs: ms(t.trial_started_at, t.trial_ended_at),
    rollout: attempt ? attempt.k - 1 : null,
    toolCalls: countTurnToolCalls(turns),
    facts: turnFacts(turns)
  }
}

function body(t: Obj, trialDir: string | null): EpisodeBody {
  return {
    turns: trialTurns(str(t.instruction), trialDir),
    tools: [],
    infoFull: { ...t, trial_dir: trialDir, trial_files: trialDir ? trialFiles(trialDir) : [] },
    raw: t
  }
}

/** The run folder of a trial's own results.json (`<run>/<task>/<trial>/results.json`). */
const runOfTrialFile = (path: string): string => dirname(dirname(dirname(path)))

export const terminalBenchAdapter: DocumentAdapter = {
  format: 'terminal-bench',
  matches: (doc) => isTbRunResults(doc) || isTbTrial(doc) || isTbRunMetadata(doc),
  index(doc: unknown, path: string): DocumentRun[] {
    if (isTbRunMetadata(doc)) return []
    if (isTbRunResults(doc)) {
      const runDir = dirname(path)
      const results = (doc.results as unknown[]) ?? []
      const episodes: DocumentRun['episodes'] = []
      results.forEach((t, i) => {
        if (isTbTrial(t)) episodes.push({ summary: summarize(t, trialDirOf(runDir, t)), locator: String(i) })
      })
      if (!episodes.length) return [] // a run that has finished no trial yet: nothing to show
      return [{ runKey: runDir, header: runHeader(runDir, doc), episodes }]
    }
    if (isTbTrial(doc)) {
      const runDir = runOfTrialFile(path)
      if (runTrialNames(runDir)?.has(doc.trial_name as string)) return [] // the run-level results.json holds it
      return [{ runKey: runDir, header: runHeader(runDir, null), episodes: [{ summary: summarize(doc, dirname(path)), locator: '0' }] }]
    }
    throw new RecordError('not a Terminal-Bench results.json or run_metadata.json')
  },
  parseEpisode(doc: unknown, locator: string, path: string): EpisodeBody {
    if (isTbRunResults(doc)) {
      const t = (doc.results as unknown[])[Number(locator)]
      if (!isTbTrial(t)) throw new RecordError(`no trial at index ${locator}`)
      return body(t, trialDirOf(dirname(path), t))
    }
    if (isTbTrial(doc)) return body(doc, dirname(path))
    throw new RecordError('not a Terminal-Bench results file')
  }
}
