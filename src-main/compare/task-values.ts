import type { Db } from '../db/open-db'
import { passedSql } from '../db/passed-sql'
import { effectiveThreshold } from '../db/run-summary'

/** A scalar `info` value (what an episode's info_json holds per field). */
export type InfoValue = string | number | boolean

/**
 * Every episode of one run as columns (one entry per episode, NaN = no value), with the task each belongs to.
 * Columnar typed arrays keep 100k-episode runs cheap to aggregate; transcripts are never read.
 */
export interface RunValues {
  runId: string
  /** The run's effective pass threshold (the user's override, else the default). */
  threshold: number | null
  /** Distinct task keys in first-seen order; `task[i]` indexes into this. */
  taskKeys: string[]
  taskIndex: Map<string, number>
  /** Episodes per task (its rollouts), by task index. */
  rollouts: Int32Array
  episodes: number
  task: Int32Array
  reward: Float64Array
  /** 1 passed, 0 failed, NaN no verdict (no success flag and no threshold). */
  passed: Float64Array
  /** Transcript messages. */
  turns: Float64Array
  /** Agent actions (NaN: unknown, e.g. no transcript). */
  steps: Float64Array
  generationMs: Float64Array
  /** Why each episode ended, as an index into `terminations` (-1: not said). */
  termination: Int32Array
  terminations: string[]
  /** 0 for an episode known only from results (no transcript on disk). */
  transcript: Uint8Array
  /** 1 when the producer recorded no result for the episode (its reward is what the scoring rule says). */
  unscored: Uint8Array
  /** Why, as an index into `unscoredReasons` (the producer's failure mode, e.g. `parse_error`; 'no reward'); -1 when scored. */
  unscoredReason: Int32Array
  unscoredReasons: string[]
  /** Training step of each episode (NaN: none). */
  step: Float64Array
  /** 1 when the episode's status is `truncated`, `error` respectively. */
  truncated: Uint8Array
  errored: Uint8Array
  tokensIn: Float64Array
  tokensOut: Float64Array
  durationMs: Float64Array
  /** 1 when the episode's status is `ok`, 0 when not, NaN when no one recorded how it ended (OK_SQL). */
  ok: Float64Array
  /** Numeric per-episode metrics by name (NaN where an episode lacks it). */
  metrics: Map<string, Float64Array>
  /** Scalar info fields by name (undefined where an episode lacks it). */
  info: Map<string, (InfoValue | undefined)[]>
  /** 1 where the episode's tool-call counts are known (`tool_calls_json` not NULL: indexed with counts). */
  toolKnown: Uint8Array
  /** Episodes with known tool-call counts; 0 = the run has none (indexed before the counts existed, or a format without calls). */
  toolCounted: number
  /** Calls per episode by tool name: 0 where counts are known but the tool was not called, NaN where unknown. */
  toolCalls: Map<string, Float64Array>
}

type Row = [
  string,
  number | null,
  number | null,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
  number,
  string | null,
  number | null,
  number | null,
  string | null,
  number,
  string | null,
  number | null,
  number,
  number
]

const num = (v: number | null): number => (v === null ? NaN : v)

/**
 * Reads one run's episodes (or those of one training `step` of it) with a single query (pass/fail decided in SQL by the run's threshold, the same rule as
 * everywhere else) and groups them by task key in JS.
 */
/**
 * 1 when the episode ended ok, 0 when not, NULL when nobody recorded how it ended: an episode known only from a
 * results file (no transcript, no termination: a SWE-bench instance whose run folder has no exit-status file), which
 * the completion rate must not count as completed.
 */
const OK_SQL = "CASE WHEN transcript = 0 AND termination IS NULL AND status = 'ok' THEN NULL ELSE status = 'ok' END"

export function readRunValues(db: Db, runId: string, step?: number, only?: { info: readonly string[] }): RunValues {
  const threshold = effectiveThreshold(db, runId)
  // `only`: no metrics, no tool calls and a single info field (read in SQL, as the JSON text gives it): what the
  // training curve needs, without parsing every episode's metrics and info (most of a 100k-episode read)
  const info = only
    ? `json_object(${only.info.map((k) => `${sqlString(k)}, json_extract(info_json, ${sqlString('$.' + k)})`).join(', ')})`
    : "nullif(info_json, '{}')"
  const where = `WHERE run_id = ? ${step === undefined ? '' : 'AND step = ?'}`
  const args = step === undefined ? [runId] : [runId, step]
  // rows are read one at a time into the columns below (sized by a count from the index), in one read transaction so
  // the count and the rows see the same snapshot: a 256k-episode run held as row arrays at once took some 100 MB more
  // at its peak than the columns themselves
  return db.transaction(() => {
    const n = db
      .prepare(`SELECT count(*) FROM episodes ${where}`)
      .pluck()
      .get(...args) as number
    const rows = db
      .prepare(
        // Decided in SQL what can be: an integer costs less to hand to JS than a string per row (100k rows per run).
        `SELECT task_key, reward, ${passedSql(threshold)} passed, turns, tokens_in, tokens_out, duration_ms, ${OK_SQL},
              ${only ? 'NULL' : "nullif(metrics_json, '{}')"}, ${info},
              ${only ? 'NULL, NULL' : "tool_calls_json IS NOT NULL, nullif(tool_calls_json, '{}')"},
              steps, generation_ms, termination, transcript,
              CASE WHEN unscored IS NOT NULL THEN unscored WHEN reward IS NULL THEN 'no reward' END,
              step, status = 'truncated', status = 'error'
       FROM episodes e ${where} ORDER BY ordinal`
      )
      .raw()
      .iterate(...args) as IterableIterator<Row>

    const v: RunValues = {
      runId,
      threshold,
      taskKeys: [],
      taskIndex: new Map(),
      rollouts: new Int32Array(0),
      episodes: n,
      task: new Int32Array(n),
      reward: new Float64Array(n),
      passed: new Float64Array(n),
      turns: new Float64Array(n),
      steps: new Float64Array(n),
      generationMs: new Float64Array(n),
      termination: new Int32Array(n),
      terminations: [],
      transcript: new Uint8Array(n),
      unscored: new Uint8Array(n),
      unscoredReason: new Int32Array(n),
      unscoredReasons: [],
      step: new Float64Array(n),
      truncated: new Uint8Array(n),
      errored: new Uint8Array(n),
      tokensIn: new Float64Array(n),
      tokensOut: new Float64Array(n),
      durationMs: new Float64Array(n),
      ok: new Float64Array(n),
      metrics: new Map(),
      info: new Map(),
      toolKnown: new Uint8Array(n),
      toolCounted: 0,
      toolCalls: new Map()
    }
    const cache = new ParseCache()
    const terminationIndex = new Map<string, number>()
    const reasonIndex = new Map<string, number>()
    let i = 0
    for (const r of rows) {
      let t = v.taskIndex.get(r[0])
      if (t === undefined) {
        t = v.taskKeys.length
        v.taskIndex.set(r[0], t)
        v.taskKeys.push(r[0])
      }
      v.task[i] = t
      v.reward[i] = num(r[1])
      v.passed[i] = r[2] === null ? NaN : r[2] ? 1 : 0
      // an episode without a transcript has no messages to count (its row says 0): the runs list leaves it out too
      v.turns[i] = r[15] ? r[3] : NaN
      v.steps[i] = num(r[12])
      v.generationMs[i] = num(r[13])
      v.termination[i] = r[14] === null ? -1 : intern(terminationIndex, v.terminations, r[14])
      v.transcript[i] = r[15]
      v.unscored[i] = r[16] === null ? 0 : 1
      v.unscoredReason[i] = r[16] === null ? -1 : intern(reasonIndex, v.unscoredReasons, r[16])
      v.step[i] = num(r[17])
      v.truncated[i] = r[18]
      v.errored[i] = r[19]
      v.tokensIn[i] = num(r[4])
      v.tokensOut[i] = num(r[5])
      v.durationMs[i] = num(r[6])
      v.ok[i] = r[7] === null ? NaN : r[7]
      if (r[8] !== null) addMetrics(v, i, cache.get(r[8]))
      if (r[9] !== null) addInfo(v, i, cache.get(r[9]))
      if (r[10]) {
        v.toolKnown[i] = 1
        v.toolCounted++
        if (r[11] !== null) addToolCalls(v, i, cache.get(r[11]))
      }
      i++
    }
    // a tool column starts at 0 for every episode (not called); episodes without counts know nothing
    if (v.toolCounted < n)
      for (const col of v.toolCalls.values()) for (let i = 0; i < n; i++) if (!v.toolKnown[i]) col[i] = NaN
    v.rollouts = new Int32Array(v.taskKeys.length)
    for (let i = 0; i < n; i++) v.rollouts[v.task[i]]++
    return v
  })()
}

const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`

/** Index of `s` in `list`, added when new. */
function intern(index: Map<string, number>, list: string[], s: string): number {
  let k = index.get(s)
  if (k === undefined) {
    k = list.length
    index.set(s, k)
    list.push(s)
  }
  return k
}

/**
 * Parsed metrics / info objects by their JSON text. Big runs repeat the same few texts (`{"difficulty":"easy"}`), and
 * a map lookup is several times cheaper than a parse; capped so runs of all-distinct texts do not grow it unbounded.
 * Callers only read the parsed objects.
 */
class ParseCache {
  private map = new Map<string, Record<string, unknown> | null>()
  constructor(private readonly cap = 4096) {}
  get(json: string): Record<string, unknown> | null {
    let o = this.map.get(json)
    if (o === undefined) {
      o = parseObject(json)
      if (this.map.size < this.cap) this.map.set(json, o)
    }
    return o
  }
}

function parseObject(json: string): Record<string, unknown> | null {
  try {
    const o = JSON.parse(json) as unknown
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function addMetrics(v: RunValues, i: number, o: Record<string, unknown> | null): void {
  if (!o) return
  for (const k in o) {
    const x = o[k]
    if (typeof x !== 'number' || !Number.isFinite(x)) continue
    let col = v.metrics.get(k)
    if (!col) {
      col = new Float64Array(v.episodes).fill(NaN)
      v.metrics.set(k, col)
    }
    col[i] = x
  }
}

function addToolCalls(v: RunValues, i: number, o: Record<string, unknown> | null): void {
  if (!o) return
  for (const k in o) {
    const x = o[k]
    if (typeof x !== 'number' || !Number.isFinite(x)) continue
    let col = v.toolCalls.get(k)
    if (!col) {
      col = new Float64Array(v.episodes)
      v.toolCalls.set(k, col)
    }
    col[i] = x
  }
}

function addInfo(v: RunValues, i: number, o: Record<string, unknown> | null): void {
  if (!o) return
  for (const k in o) {
    const x = o[k]
    if (typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean') continue
    let col = v.info.get(k)
    if (!col) {
      col = new Array<InfoValue | undefined>(v.episodes)
      v.info.set(k, col)
    }
    col[i] = x
  }
}

/** Per-task mean of a per-episode column (NaN values skipped; NaN for a task without any value). */
export function taskMeans(v: RunValues, column: Float64Array): Float64Array {
  const tasks = v.taskKeys.length
  const sum = new Float64Array(tasks)
  const cnt = new Int32Array(tasks)
  for (let i = 0; i < v.episodes; i++) {
    const x = column[i]
    if (x !== x) continue // NaN
    sum[v.task[i]] += x
    cnt[v.task[i]]++
  }
  for (let t = 0; t < tasks; t++) sum[t] = cnt[t] ? sum[t] / cnt[t] : NaN
  return sum
}

/** A per-episode column derived from others, NaN where `f` returns NaN. */
export function deriveColumn(v: RunValues, f: (i: number) => number): Float64Array {
  const out = new Float64Array(v.episodes)
  for (let i = 0; i < v.episodes; i++) out[i] = f(i)
  return out
}

/** Per task: rollouts with a verdict (`n`) and how many of them passed (`c`). */
export function taskPassCounts(v: RunValues): { n: Int32Array; c: Int32Array } {
  const n = new Int32Array(v.taskKeys.length)
  const c = new Int32Array(v.taskKeys.length)
  for (let i = 0; i < v.episodes; i++) {
    const p = v.passed[i]
    if (p !== p) continue
    n[v.task[i]]++
    if (p === 1) c[v.task[i]]++
  }
  return { n, c }
}

/** A task passes when more than half of its rollouts with a verdict pass; null without any verdict. */
export function taskPasses(counts: { n: Int32Array; c: Int32Array }, t: number): boolean | null {
  return counts.n[t] === 0 ? null : counts.c[t] * 2 > counts.n[t]
}
