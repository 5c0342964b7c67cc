/**
 * OpenHands evaluation output (FORMATS.md §9): `output.jsonl`, one `EvalOutput` per line (All-Hands-AI/OpenHands
 * evaluation/utils/shared.py): `{instance_id, instruction, history, metrics, test_result{git_patch…}, error,
 * instance, metadata{agent_class, llm_config{model}, max_iterations…}}`. Older lines (2024) hold `swe_instance`, a
 * top-level `git_patch`, `metadata.model_name` and a history of `[action, observation]` pairs without event ids.
 * One episode per instance, the file one run; the history is read by openhands-events.ts (as an event stream file is).
 *
 * The reward is the SWE-bench harness's verdict, which OpenHands writes beside the file after the run
 * (evaluation/benchmarks/swe_bench/scripts/eval_infer.sh, eval/update_output_with_eval.py), first found of:
 * 1. `report.json`: the harness run report, moved there; it defines the population as swe-bench-run.ts counts it;
 * 2. `output.swebench_eval.jsonl` (the remote evaluation): `test_result.report` per instance;
 * 3. the line's own `report`, added by update_output_with_eval.py;
 * 4. `eval_outputs/<instance_id>/report.json`, the harness's per-instance report.
 * `{resolved, empty_generation, error_eval, failed_apply_patch, test_timeout}` reads as resolved / empty patch /
 * error / not resolved. Without any of them an instance has no reward ('not evaluated'), and the run says so.
 * A non-null `error` (the agent or runtime failed) makes the episode errored.
 */
import { existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { EpisodeStatus } from '@contract/model'
import type { DocumentAdapter, EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, JsonlFile, RunHeader } from '../types'
import { RecordError } from '../types'
import { defineFormat } from '../define-format'
import { formatContext, type FormatContext } from '../context'
import { readJsonlRecords } from '../readers/jsonl-records'
import { readHead, readSideObject, MAX_SIDE_FILE_BYTES } from '../readers/side-files'
import { eventStreamModel, readEventStream } from './openhands-events'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { isObj, num, str, timeMs, type Obj } from './record-fields'
import { extractOf } from './swe-bench'
import {
  NOT_EVALUATED,
  reportOutcome,
  reportScoring,
  SWE_BENCH_SCORING,
  UNSCORED,
  type Outcome,
  type RunReport
} from './swe-bench-run'
import { parseJsonLine } from '../readers/tolerant-json'

const REMOTE_EVAL_SUFFIX = '.swebench_eval.jsonl'

/**
 * An agent's output line: its instance, and its history or instruction. (The harness's `.swebench_eval.jsonl` lines
 * have the same fields, with neither.)
 */
const isEvalOutput = (r: Obj): boolean =>
  typeof r.instance_id === 'string' &&
  'history' in r &&
  (Array.isArray(r.history) || typeof r.instruction === 'string') &&
  ('test_result' in r || 'metadata' in r || 'instruction' in r)

/** `metadata.json` beside the output (EvalMetadata, written by make_metadata). */
const isEvalMetadata = (doc: unknown): boolean =>
  isObj(doc) &&
  typeof doc.agent_class === 'string' &&
  typeof doc.max_iterations === 'number' &&
  'eval_output_dir' in doc

const instanceOf = (r: Obj): Obj => (isObj(r.instance) ? r.instance : isObj(r.swe_instance) ? r.swe_instance : {})

/**
 * The history as an event stream: event dicts as they are; older `[action, observation]` pairs flattened, their
 * events numbered by position and each observation made the result (`cause`) of its pair's action. The instruction
 * leads when the history holds no user message (older runs kept it apart).
 */
function historyEvents(r: Obj): unknown[] {
  const out: Obj[] = []
  const add = (e: unknown, cause: number | null): number | null => {
    if (!isObj(e)) return null
    const isAction = typeof e.action === 'string'
    const ev: Obj = {
      ...e,
      id: typeof e.id === 'number' ? e.id : out.length,
      source: typeof e.source === 'string' ? e.source : isAction ? 'agent' : 'environment'
    }
    if (!isAction && cause !== null && typeof e.cause !== 'number') ev.cause = cause
    out.push(ev)
    return ev.id as number
  }
  for (const h of Array.isArray(r.history) ? r.history : []) {
    if (Array.isArray(h)) add(h[1], add(h[0], null))
    else add(h, null)
  }
  const instruction = str(r.instruction)
  const hasUser = out.some((e) => e.action === 'message' && e.source === 'user')
  if (instruction && !hasUser)
    out.unshift({ id: -1, source: 'user', action: 'message', args: { content: instruction } })
  return out
}

/** What an OpenHands per-instance report (`{resolved, empty_generation, error_eval…}`) says. */
function outcomeOfReport(rep: unknown): Outcome | null {
  if (!isObj(rep)) return null
  if (rep.resolved === true) return 'resolved'
  if (rep.empty_generation === true) return 'empty_patch'
  if (rep.error_eval === true) return 'error'
  return typeof rep.resolved === 'boolean' ? 'unresolved' : null
}

/** The harness run report beside the file (`report.json`), when it is one. */
const runReportBeside = (path: string, ctx: FormatContext): RunReport | null => {
  const at = join(dirname(path), 'report.json')
  const x = extractOf(at, ctx)
  return x?.kind === 'run-report' ? { path: at, x } : null
}

const remoteEvalPath = (path: string): string => path.replace(/\.jsonl$/, REMOTE_EVAL_SUFFIX)

/** `output.swebench_eval.jsonl`: each instance's `test_result.report`, read once per job. */
const remoteEval = (path: string, ctx: FormatContext): Map<string, Obj> =>
  ctx.memo(`openhands-eval:remote:${path}`, () => {
    const reports = new Map<string, Obj>()
    if (!existsSync(path)) return reports
    for (const r of readJsonlRecords(path).records) {
      const tr = isObj(r.test_result) ? r.test_result : null
      if (typeof r.instance_id === 'string' && tr && isObj(tr.report)) reports.set(r.instance_id, tr.report)
    }
    return reports
  })

interface Verdict {
  outcome: Outcome | null
  /** Where it was read (for the info), null when nothing says. */
  source: string | null
  metrics: Record<string, number>
}

function verdictOf(r: Obj, path: string, ctx: FormatContext): Verdict {
  const id = r.instance_id as string
  const run = runReportBeside(path, ctx)
  if (run) return { outcome: reportOutcome(run, id), source: basename(run.path), metrics: {} }
  const remote = remoteEval(remoteEvalPath(path), ctx).get(id)
  if (remote) return { outcome: outcomeOfReport(remote), source: basename(remoteEvalPath(path)), metrics: {} }
  const own = outcomeOfReport(r.report)
  if (own) return { outcome: own, source: 'report', metrics: {} }
  if (/^[\w.-]+$/.test(id)) {
    const at = join(dirname(path), 'eval_outputs', id, 'report.json')
    const inst = extractOf(at, ctx)?.instances?.get(id)
    if (inst)
      return { outcome: inst.resolved ? 'resolved' : 'unresolved', source: 'eval_outputs', metrics: inst.metrics }
  }
  return { outcome: null, source: null, metrics: {} }
}

/** Whether any harness result sits beside the file (then its instances are counted as the harness counts them). */
const hasHarnessResults = (path: string): boolean =>
  existsSync(join(dirname(path), 'report.json')) ||
  existsSync(remoteEvalPath(path)) ||
  existsSync(join(dirname(path), 'eval_outputs'))

/** The value of `"metadata": {…}` in the head of a line too big to parse (EvalOutput writes it before the history). */
function metadataInHead(path: string): Obj | null {
  let text: string
  try {
    text = readHead(path, MAX_SIDE_FILE_BYTES)
  } catch {
    return null
  }
  const at = /"metadata"\s*:\s*\{/.exec(text)
  if (!at) return null
  const start = at.index + at[0].length - 1
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) {
      try {
        const v = parseJsonLine(text.slice(start, i + 1))
        return isObj(v) ? v : null
      } catch {
        return null
      }
    }
  }
  return null
}

const modelOf = (m: Obj): string | null => (isObj(m.llm_config) ? str(m.llm_config.model) : null) ?? str(m.model_name)

function runHeader(path: string): RunHeader {
  const problems: string[] = []
  const meta = readSideObject(join(dirname(path), 'metadata.json'), problems) ?? metadataInHead(path) ?? {}
  const harness = hasHarnessResults(path)
  const run = harness ? runReportBeside(path, formatContext()) : null
  const stem = basename(path).replace(/\.jsonl$/, '')
  return {
    name: stem === 'output' ? basename(dirname(path)) : `${basename(dirname(path))}/${stem}`,
    model: modelOf(meta),
    env: str(meta.dataset),
    createdAt: str(meta.start_time),
    checkpointStep: null,
    header: {
      producer: 'openhands',
      agent_class: str(meta.agent_class),
      max_iterations: num(meta.max_iterations),
      data_split: str(meta.data_split),
      git_commit: str(meta.git_commit),
      ...(harness
        ? {}
        : {
            reward:
              'none: no SWE-bench harness result beside the file (report.json, output.swebench_eval.jsonl or ' +
              'eval_outputs/); run the evaluation (eval_infer.sh) to get one'
          }),
      ...(problems.length ? { problems } : {})
    },
    passThreshold: null,
    ...(run ? reportScoring(run) : harness ? { scoring: SWE_BENCH_SCORING } : {})
  }
}

const tokenUsage = (metrics: Obj): { tokensIn: number | null; tokensOut: number | null } => {
  const u = isObj(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : null
  return { tokensIn: u ? num(u.prompt_tokens) : null, tokensOut: u ? num(u.completion_tokens) : null }
}

function summaryOf(r: Obj, file?: JsonlFile): EpisodeSummaryRecord {
  if (!isEvalOutput(r)) throw new RecordError('not an OpenHands evaluation output (instance_id and history expected)')
  const id = r.instance_id as string
  const events = historyEvents(r)
  const stream = readEventStream(events)
  const instance = instanceOf(r)
  const verdict = file ? verdictOf(r, file.path, file.ctx) : { outcome: null, source: null, metrics: {} }
  const metrics = isObj(r.metrics) ? r.metrics : {}
  const tokens = tokenUsage(metrics)
  const cost = num(metrics.accumulated_cost) ?? stream.cost
  const error = str(r.error)
  const status: EpisodeStatus = error ? 'error' : stream.status
  const task = str(instance.problem_statement) ?? str(r.instruction)
  const stamps = events.map((e) => (isObj(e) ? timeMs(e.timestamp) : NaN)).filter(Number.isFinite)
  const resolved = verdict.outcome === 'resolved'
  const patch = str(isObj(r.test_result) ? r.test_result.git_patch : null) ?? str(r.git_patch)
  return {
    sourceId: id,
    promptHash: promptHash([{ role: 'user', content: task ?? `instance ${id}` }]),
    answer: null,
    reward: verdict.outcome ? (resolved ? 1 : 0) : null,
    success: verdict.outcome ? resolved : null,
    status,
    error: error ? error.slice(0, 500) : stream.error,
    termination: stream.termination,
    turns: stream.turns.length,
    unscored: verdict.outcome ? (UNSCORED[verdict.outcome] ?? null) : NOT_EVALUATED,
    preview: previewOf([{ role: 'user', content: str(r.instruction) ?? task ?? id }]),
    metrics: { ...(cost !== null ? { cost_usd: cost } : {}), ...verdict.metrics },
    info: {
      instance_id: id,
      repo: str(instance.repo),
      swebench: verdict.outcome,
      swebench_source: verdict.source,
      patch_lines: patch === null ? null : patch.split('\n').length,
      ...(isObj(r.report)
        ? { failed_apply_patch: r.report.failed_apply_patch === true, test_timeout: r.report.test_timeout === true }
        : {})
    },
    tokensIn: tokens.tokensIn ?? stream.tokensIn,
    tokensOut: tokens.tokensOut ?? stream.tokensOut,
    durationMs: stamps.length > 1 ? Math.max(...stamps) - Math.min(...stamps) : null,
    actions: { kind: 'turns', turns: stream.turns }
  }
}

export const openhandsEvalAdapter = defineFormat<JsonlAdapter>({
  format: 'openhands-eval',
  priority: 75,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  // the remote evaluation's results are read by the output file they name
  companions: [
    {
      kind: 'named',
      traceOf: (p) => (p.endsWith(REMOTE_EVAL_SUFFIX) ? p.slice(0, -REMOTE_EVAL_SUFFIX.length) + '.jsonl' : null)
    }
  ],
  matches: (r) => isEvalOutput(r),
  readRunHeader: (path) => runHeader(path),
  summarize: (r, file) => summaryOf(r, file),

  parseEpisode(r): EpisodeBody {
    if (!isEvalOutput(r)) throw new RecordError('not an OpenHands evaluation output')
    const stream = readEventStream(historyEvents(r))
    const { history: _history, ...rest } = r
    return {
      turns: stream.turns,
      tools: [],
      infoFull: {
        ...rest,
        model: eventStreamModel(historyEvents(r)) ?? (isObj(r.metadata) ? modelOf(r.metadata) : null)
      }
    }
  }
})

/**
 * The run's `metadata.json`: read by its output file's run header, so a companion recognized by its content (a change
 * re-reads the outputs beside it); no episodes of its own.
 */
export const openhandsEvalMetadataAdapter = defineFormat<DocumentAdapter>({
  format: 'openhands-eval',
  priority: 125,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => isEvalMetadata(doc),
  index: () => [],
  parseEpisode: () => ({ turns: [], tools: [], infoFull: {} })
})
