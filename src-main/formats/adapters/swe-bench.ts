/**
 * SWE-bench harness results and predictions (FORMATS.md §3.3), the reward of SWE-agent and
 * mini-swe-agent trajectories.
 *
 * 1. `sweBenchAdapter` recognizes the harness / prediction files themselves and marks them as
 *    sidecars (index() returns no run): run report `<model>.<run_id>.json`, per-instance
 *    `report.json`, `preds.json`, `all_preds.jsonl` (also as a one-line document), a list of predictions.
 * 2. `findSweBenchResult` finds the result of one trajectory. Searched in this order, first hit wins
 *    (a file that does not mention the instance is passed over):
 *    a. `report.json` in the trajectory's own folder (`{<instance_id>: {resolved, tests_status}}`);
 *    b. a run report named `*.<run>.json` (run = the run folder's name, the harness `run_id`
 *       convention) in the run folder or one of its 3 parent folders, nearest first; several in one
 *       folder: the one whose name starts with the model slug, else the first by name;
 *    c. the harness log tree `logs/run_evaluation/<run_id>/<model>/<instance_id>/report.json`, found as
 *       `<dir>/logs/run_evaluation` or `<dir>/<child>/logs/run_evaluation` for the same folders
 *       (children probed only in folders of at most 100 entries): the run id equal to the run name
 *       first; otherwise, only when exactly one (run id, model) holds a report for the instance
 *       (and the model folder is the run's model when that is known).
 *    Nothing found → null (reward stays null: not evaluated).
 * 3. A run with a run report is counted as the harness counts it (its submitted instances, results-only episodes
 *    for those without a trajectory on disk, the headline): swe-bench-run.ts.
 * Parsed files are kept for the job (FormatContext) as small extracts (id sets): every trajectory of a run asks.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync, type Dirent } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { DocumentAdapter, RunHeader } from '../types'
import { isObj, type Obj } from './record-fields'
import { parseJsonLine } from '../readers/tolerant-json'
import { modelSlug } from './swe-agent-shared'
import type { FormatContext } from '../context'
import { defineFormat } from '../define-format'

/** The harness result of one instance. */
export interface SweBenchResult {
  /** 1 resolved, 0 unresolved / evaluation error / empty patch. */
  reward: number
  success: boolean
  /** resolved | unresolved | error | empty_patch (| not_run: submitted, in no outcome list, from swe-bench-run.ts) */
  outcome: string
  /** The file the result was read from. */
  source: string
  /** Harness run id when the source names one. */
  runId: string | null
  /** FAIL_TO_PASS / PASS_TO_PASS test counts of a per-instance report. */
  metrics: Record<string, number>
}

const PARENT_LEVELS = 3
const MAX_PROBED_ENTRIES = 100

// ---------------------------------------------------------------------------------------------
// Recognizing the files (sidecars)

const isRunReport = (o: Obj): boolean =>
  Array.isArray(o.resolved_ids) &&
  (Array.isArray(o.unresolved_ids) || 'total_instances' in o || Array.isArray(o.completed_ids))

const isInstanceResult = (v: unknown): boolean =>
  isObj(v) &&
  typeof v.resolved === 'boolean' &&
  ('tests_status' in v || 'patch_successfully_applied' in v || 'patch_exists' in v)

const isPrediction = (v: unknown): v is Obj =>
  isObj(v) && 'model_patch' in v && ('instance_id' in v || 'model_name_or_path' in v)

/** `{<instance_id>: {...}}` where every value (at most the first 50 looked at) satisfies `test`. */
function keyedBy(o: Obj, test: (v: unknown) => boolean): boolean {
  let n = 0
  for (const k in o) {
    if (!test(o[k])) return false
    if (++n >= 50) break
  }
  return n > 0
}

/** Whether a parsed JSON document is a SWE-bench report or a predictions file. */
export function isSweBenchDocument(doc: unknown): boolean {
  if (Array.isArray(doc)) return doc.length > 0 && doc.slice(0, 20).every(isPrediction)
  if (!isObj(doc)) return false
  return isRunReport(doc) || isPrediction(doc) || keyedBy(doc, isInstanceResult) || keyedBy(doc, isPrediction)
}

/** Harness reports and predictions: recognized so they are not failed or taken for chat data; no episodes of their own. */
export const sweBenchAdapter = defineFormat<DocumentAdapter>({
  format: 'swe-bench-report',
  // above step-jsonl: an all_preds.jsonl line is not a step
  priority: 50,
  fileKinds: ['json', 'jsonl-grouped'],
  extensions: ['.json', '.jsonl'],
  companions: [],
  matches: (doc) => isSweBenchDocument(doc),
  // all_preds.jsonl: one prediction per line
  matchesFirstRecord: (r) => isPrediction(r) && 'instance_id' in r && !('messages' in r) && !('prompt' in r),
  index: () => [],
  parseEpisode: () => ({ turns: [], tools: [], infoFull: {} })
})

// ---------------------------------------------------------------------------------------------
// Cache of small extracts of parsed files

export interface Extract {
  kind: 'run-report' | 'instance-report' | 'other'
  resolved?: Set<string>
  unresolved?: Set<string>
  error?: Set<string>
  empty?: Set<string>
  /** Run report: every instance given to the harness (`submitted_ids`; older reports: the union of the outcome lists), sorted. */
  submitted?: string[]
  submittedSet?: Set<string>
  /** Run report: `resolved_instances` and `submitted_instances` as written (null when absent). */
  nResolved?: number | null
  nSubmitted?: number | null
  instances?: Map<string, { resolved: boolean; metrics: Record<string, number> }>
}

/** What a report file says (null when it is no file or too big), read once per job: every trajectory of a run asks. */
export const extractOf = (path: string, ctx: FormatContext): Extract | null =>
  ctx.memo(`swe-bench:extract:${path}`, () => readExtract(path))

function readExtract(path: string): Extract | null {
  try {
    const st = statSync(path)
    if (!st.isFile() || st.size > 64e6) return null
  } catch {
    return null
  }
  try {
    return extract(parseJsonLine(readFileSync(path, 'utf8')))
  } catch {
    return { kind: 'other' } // unreadable or not JSON: not a report
  }
}

const idSet = (v: unknown): Set<string> =>
  new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

function extract(doc: unknown): Extract {
  if (!isObj(doc)) return { kind: 'other' }
  if (isRunReport(doc)) {
    const lists = {
      resolved: idSet(doc.resolved_ids),
      unresolved: idSet(doc.unresolved_ids),
      error: idSet(doc.error_ids),
      empty: idSet(doc.empty_patch_ids)
    }
    const submitted = Array.isArray(doc.submitted_ids)
      ? idSet(doc.submitted_ids)
      : new Set(Object.values(lists).flatMap((l) => [...l]))
    const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
    return {
      kind: 'run-report',
      ...lists,
      submitted: [...submitted].sort(),
      submittedSet: submitted,
      nResolved: count(doc.resolved_instances),
      nSubmitted: count(doc.submitted_instances)
    }
  }
  const instances = new Map<string, { resolved: boolean; metrics: Record<string, number> }>()
  for (const k in doc) {
    const v = doc[k]
    if (isInstanceResult(v))
      instances.set(k, { resolved: (v as Obj).resolved === true, metrics: testCounts((v as Obj).tests_status) })
  }
  return instances.size ? { kind: 'instance-report', instances } : { kind: 'other' }
}

/** `tests_status` as counts: f2p_passed, f2p_failed, p2p_passed, p2p_failed (when present). */
function testCounts(t: unknown): Record<string, number> {
  const out: Record<string, number> = {}
  if (!isObj(t)) return out
  for (const [group, name] of [
    ['FAIL_TO_PASS', 'f2p'],
    ['PASS_TO_PASS', 'p2p']
  ] as const) {
    const g = t[group]
    if (!isObj(g)) continue
    if (Array.isArray(g.success)) out[`${name}_passed`] = g.success.length
    if (Array.isArray(g.failure)) out[`${name}_failed`] = g.failure.length
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Finding the result of one trajectory

/**
 * A folder's entries, listed once per job (ctx): each trajectory of a run looks through the same run folder and its
 * parents, and a search's 50 hits in 50 trajectories listed them 50 times over (with a stat of every sub-folder:
 * 15 ms a trajectory in a folder of 200).
 */
function listDir(dir: string, ctx: FormatContext): Dirent[] {
  return ctx.memo(`swe-bench:list:${dir}`, () => {
    try {
      return readdirSync(dir, { withFileTypes: true })
    } catch {
      return []
    }
  })
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}

/** The run folder and its parents (PARENT_LEVELS of them), nearest first, without repeats. */
function searchDirs(runDir: string): string[] {
  const dirs: string[] = []
  let d = runDir
  for (let i = 0; i <= PARENT_LEVELS; i++) {
    if (!dirs.includes(d)) dirs.push(d)
    const up = dirname(d)
    if (up === d) break
    d = up
  }
  return dirs
}

function fromInstanceReport(
  path: string,
  instanceId: string,
  runId: string | null,
  ctx: FormatContext
): SweBenchResult | null {
  const x = extractOf(path, ctx)
  const r = x?.instances?.get(instanceId)
  if (!r) return null
  return {
    reward: r.resolved ? 1 : 0,
    success: r.resolved,
    outcome: r.resolved ? 'resolved' : 'unresolved',
    source: path,
    runId,
    metrics: r.metrics
  }
}

function fromRunReport(path: string, instanceId: string, runId: string, ctx: FormatContext): SweBenchResult | null {
  const x = extractOf(path, ctx)
  if (x?.kind !== 'run-report') return null
  const outcome = x.resolved!.has(instanceId)
    ? 'resolved'
    : x.unresolved!.has(instanceId)
      ? 'unresolved'
      : x.error!.has(instanceId)
        ? 'error'
        : x.empty!.has(instanceId)
          ? 'empty_patch'
          : null
  if (!outcome) return null
  const resolved = outcome === 'resolved'
  return { reward: resolved ? 1 : 0, success: resolved, outcome, source: path, runId, metrics: {} }
}

/** Harness log roots (`logs/run_evaluation`) at or just below `dir` (found once per job: a stat per sub-folder). */
function logRoots(dir: string, ctx: FormatContext): string[] {
  return ctx.memo(`swe-bench:log-roots:${dir}`, () => findLogRoots(dir, listDir(dir, ctx)))
}

function findLogRoots(dir: string, entries: Dirent[]): string[] {
  const roots: string[] = []
  const direct = join(dir, 'logs', 'run_evaluation')
  if (entries.some((e) => e.name === 'logs') && isDir(direct)) roots.push(direct)
  if (entries.length <= MAX_PROBED_ENTRIES) {
    for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!e.isDirectory() || e.name === 'logs' || e.name.startsWith('.')) continue
      const root = join(dir, e.name, 'logs', 'run_evaluation')
      if (isDir(root)) roots.push(root)
    }
  }
  return roots
}

/**
 * The SWE-bench result of one instance of a run (see the file comment for the search order), or null.
 * `trajectoryDir` is the trajectory's folder, `runDir` the run folder whose name is the run id.
 */
export function findSweBenchResult(
  trajectoryDir: string,
  runDir: string,
  instanceId: string,
  model: string | null,
  ctx: FormatContext
): SweBenchResult | null {
  const runName = basename(runDir)
  const own = fromInstanceReport(join(trajectoryDir, 'report.json'), instanceId, null, ctx)
  if (own) return own

  for (const path of runReportPaths(runDir, model, ctx)) {
    const r = fromRunReport(path, instanceId, runName, ctx)
    if (r) return r
  }

  const slug = model ? modelSlug(model) : null
  for (const dir of searchDirs(runDir)) {
    for (const root of logRoots(dir, ctx)) {
      const runIds = listDir(root, ctx)
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
      const sameRun = runIds.includes(runName) ? inRun(root, runName, instanceId, slug, ctx) : []
      if (sameRun.length) return sameRun[0]
      const any = runIds.flatMap((id) => inRun(root, id, instanceId, slug, ctx))
      if (any.length === 1) return any[0]
    }
  }
  return null
}

/**
 * Run reports named for the run (`*.<run>.json`) in the run folder and its parents, in the order they are tried:
 * nearest folder first; within one, the report of the run's model (`<model slug>.<run>.json`) first, then by name.
 */
export function runReportPaths(runDir: string, model: string | null, ctx: FormatContext): string[] {
  // once per job too: the folders' entries filtered and sorted for each trajectory were 0.2 ms of each
  return ctx.memo(`swe-bench:run-reports:${runDir}\u0000${model ?? ''}`, () => findRunReportPaths(runDir, model, ctx))
}

function findRunReportPaths(runDir: string, model: string | null, ctx: FormatContext): string[] {
  const slug = model ? modelSlug(model) : null
  const suffix = `.${basename(runDir)}.json`
  return searchDirs(runDir).flatMap((dir) =>
    listDir(dir, ctx)
      .filter((e) => !e.isDirectory() && e.name.endsWith(suffix) && e.name.length > suffix.length)
      .map((e) => e.name)
      .sort(
        (a, b) =>
          Number(slug !== null && b.startsWith(slug + '.')) - Number(slug !== null && a.startsWith(slug + '.')) ||
          (a < b ? -1 : 1)
      )
      .map((name) => join(dir, name))
  )
}

/** Reports for the instance under one harness run id (model folders: the run's model only, when known). */
function inRun(
  root: string,
  runId: string,
  instanceId: string,
  slug: string | null,
  ctx: FormatContext
): SweBenchResult[] {
  const out: SweBenchResult[] = []
  const models = listDir(join(root, runId), ctx)
    .filter((e) => e.isDirectory() && (slug === null || e.name === slug))
    .map((e) => e.name)
    .sort()
  for (const m of models) {
    const r = fromInstanceReport(join(root, runId, m, instanceId, 'report.json'), instanceId, runId, ctx)
    if (r) out.push(r)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Predictions (run model)

/**
 * `model_name_or_path` of the run's predictions (`preds.json`, `all_preds.jsonl` in the run folder),
 * read from the first 64 KB only (the file may be many MB of patches), once per job (each trajectory asks).
 */
export function predictionsModel(runDir: string, ctx: FormatContext): string | null {
  return ctx.memo(`swe-bench:predictions-model:${runDir}`, () => readPredictionsModel(runDir))
}

function readPredictionsModel(runDir: string): string | null {
  for (const name of ['preds.json', 'all_preds.jsonl']) {
    const head = readHead(join(runDir, name), 65536)
    if (head === null) continue
    const m = /"model_name_or_path"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(head)
    if (m) {
      try {
        return JSON.parse(`"${m[1]}"`) as string
      } catch {
        return m[1]
      }
    }
  }
  return null
}

function readHead(path: string, bytes: number): string | null {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  try {
    const buf = Buffer.alloc(bytes)
    const n = readSync(fd, buf, 0, bytes, 0)
    return buf.subarray(0, n).toString('utf8')
  } catch {
    return null
  } finally {
    closeSync(fd)
  }
}

/** Run header fields shared by SWE-agent and mini-swe-agent runs (name = run folder). */
export function sweRunHeader(
  runDir: string,
  model: string | null,
  instanceId: string,
  header: Record<string, unknown>
): RunHeader {
  const env = isSweBenchInstance(instanceId) ? 'swe-bench' : null
  return { name: basename(runDir), model, env, createdAt: null, checkpointStep: null, header, passThreshold: null }
}

/** SWE-bench instance ids look like `<owner>__<repo>-<number>` (e.g. `pydicom__pydicom-901`). */
export const isSweBenchInstance = (id: string): boolean => /^[\w.-]+__[\w.-]+-\d+$/.test(id)
