/**
 * lm-evaluation-harness `--log_samples` output (FORMATS.md, "Eval and session formats"): in
 * `<output_path>/<model_name_sanitized>/`, one `samples_<task>_<date_id>.jsonl` per task beside the run's
 * `results_<date_id>.json`. Read from the producer's writer (EleutherAI/lm-evaluation-harness 4e7e0d4):
 * - `lm_eval/evaluator.py` evaluate() logs one sample per (document, filter): `{doc_id, doc, target, arguments,
 *   resps, filtered_resps, filter, metrics: [metric names], doc_hash, prompt_hash, target_hash, <metric>: value}`;
 * - `lm_eval/loggers/evaluation_tracker.py` save_results_samples() writes it with `arguments` as
 *   `{gen_args_<i>: {arg_<j>: …}}` (one entry per request: generate_until's (context, generation kwargs), a multiple
 *   choice's (context, continuation) per choice), `resps` / `filtered_resps` stringified by sanitize_list
 *   (a log-likelihood is `["-1.5", "False"]`), `target` as text; save_results_aggregated() writes the results file
 *   (`results{<task>: {"<metric>,<filter>": value}}`, `model_name`, `configs`, ...) first, with the same date id.
 *
 * A task scored under several filters (gsm8k: strict-match and flexible-extract) writes every document once per
 * filter: each filter is a run of its own here, so no document counts twice and each run's mean is the producer's
 * `<metric>,<filter>` figure. A task run under a group (`--tasks mmlu`: the results file's `group_subtasks`) is part
 * of one run per outermost group and filter: the subtasks' samples files make that run together, each episode keeps
 * its subtask in info, and the producer's group figure is the headline when the group weights its subtasks by size
 * (then it is the mean over all documents, as Rollscope's); otherwise the run says how the producer averages.
 * Episode: task key `doc_hash` (sha256 of the document, so the same question pairs across runs and subtasks; older
 * files without it: the subtask and `doc_id`), reward = the first metric the task logs (`exact_match`, `acc`), the
 * others as metrics; the prompt is the first request's context, the answer the model's generation, or for a multiple
 * choice the choice it gave the highest log-likelihood.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Turn } from '@contract/model'
import type {
  DocumentAdapter,
  DocumentRun,
  EpisodeBody,
  EpisodeSummaryRecord,
  ProducerHeadlineInput,
  RunHeader
} from '../types'
import { RecordError } from '../types'
import type { FormatContext } from '../context'
import { defineFormat } from '../define-format'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { answerText, promptHash } from './prompt-hash'
import { isObj, num, scalarFields, scalarText, str, type Obj } from './record-fields'
import { parseJsonLine } from '../readers/tolerant-json'

/** `samples_<task>_<date_id>.jsonl`, date id = `datetime.now().isoformat()` with `:` replaced by `-`. */
const SAMPLES_FILE = /^samples_(.+)_(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?)\.jsonl$/
const MAX_RESULTS_BYTES = 16e6

/** One logged sample, by the keys evaluate() always writes. */
export const isLmEvalSample = (r: unknown): r is Obj =>
  isObj(r) &&
  'doc_id' in r &&
  isObj(r.arguments) &&
  'resps' in r &&
  'filtered_resps' in r &&
  typeof r.filter === 'string' &&
  Array.isArray(r.metrics)

/** The results file: EvalResults with its per-task results and counts. */
const isResultsFile = (d: unknown): d is Obj =>
  isObj(d) && isObj(d.results) && isObj(d['n-samples']) && ('configs' in d || 'versions' in d)

const samplesOf = (doc: unknown): Obj[] => (Array.isArray(doc) ? doc : [doc]).filter(isLmEvalSample)

/** The requests of a sample in order: `gen_args_0`, `gen_args_1`... each `[arg_0, arg_1, ...]`. */
function requestsOf(s: Obj): unknown[][] {
  const args = s.arguments as Obj
  const out: unknown[][] = []
  for (let i = 0; isObj(args[`gen_args_${i}`]); i++) {
    const a = args[`gen_args_${i}`] as Obj
    const list: unknown[] = []
    for (let j = 0; `arg_${j}` in a; j++) list.push(a[`arg_${j}`])
    out.push(list)
  }
  return out
}

/** The prompt as messages: a chat-templated API request is the JSON of its messages, anything else one user text. */
function promptMessages(s: Obj): Obj[] {
  const context = requestsOf(s)[0]?.[0]
  if (typeof context !== 'string') return []
  if (context.startsWith('[')) {
    try {
      const chat = parseJsonLine(context)
      if (Array.isArray(chat) && chat.length && chat.every((m) => isObj(m) && typeof m.role === 'string'))
        return chat as Obj[]
    } catch {
      // a prompt that starts with "[" and is not a chat
    }
  }
  return [{ role: 'user', content: context }]
}

/** A log-likelihood response as written (`["-1.5", "False"]`, or a bare number). */
const logLikelihood = (v: unknown): number | null => {
  const x = Array.isArray(v) ? v[0] : v
  const n = typeof x === 'string' ? Number(x) : num(x)
  return n !== null && Number.isFinite(n) ? n : null
}

/** What the model answered: its generation, or the choice with the highest log-likelihood of a multiple choice. */
function answerOf(s: Obj): string {
  const requests = requestsOf(s)
  const resps = Array.isArray(s.resps) ? s.resps : []
  const choices = requests.map((r) => r[1])
  if (requests.length > 1 && choices.every((c) => typeof c === 'string')) {
    let best = -1
    let bestLl = -Infinity
    // a response beyond the requests (a damaged file) has no choice to name
    resps.slice(0, choices.length).forEach((r, i) => {
      const ll = logLikelihood(Array.isArray(r) ? r[0] : r)
      if (ll !== null && ll > bestLl) [best, bestLl] = [i, ll]
    })
    return best >= 0 ? (choices[best] as string).trim() : ''
  }
  const first = Array.isArray(resps[0]) ? resps[0][0] : resps[0]
  return typeof first === 'string' ? first : first === undefined ? '' : JSON.stringify(first)
}

function turnsOf(s: Obj): Turn[] {
  return messagesToTurns(promptMessages(s), [{ role: 'assistant', content: answerOf(s) }])
}

/** The sample's metric values: numbers, and booleans as 0 / 1. */
function metricValues(s: Obj): Record<string, number> {
  const out: Record<string, number> = {}
  for (const name of s.metrics as unknown[]) {
    if (typeof name !== 'string') continue
    const v = s[name]
    const n = typeof v === 'boolean' ? Number(v) : num(v)
    if (n !== null) out[name] = n
  }
  return out
}

function summarize(s: Obj, task: string): EpisodeSummaryRecord {
  const prompt = promptMessages(s)
  if (!prompt.length) throw new RecordError(`sample ${scalarText(s.doc_id)} has no prompt (arguments.gen_args_0.arg_0)`)
  const metrics = metricValues(s)
  const first = (s.metrics as unknown[]).find((m): m is string => typeof m === 'string')
  const turns = turnsOf(s)
  return {
    sourceId: typeof s.doc_hash === 'string' && s.doc_hash !== '' ? s.doc_hash : `${task}#${scalarText(s.doc_id)}`,
    promptHash: promptHash(prompt, 'all'),
    answer: answerText(s.target),
    reward: first !== undefined ? (metrics[first] ?? null) : null,
    success: null,
    status: 'ok',
    error: null,
    turns: turns.length,
    preview: previewOf(prompt),
    metrics,
    info: scalarFields({ task, filter: s.filter }),
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    actions: { kind: 'turns', turns }
  }
}

/** Task and date id from the file name; the task is also in the results file, but the name is always there. */
function fileFacts(path: string): { task: string; dateId: string | null } {
  const m = SAMPLES_FILE.exec(basename(path))
  return m ? { task: m[1], dateId: m[2] } : { task: basename(path).replace(/\.jsonl?$/i, ''), dateId: null }
}

/** `results_<date_id>.json` of the same evaluation, read once per job (every task's samples file asks). */
function resultsFile(dir: string, dateId: string | null, ctx: FormatContext): { name: string; doc: Obj } | null {
  if (!dateId) return null
  const name = `results_${dateId}.json`
  return ctx.memo(`lm-eval:results:${join(dir, name)}`, () => {
    try {
      const path = join(dir, name)
      if (statSync(path).size > MAX_RESULTS_BYTES) return null
      const doc = parseJsonLine(readFileSync(path, 'utf8'))
      return isResultsFile(doc) ? { name, doc } : null
    } catch {
      return null
    }
  })
}

/** `2026-03-02T10-11-12.345678` → `2026-03-02T10:11:12.345678`. */
const createdAt = (dateId: string | null): string | null =>
  dateId ? dateId.replace(/T(\d{2})-(\d{2})-(\d{2})/, 'T$1:$2:$3') : null

/** `group_subtasks` of the results file: each group and the tasks (or groups) it was run with. */
const groupSubtasks = (results: { doc: Obj } | null): Record<string, string[]> => {
  const raw = results && isObj(results.doc.group_subtasks) ? results.doc.group_subtasks : {}
  const out: Record<string, string[]> = {}
  for (const [group, kids] of Object.entries(raw)) {
    if (Array.isArray(kids)) out[group] = kids.filter((k): k is string => typeof k === 'string' && k !== group)
  }
  return out
}

/** The outermost group a task was run under, or null when it was run on its own. */
function outermostGroup(results: { doc: Obj } | null, task: string): string | null {
  const parent = new Map<string, string>()
  for (const [group, kids] of Object.entries(groupSubtasks(results))) for (const k of kids) parent.set(k, group)
  let top: string | null = null
  const seen = new Set<string>()
  for (let at = parent.get(task); at !== undefined && !seen.has(at); at = parent.get(at)) {
    seen.add(at)
    top = at
  }
  return top
}

/** The tasks under a group that wrote samples (its leaves, through nested groups). */
function leafTasks(results: { doc: Obj } | null, group: string): string[] {
  const subtasks = groupSubtasks(results)
  const out: string[] = []
  const seen = new Set<string>()
  const walk = (name: string): void => {
    if (seen.has(name)) return
    seen.add(name)
    if (subtasks[name]?.length) subtasks[name].forEach(walk)
    else out.push(name)
  }
  walk(group)
  return out.filter((t) => t !== group)
}

/**
 * The group's figure and whether it is the mean over all its documents (its leaf tasks' figures weighted by their
 * sample counts: `weight_by_size: true`), which is what a Rollscope run of the group's episodes averages. A group
 * that averages its subtasks' figures unweighted gives another number, as the headline's label then says.
 */
function groupFigure(
  results: { name: string; doc: Obj },
  group: string,
  key: string
): { value: number; pooled: boolean } | null {
  const byTask = isObj(results.doc.results) ? results.doc.results : {}
  const groups = isObj(results.doc.groups) ? results.doc.groups : {}
  const own = isObj(groups[group]) ? groups[group] : byTask[group]
  const value = isObj(own) ? num(own[key]) : null
  if (value === null) return null
  const counts = isObj(results.doc['n-samples']) ? results.doc['n-samples'] : {}
  let sum = 0
  let n = 0
  for (const leaf of leafTasks(results, group)) {
    const v = isObj(byTask[leaf]) ? num(byTask[leaf][key]) : null
    const c = isObj(counts[leaf]) ? num(counts[leaf].effective) : null
    if (v === null || c === null) return { value, pooled: false }
    sum += v * c
    n += c
  }
  return { value, pooled: n > 0 && Math.abs(sum / n - value) <= 1e-9 * Math.max(1, Math.abs(value)) }
}

/** The producer's `<metric>,<filter>` figure for the run's reward metric, when the task aggregates it by the mean. */
function headline(
  results: { name: string; doc: Obj } | null,
  task: string,
  group: string | null,
  metric: string | undefined,
  filter: string
): ProducerHeadlineInput[] {
  if (!results || !metric) return []
  if (group) {
    const figure = groupFigure(results, group, `${metric},${filter}`)
    if (!figure) return []
    return [
      {
        // unweighted, the producer's figure is another average than the run's: the label says so where it shows
        label: figure.pooled
          ? `${metric},${filter}`
          : `${metric},${filter} (the mean of its subtasks' figures, not weighted by their sizes)`,
        value: figure.value,
        source: `${results.name} results.${group}["${metric},${filter}"]`,
        matches: 'meanReward'
      }
    ]
  }
  const byTask = isObj(results.doc.results) ? results.doc.results[task] : undefined
  const value = isObj(byTask) ? num(byTask[`${metric},${filter}`]) : null
  const config = isObj(results.doc.configs) ? results.doc.configs[task] : undefined
  const list = isObj(config) && Array.isArray(config.metric_list) ? config.metric_list : []
  const byMean = list.some((m) => isObj(m) && m.metric === metric && m.aggregation === 'mean')
  if (value === null || !byMean) return []
  return [
    {
      label: `${metric},${filter}`,
      value,
      source: `${results.name} results.${task}["${metric},${filter}"]`,
      matches: 'meanReward'
    }
  ]
}

function runHeader(
  path: string,
  task: string,
  filter: string,
  several: boolean,
  first: Obj,
  results: { name: string; doc: Obj } | null,
  group: string | null
): RunHeader {
  const { dateId } = fileFacts(path)
  const folder = basename(dirname(path))
  // the folder is model_name_sanitized (`org__name`); the results file has the model's own name
  const model = str(results?.doc.model_name) ?? (folder.includes('__') ? folder.replace('__', '/') : null)
  const metric = (first.metrics as unknown[]).find((m): m is string => typeof m === 'string')
  // a group's run is made by all its subtasks' files: its header says nothing that differs between them
  const unit = group ?? task
  const header: Obj = { filter, reward_metric: metric ?? null }
  if (results) {
    for (const key of ['model_source', 'git_hash', 'lm_eval_version', 'total_evaluation_time_seconds'] as const) {
      if (results.doc[key] !== undefined) header[key] = results.doc[key]
    }
    const config = results.doc.config
    if (isObj(config)) header.config = config
    const n = isObj(results.doc['n-samples']) ? results.doc['n-samples'][task] : undefined
    if (isObj(n) && !group) header.n_samples = n
  }
  if (results && group) header.group_tasks = leafTasks(results, group).join(', ')
  const seconds = results ? num(Number(results.doc.total_evaluation_time_seconds)) : null
  return {
    name: [unit, model].filter(Boolean).join(' · ') + (several ? ` (${filter})` : ''),
    model,
    env: unit,
    createdAt: createdAt(dateId),
    checkpointStep: null,
    header,
    passThreshold: null,
    headlines: headline(results, task, group, metric, filter),
    wallTimeMs: seconds !== null ? seconds * 1000 : null
  }
}

/** Locator of a sample: its filter and document id (a document is logged once per filter). */
const locatorOf = (s: Obj): string => `${scalarText(s.filter)}#${scalarText(s.doc_id)}`

export const lmEvalSamplesAdapter = defineFormat<DocumentAdapter>({
  format: 'lm-eval-harness',
  // read whole as its records: a task's lines are grouped by filter into runs. Above step-jsonl and the other
  // JSONL side files (their shapes do not overlap: no sample has an action or a response id)
  priority: 65,
  fileKinds: ['jsonl-grouped', 'json'],
  extensions: ['.jsonl'],
  companions: [],

  matches: (doc) => isLmEvalSample(doc),
  matchesFirstRecord: (first) => isLmEvalSample(first),

  index(doc, path, ctx): DocumentRun[] {
    const samples = samplesOf(doc)
    if (!samples.length) throw new RecordError('no lm-evaluation-harness samples in the file')
    const { task, dateId } = fileFacts(path)
    const results = resultsFile(dirname(path), dateId, ctx)
    const group = outermostGroup(results, task)
    const filters = [...new Set(samples.map((s) => s.filter as string))]
    return filters.map((filter) => {
      const mine = samples.filter((s) => s.filter === filter)
      const episodes: DocumentRun['episodes'] = []
      for (const s of mine) {
        try {
          episodes.push({ summary: summarize(s, task), locator: locatorOf(s) })
        } catch (err) {
          if (!(err instanceof RecordError)) throw err
        }
      }
      // a group: one run of all its subtasks' files per filter; else several filters: one run each, keyed by the
      // file and the filter (one filter: the file is the run)
      const runKey =
        group && results
          ? `${join(dirname(path), results.name)}#${group}#${filter}`
          : filters.length > 1
            ? `${path}#${filter}`
            : ''
      return { runKey, header: runHeader(path, task, filter, filters.length > 1, mine[0], results, group), episodes }
    })
  },

  parseEpisode(doc, locator): EpisodeBody {
    const sample = samplesOf(doc).find((s) => locatorOf(s) === locator)
    if (!sample) throw new RecordError(`the file has no sample ${locator}`)
    const { doc: source, arguments: args, resps, filtered_resps, ...rest } = sample
    return {
      turns: turnsOf(sample),
      tools: [],
      infoFull: { ...rest, doc: source, requests: args, resps, filtered_resps },
      raw: sample
    }
  }
})

/** The results file: the run header of its samples files (it is written first, with the same date id). */
export const lmEvalResultsAdapter = defineFormat<DocumentAdapter>({
  format: 'lm-eval-harness',
  priority: 64,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc) => isResultsFile(doc),
  index: () => [],
  companionWarnings: (path) => {
    const dateId = /^results_(.+)\.json$/.exec(basename(path))?.[1]
    let names: string[] = []
    try {
      names = readdirSync(dirname(path))
    } catch {
      // the folder is gone: nothing to say
    }
    return dateId && !names.some((n) => n.startsWith('samples_') && n.endsWith(`_${dateId}.jsonl`))
      ? [
          'results only: no samples_<task>_' +
            dateId +
            '.jsonl beside it (run lm_eval with --log_samples), so there are no episodes'
        ]
      : []
  },
  parseEpisode() {
    throw new RecordError('an lm-evaluation-harness results file has no episodes')
  }
})
