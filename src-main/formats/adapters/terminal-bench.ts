/**
 * Terminal-Bench 1.x run folders (`tb run`, FORMATS.md §4.5): `<run>/run_metadata.json`,
 * `<run>/results.json` (BenchmarkResults: `{id, results[TrialResults], pass_at_k, n_resolved, …, accuracy}`)
 * and one folder per trial `<run>/<task_id>/<trial_name>/` with its own `results.json` (one TrialResults),
 * `commands.txt`, `panes/`, `sessions/` and `agent-logs/` (turns: terminal-bench-files.ts).
 *
 * Episodes: one per trial, all in one run keyed by the run folder. The run-level `results.json` is their source
 * whenever the folder has one: it is the producer's own aggregate, the population its `accuracy` is computed over.
 * A trial's own `results.json` is then a sidecar, listed or not (a trial not listed yet is one the harness has just
 * written, a moment before it rewrites the run file to list it: counting it from its own file as well left the
 * trial file's copy beside the run file's once the run was watched live, one way a run showed 0.625 where its
 * producer said 0.5625; the other is below, null results left out: 45 of 80 with 8 null). A `tb run` output folder (named after `run_metadata.run_id`) with no run file yet is a run whose first
 * trials are still being listed: its trial files wait for the run file too. Only a folder that will never get one
 * (a leaderboard export: trial folders and run_metadata.json in a folder renamed from the run id, or bare trial
 * folders) is indexed from its trial files. Entries of the run file repeated under one (task_id, trial_name) count
 * once, the last, as the harness now replaces a re-run trial (`Harness._execute_tasks`); the accuracy headline
 * then says the producer counted them twice. `run_metadata.json` is always a sidecar.
 *
 * Task key = `task_id`. Rollout = k − 1 of the `k-of-n` in the trial name (`<task>.<k>-of-<n>` or, newer,
 * `<task>.<k>-of-<n>.<run_id>`; task ids may contain dots, so the task id prefix is stripped first);
 * none → numbered by occurrence. Reward = `is_resolved` (1/0). A trial the harness could not judge
 * (`is_resolved: null`: parse_error, test_timeout, unknown_agent_error…) counts as unresolved, as Terminal-Bench
 * counts it (`n_unresolved = len([r for r in results if not r.is_resolved])`, `accuracy = n_resolved /
 * len(results)`: BenchmarkResults in terminal_bench/harness_models.py, terminal_bench/harness/models.py in later
 * releases): reward 0, `unscored` = its failure mode (`test_timeout` and `parse_error` from `Harness._run_trial`,
 * `unknown_agent_error` for a trial that raised, `Harness._execute_single_trial`).
 * Status from `failure_mode`: unset / none → ok; agent_timeout, test_timeout, context_length_exceeded,
 * output_length_exceeded → truncated; any other value (unknown_agent_error, parse_error,
 * fatal_llm_parse_error, agent_installation_failed, unknown…) → error; the raw value is kept in
 * info.failure_mode, the error text and `termination`. `parser_results` → tests_passed / tests_failed /
 * tests_total (per-test statuses in infoFull).
 *
 * Run headlines (the same header from every file of the run): the run file's `accuracy`, and
 * `run_metadata.json`'s when it says something else (the harness does not update it when a run is resumed).
 */
import { readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type {
  DocumentAdapter,
  DocumentRun,
  EpisodeBody,
  EpisodeSummaryRecord,
  ProducerHeadlineInput,
  RunHeader,
  RunScoring
} from '../types'
import { RecordError } from '../types'
import { idText, isObj, num, str, type Obj, type ScalarMap } from './record-fields'
import { promptHash } from './prompt-hash'
import { oneLine } from './preview'
import { parseJsonLine } from '../readers/tolerant-json'
import { trialFiles, trialTurns } from './terminal-bench-files'
import { defineFormat } from '../define-format'
import type { FormatContext } from '../context'

const OK_MODES = new Set(['unset', 'none', ''])
const TRUNCATED_MODES = new Set(['agent_timeout', 'test_timeout', 'context_length_exceeded', 'output_length_exceeded'])
const MAX_RUN_FILE = 64e6

/** One TrialResults object. */
export const isTbTrial = (v: unknown): v is Obj =>
  isObj(v) &&
  typeof v.trial_name === 'string' &&
  typeof v.task_id === 'string' &&
  ('is_resolved' in v || 'parser_results' in v || 'failure_mode' in v)

/** A run-level results.json (BenchmarkResults). */
export function isTbRunResults(v: unknown): v is Obj {
  if (!isObj(v) || !Array.isArray(v.results)) return false
  if (v.results.length === 0) return 'accuracy' in v && 'n_resolved' in v
  return v.results.slice(0, 20).every(isTbTrial)
}

/** run_metadata.json (RunMetadata). */
export const isTbRunMetadata = (v: unknown): v is Obj =>
  isObj(v) &&
  typeof v.run_id === 'string' &&
  'agent_name' in v &&
  ('dataset_name' in v || 'dataset_path' in v || 'n_attempts' in v) &&
  !('results' in v)

/** `k` and `n` of a trial name's `k-of-n`, or null. */
export function attemptOf(trialName: string, taskId: string): { k: number; n: number } | null {
  const rest = trialName.startsWith(taskId + '.') ? trialName.slice(taskId.length + 1) : null
  const m = rest !== null ? /^(\d+)-of-(\d+)(?=\.|$)/.exec(rest) : /(?:^|\.)(\d+)-of-(\d+)(?=\.|$)/.exec(trialName)
  if (!m) return null
  const k = Number(m[1])
  const n = Number(m[2])
  return k >= 1 ? { k, n } : null
}

/** Milliseconds from one ISO time to a later one, else null. */
const ms = (a: unknown, b: unknown): number | null => {
  const x = typeof a === 'string' ? Date.parse(a) : NaN
  const y = typeof b === 'string' ? Date.parse(b) : NaN
  return Number.isFinite(x) && Number.isFinite(y) && y >= x ? y - x : null
}

/** A path segment taken from the file that stays one folder inside the run (no separators, no `.` / `..`). */
const safeSegment = (s: string | null): s is string => !!s && !/[\\/]|^\.\.?$/.test(s)

// ---------------------------------------------------------------------------------------------
// Small reads of the run folder's files, once per job (every trial of the run asks)

/** A small JSON file's value as `pick` makes it, or null when absent, too big or unreadable; read once per job. */
function runFolderJson<T>(path: string, what: string, pick: (doc: unknown) => T, ctx: FormatContext): T | null {
  return ctx.memo(`terminal-bench:${what}:${path}`, () => {
    try {
      const st = statSync(path)
      if (!st.isFile() || st.size > MAX_RUN_FILE) return null
      return pick(parseJsonLine(readFileSync(path, 'utf8')))
    } catch {
      return null
    }
  })
}

/** What the run-level results.json says about the run as a whole (every file of the run puts it in the header). */
interface RunFileFacts {
  accuracy: number | null
  nResolved: number | null
  nUnresolved: number | null
  passAtK: unknown
  /** Entries beyond the first under one (task_id, trial_name): the harness counted them, each trial counts once here. */
  repeated: number
}

function runFileFacts(d: unknown): RunFileFacts | null {
  if (!isTbRunResults(d)) return null
  const trials = (d.results as unknown[]).filter(isTbTrial)
  return {
    accuracy: num(d.accuracy),
    nResolved: num(d.n_resolved),
    nUnresolved: num(d.n_unresolved),
    passAtK: d.pass_at_k,
    repeated: trials.length - new Set(trials.map(trialKey)).size
  }
}

const runFile = (runDir: string, ctx: FormatContext): RunFileFacts | null =>
  runFolderJson(join(runDir, 'results.json'), 'results', runFileFacts, ctx)

const runMetadata = (runDir: string, ctx: FormatContext): Obj | null =>
  runFolderJson(join(runDir, 'run_metadata.json'), 'metadata', (d) => (isTbRunMetadata(d) ? d : null), ctx)

/** What identifies a trial: the harness replaces a re-run trial by this key (`Harness._execute_tasks`). */
const trialKey = (t: Obj): string => `${t.task_id as string}\u0000${t.trial_name as string}`

/** Trials without a result count as unresolved, as the harness counts them (BenchmarkResults.n_unresolved). */
const SCORING: RunScoring = { unscoredAs: 'failure', producer: 'Terminal-Bench', noun: 'trials' }

/**
 * The accuracy the producer states: the run file's (over exactly its `results` list), and run_metadata.json's when
 * it differs (the harness copies it there at the end of a run, but not when the run was resumed) or stands alone
 * (a leaderboard folder without results.json: then it is the only reference).
 */
function headlines(results: RunFileFacts | null, meta: Obj): ProducerHeadlineInput[] {
  const out: ProducerHeadlineInput[] = []
  if (results && results.accuracy !== null) {
    const r = results.repeated
    out.push({
      label: 'accuracy',
      value: results.accuracy,
      source: r
        ? `results.json accuracy (its results list repeats ${r} ${r === 1 ? 'trial' : 'trials'} under the same name, and counts ${r === 1 ? 'it' : 'them'} again; each trial counts once here)`
        : 'results.json accuracy',
      matches: 'meanReward',
      trust: r ? 'rows' : 'producer'
    })
  }
  const metaAccuracy = num(meta.accuracy)
  if (metaAccuracy !== null && metaAccuracy !== results?.accuracy) {
    const resumed = typeof meta.resumed_at === 'string' && meta.resumed_at !== ''
    out.push({
      label: 'accuracy',
      value: metaAccuracy,
      source: resumed
        ? 'run_metadata.json accuracy (Terminal-Bench does not update it when a run is resumed)'
        : 'run_metadata.json accuracy',
      matches: 'meanReward',
      ...(results && results.accuracy !== null ? {} : { trust: 'producer' as const })
    })
  }
  return out
}

/** The run header, the same from every file of the run (the run row keeps whichever file wrote it last). */
function runHeader(runDir: string, ctx: FormatContext): RunHeader {
  const meta = runMetadata(runDir, ctx) ?? {}
  const results = runFile(runDir, ctx)
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
  for (const k of [
    'run_id',
    'uuid',
    'agent_name',
    'dataset_name',
    'dataset_version',
    'n_attempts',
    'n_concurrent_trials',
    'accuracy',
    'pass_at_k',
    'commit_hash',
    'end_time',
    'resumed_at'
  ]) {
    if (meta[k] !== undefined && meta[k] !== null) header[k] = meta[k]
  }
  if (results) {
    const picked: [string, unknown][] = [
      ['accuracy', results.accuracy],
      ['n_resolved', results.nResolved],
      ['n_unresolved', results.nUnresolved],
      ['pass_at_k', results.passAtK]
    ]
    for (const [k, v] of picked) if (v !== undefined && v !== null) header[`results_${k}`] = v
  }
  return {
    name: folder || runDir,
    model,
    env: dataset ? (version ? `${dataset}@${version}` : dataset) : 'terminal-bench',
    createdAt: str(meta.start_time),
    checkpointStep: null,
    header,
    passThreshold: null,
    scoring: SCORING,
    headlines: headlines(results, meta),
    wallTimeMs: ms(meta.start_time, meta.end_time)
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
  if (safeSegment(taskId) && safeSegment(trialName)) {
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

function statusOf(mode: string | null): { status: EpisodeSummaryRecord['status']; error: string | null } {
  if (mode === null || OK_MODES.has(mode)) return { status: 'ok', error: null }
  return { status: TRUNCATED_MODES.has(mode) ? 'truncated' : 'error', error: `failure_mode: ${mode}` }
}

function summarize(t: Obj, trialDir: string | null): EpisodeSummaryRecord {
  const taskId = idText(t.task_id)
  const instruction = str(t.instruction)
  const resolved = typeof t.is_resolved === 'boolean' ? t.is_resolved : null
  const mode = typeof t.failure_mode === 'string' ? t.failure_mode : null
  const failed = mode !== null && !OK_MODES.has(mode) ? mode : null
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
    // no result (test_timeout, parse_error, a trial that raised): unresolved, as the harness counts it (SCORING)
    reward: resolved ? 1 : 0,
    success: resolved === true,
    unscored: resolved === null ? (failed ?? 'no result') : null,
    termination: failed,
    ...statusOf(mode),
    turns: turns.length,
    preview: oneLine(instruction ?? ''),
    metrics,
    info,
    tokensIn: num(t.total_input_tokens),
    tokensOut: num(t.total_output_tokens),
    durationMs: ms(t.trial_started_at, t.trial_ended_at),
    rollout: attempt ? attempt.k - 1 : null,
    // an externally driven agent leaves no keystrokes in the trial folder: its steps are unknown, not 0
    ...(turns.some((t) => t.role === 'assistant') ? {} : { steps: null }),
    actions: { kind: 'turns', turns }
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

/**
 * Whether a trial's own results.json holds its episode: only in a run folder without a run-level results.json
 * (even one cut while being written: it will be rewritten) that is not a `tb run` output folder waiting for one.
 */
function trialFileHoldsEpisode(runDir: string, ctx: FormatContext): boolean {
  try {
    if (statSync(join(runDir, 'results.json')).isFile()) return false
  } catch {
    // no run file
  }
  return str(runMetadata(runDir, ctx)?.run_id) !== basename(runDir)
}

/** Index of the last entry of each trial (task_id, trial_name) of a run file, in file order. */
function lastOfEachTrial(results: unknown[]): number[] {
  const last = new Map<string, number>()
  results.forEach((t, i) => {
    if (isTbTrial(t)) last.set(trialKey(t), i)
  })
  return [...last.values()].sort((a, b) => a - b)
}

export const terminalBenchAdapter = defineFormat<DocumentAdapter>({
  format: 'terminal-bench',
  priority: 60,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc) => isTbRunResults(doc) || isTbTrial(doc) || isTbRunMetadata(doc),
  index(doc: unknown, path: string, ctx): DocumentRun[] {
    if (isTbRunMetadata(doc)) return []
    if (isTbRunResults(doc)) {
      const runDir = dirname(path)
      const results = doc.results as unknown[]
      const episodes: DocumentRun['episodes'] = []
      for (const i of lastOfEachTrial(results)) {
        const t = results[i] as Obj
        episodes.push({ summary: summarize(t, trialDirOf(runDir, t)), locator: String(i) })
      }
      if (!episodes.length) return [] // a run that has finished no trial yet: nothing to show
      return [{ runKey: runDir, header: runHeader(runDir, ctx), episodes }]
    }
    if (isTbTrial(doc)) {
      const runDir = runOfTrialFile(path)
      if (!trialFileHoldsEpisode(runDir, ctx)) return [] // the run-level results.json holds it, or will (see the file comment)
      return [
        {
          runKey: runDir,
          header: runHeader(runDir, ctx),
          episodes: [{ summary: summarize(doc, dirname(path)), locator: '0' }]
        }
      ]
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
})
