/**
 * Applies a mapping (docs/formats/mapping-file.md) to a data file: finds the episodes, splits
 * them into runs (one per model when a model is mapped), and reads each episode's fields. Data
 * problems name the line / location of the data file and the mapping key that asked for it.
 */
import type { EpisodeStatus, Turn, TurnMeta } from '@contract/model'
import { basename, dirname } from 'node:path'
import { contentText } from '../adapters/content-text'
import { messagesToTurns, taskDefiningMessages } from '../adapters/messages'
import { oneLine, previewOf } from '../adapters/preview'
import { answerText, promptHash } from '../adapters/prompt-hash'
import { idText, isObj, num, numericFields, scalarFields, type Obj, type ScalarMap } from '../adapters/record-fields'
import { observationText, stepsToTurns, type StepInput } from '../adapters/step-jsonl-turns'
import { RecordError, type DocumentRun, type EpisodeBody, type EpisodeSummaryRecord } from '../types'
import { getAll, getAt, lastName, parsePath, segmentText, type Segment } from './path'
import type { Mapping, MappingSpec } from './schema'
import { aggregateSteps, parseStepAggregate, type StepAggregate } from '../adapters/step-aggregate'

/** A mapped key with its parsed path. */
interface Field {
  key: string
  text: string
  segs: Segment[]
}

/** Keys whose absence from every episode is normal (nothing failed, nothing was cut). */
const MAY_BE_ABSENT = new Set([
  'error',
  'step.error',
  'step.truncated',
  'step.before',
  'step.reasoning',
  'step.text',
  'status'
])

/** Step fields read when a mapping has `steps` / `groupBy` but no `step` section. */
const DEFAULT_STEP: NonNullable<MappingSpec['step']> = {
  action: 'action',
  observation: 'observation',
  reward: 'reward',
  done: 'done'
}

interface Compiled {
  spec: MappingSpec
  name: string
  lines: Map<string, number>
  episodes: Segment[]
  fields: Map<string, Field>
  task: Field[]
  metrics: Field[]
  info: Field[]
  step: Map<string, Field>
  stepIsDefault: boolean
  /** `step.metrics`: episode metric name → aggregation of a step value (its path parsed). */
  stepMetrics: { name: string; aggregate: StepAggregate; field: Field }[]
}

const compiledCache = new WeakMap<Mapping, Compiled>()

function compile(m: Mapping): Compiled {
  const hit = compiledCache.get(m)
  if (hit) return hit
  const s = m.spec
  const field = (key: string, text: string): Field => ({ key, text, segs: parsePath(text) })
  const fields = new Map<string, Field>()
  for (const key of [
    'groupBy',
    'id',
    'model',
    'reward',
    'success',
    'status',
    'error',
    'answer',
    'prompt',
    'response',
    'messages',
    'steps',
    'rollout',
    'tokensIn',
    'tokensOut',
    'durationMs',
    'durationSeconds'
  ] as const) {
    const v = s[key]
    if (typeof v === 'string') fields.set(key, field(key, v))
  }
  const list = (key: string, v: string | string[] | undefined): Field[] =>
    v === undefined ? [] : (typeof v === 'string' ? [v] : v).map((t) => field(key, t))
  const stepSpec = s.step ?? DEFAULT_STEP
  const step = new Map<string, Field>()
  for (const [k, v] of Object.entries(stepSpec)) if (typeof v === 'string') step.set(k, field(`step.${k}`, v))
  const stepMetrics = Object.entries(s.step?.metrics ?? {}).flatMap(([name, text]) => {
    const a = parseStepAggregate(text)
    return 'error' in a ? [] : [{ name, aggregate: a, field: field(`step.metrics.${name}`, a.path) }]
  })
  const c: Compiled = {
    spec: s,
    name: basename(m.file),
    lines: m.lines,
    episodes: parsePath(s.episodes ?? '$'),
    fields,
    task: list('task', s.task),
    metrics: list('metrics', s.metrics),
    info: list('info', s.info),
    step,
    stepIsDefault: !s.step,
    stepMetrics
  }
  compiledCache.set(m, c)
  return c
}

/** One object the `episodes` path reached (an episode, or a step when `groupBy` is set). */
interface Item {
  value: Obj
  /** For people: `line 7`, `results[3]`, `task_1.gpt-4o`. */
  where: string
  locator: string
  keys: Record<string, string>
}

export interface EpisodeSource {
  locator: string
  where: string
  /** The episode's object, or with `groupBy` its step records in step order. */
  items: Item[]
  keys: Record<string, string>
  groupId: string | null
}

/** The data as the mapping reads it: a JSON document, or the records of a JSONL file (with their line numbers when known). */
export type MappedData = { kind: 'json'; doc: unknown } | { kind: 'jsonl'; records: unknown[]; lines?: number[] }

/** Finds the episodes of the data; problems that skip single items become warnings. Throws RecordError when nothing is usable. */
export function collectEpisodes(
  mapping: Mapping,
  data: MappedData,
  dataName: string
): { sources: EpisodeSource[]; warnings: string[] } {
  const c = compile(mapping)
  const warnings = new Warnings()
  const roots: Item[] =
    data.kind === 'jsonl'
      ? data.records.map((r, i) => ({
          value: r as Obj,
          where: data.lines?.[i] !== undefined ? `line ${data.lines[i]}` : `record ${i + 1}`,
          locator: `r${i}`,
          keys: {}
        }))
      : [{ value: data.doc as Obj, where: '', locator: '', keys: {} }]
  const items: Item[] = []
  const keyNames = c.spec.keys ?? []
  let reachedAny = false
  for (const root of roots) {
    for (const hit of getAll(root.value, c.episodes)) {
      reachedAny = true
      descend(hit.value, 0, root, hit.where, {})
    }
  }

  /** Walks the `keys` levels, then takes a list's objects or one object as episodes. `path` is inside the root. */
  function descend(v: unknown, level: number, root: Item, path: string, keys: Record<string, string>): void {
    const where = (p: string): string => (root.where && p ? `${root.where}, ${p}` : root.where || p || 'the document')
    const locator = (p: string): string => (root.locator && p ? `${root.locator}:${p}` : root.locator || p || '$')
    if (level < keyNames.length) {
      if (!isObj(v)) {
        warnings.add(
          `${where(path)}: \`keys\` level \`${keyNames[level]}\` expects a mapping keyed by ${keyNames[level]}, found ${kindOf(v)}; skipped (${c.name}${lineText(c, 'keys')})`
        )
        return
      }
      for (const k of Object.keys(v))
        descend(v[k], level + 1, root, path + segmentText({ kind: 'key', key: k }, path === ''), {
          ...keys,
          [keyNames[level]]: k
        })
      return
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        const p = `${path}[${i}]`
        if (isObj(x)) items.push({ value: x, where: where(p), locator: locator(p), keys })
        else warnings.add(`${where(p)}: an episode should be an object, found ${kindOf(x)}; skipped`)
      })
    } else if (isObj(v)) items.push({ value: v, where: where(path), locator: locator(path), keys })
    else warnings.add(`${where(path)}: \`episodes\` reached ${kindOf(v)}, not an object or a list of objects; skipped`)
  }

  if (!reachedAny) {
    const first = roots[0]
    const what = data.kind === 'jsonl' ? `no line of ${dataName} has` : `${dataName} has no`
    const sample = !first
      ? ''
      : data.kind === 'json'
        ? `; ${describeKeys(first.value, '', 'document', 'its top-level keys are')}`
        : `; ${describeKeys(first.value, first.where)}`
    throw new RecordError(
      `${what} \`${c.spec.episodes ?? '$'}\` (${c.name}${lineText(c, 'episodes')}, key \`episodes\`)${sample}`
    )
  }
  if (!items.length)
    throw new RecordError(`${dataName}: no episode objects found${warnings.first ? `: ${warnings.first}` : ''}`)

  let sources: EpisodeSource[]
  const groupBy = c.fields.get('groupBy')
  if (groupBy) {
    const groups = new Map<string, EpisodeSource>()
    let missing = 0
    let firstMissing = ''
    for (const it of items) {
      const id = keyValue(getAt(it.value, groupBy.segs))
      if (id === null) {
        if (!missing++) firstMissing = it.where
        continue
      }
      let g = groups.get(id)
      if (!g) groups.set(id, (g = { locator: `g:${id}`, where: it.where, items: [], keys: it.keys, groupId: id }))
      g.items.push(it)
    }
    if (!groups.size) {
      throw new RecordError(
        `${firstMissing}: no value at \`${groupBy.text}\` (${c.name}${lineText(c, 'groupBy')}, key \`groupBy\`); ${describeKeys(items[0].value, items[0].where)}`
      )
    }
    if (missing)
      warnings.add(
        `${missing} record${missing === 1 ? '' : 's'} without \`${groupBy.text}\` (key \`groupBy\`), first at ${firstMissing}; skipped`
      )
    const index = c.step.get('index')
    for (const g of groups.values()) if (index) g.items = sortByIndex(g.items, (it) => num(getAt(it.value, index.segs)))
    sources = [...groups.values()]
  } else {
    sources = items.map((it) => ({ locator: it.locator, where: it.where, items: [it], keys: it.keys, groupId: null }))
  }
  return { sources, warnings: warnings.list() }
}

/** Stable sort by a numeric index; an item without one keeps the index of the item before it. */
function sortByIndex<T>(list: T[], indexOf: (t: T) => number | null): T[] {
  let prev = -Infinity
  return list
    .map((t, pos) => {
      const i = indexOf(t)
      if (i !== null) prev = i
      return { t, i: prev, pos }
    })
    .sort((a, b) => (a.i === b.i ? a.pos - b.pos : a.i < b.i ? -1 : 1))
    .map((x) => x.t)
}

/** Runs, summaries and warnings of the data. Throws RecordError when a mapped key finds nothing at all (a typo). */
export function evaluateMapping(
  mapping: Mapping,
  data: MappedData,
  dataPath: string
): { runs: DocumentRun[]; warnings: string[] } {
  const c = compile(mapping)
  const dataName = basename(dataPath)
  const { sources, warnings } = collectEpisodes(mapping, data, dataName)
  const tally = new Tally()
  const byModel = new Map<string, { summary: EpisodeSummaryRecord; locator: string }[]>()
  const modelMapped = c.fields.has('model') || (c.spec.keys ?? []).includes('model')
  for (const src of sources) {
    const r = new Reader(c, src, tally)
    const summary = summarize(c, r, src)
    const model = modelMapped ? (keyValue(r.first('model')) ?? src.keys.model ?? '(no model)') : ''
    let list = byModel.get(model)
    if (!list) byModel.set(model, (list = []))
    list.push({ summary, locator: src.locator })
  }
  tally.check(c, dataName, sources[0])

  const first = data.kind === 'json' ? data.doc : data.records[0]
  const runField = (k: 'model' | 'env'): string | null => {
    const t = c.spec.run?.[k]
    if (!t) return null
    return keyValue(getAt(first, parsePath(t)))
  }
  const baseName =
    c.spec.run?.name ?? `${basename(dirname(dataPath))}/${dataName.replace(/\.(jsonl|ndjson|json)$/i, '')}`
  const runs: DocumentRun[] = [...byModel].map(([model, episodes]) => ({
    runKey: modelMapped ? `${dataPath}#${model}` : '',
    header: {
      name: modelMapped ? `${baseName} · ${model}` : baseName,
      model: modelMapped ? model : runField('model'),
      env: runField('env'),
      createdAt: null,
      checkpointStep: null,
      header: { mapping: c.name },
      passThreshold: null,
      stepRates: c.stepMetrics.filter((m) => m.aggregate.agg === 'rate').map((m) => m.name)
    },
    episodes
  }))
  return { runs, warnings: [...warnings, ...tally.warnings] }
}

/** The body (turns) of one episode, found by its locator. */
export function mappedEpisodeBody(mapping: Mapping, data: MappedData, dataPath: string, locator: string): EpisodeBody {
  const c = compile(mapping)
  const { sources } = collectEpisodes(mapping, data, basename(dataPath))
  const src = sources.find((s) => s.locator === locator)
  if (!src) throw new RecordError(`the episode at ${locator} is no longer in ${basename(dataPath)}; re-index it`)
  const r = new Reader(c, src, new Tally())
  return {
    turns: turnsOf(c, r),
    tools: [],
    infoFull: { location: src.where, ...src.keys },
    raw: src.items.length === 1 ? src.items[0].value : src.items.map((i) => i.value)
  }
}

/** Reads mapped fields of one episode (the first / last of its records that has them) and counts what is missing. */
class Reader {
  constructor(
    private c: Compiled,
    private src: EpisodeSource,
    readonly tally: Tally
  ) {}

  private find(key: string, last: boolean): unknown {
    const f = this.c.fields.get(key)
    if (!f) return undefined
    const items = this.src.items
    for (let k = 0; k < items.length; k++) {
      const v = getAt(items[last ? items.length - 1 - k : k].value, f.segs)
      if (v !== undefined) {
        this.tally.found(key)
        return v
      }
    }
    this.tally.missing(key, this.src.where)
    return undefined
  }
  first(key: string): unknown {
    return this.find(key, false)
  }
  last(key: string): unknown {
    return this.find(key, true)
  }
  /** Values of list keys (`task`, `metrics`, `info`): per field, with wildcard keys. */
  all(fields: Field[]): { field: Field; hits: { value: unknown; keys: string[] }[] }[] {
    return fields.map((field) => {
      let hits: { value: unknown; keys: string[] }[] = []
      for (const it of this.src.items) {
        hits = getAll(it.value, field.segs, 10_000).map((h) => ({ value: h.value, keys: h.keys }))
        if (hits.length) break
      }
      if (hits.length) this.tally.found(`${field.key}:${field.text}`)
      else this.tally.missing(`${field.key}:${field.text}`, this.src.where)
      return { field, hits }
    })
  }
  /** The step objects of the episode. */
  steps(): Obj[] {
    if (this.c.fields.has('groupBy')) return this.src.items.map((i) => i.value)
    const v = this.first('steps')
    const list = Array.isArray(v) ? v : isObj(v) ? [v] : []
    const steps = list.filter(isObj)
    const index = this.c.step.get('index')
    return index ? sortByIndex(steps, (s) => num(getAt(s, index.segs))) : steps
  }
}

/** Counts, per mapped key, the episodes that lack it: nowhere found = error; sometimes missing = one warning. */
class Tally {
  private seen = new Map<string, { found: number; missing: number; firstMissing: string }>()
  warnings: string[] = []
  private entry(key: string) {
    let e = this.seen.get(key)
    if (!e) this.seen.set(key, (e = { found: 0, missing: 0, firstMissing: '' }))
    return e
  }
  found(key: string): void {
    this.entry(key).found++
  }
  missing(key: string, where: string): void {
    const e = this.entry(key)
    if (!e.missing++) e.firstMissing = where
  }
  check(c: Compiled, dataName: string, first: EpisodeSource | undefined): void {
    for (const [id, e] of this.seen) {
      const [key, text] = id.includes(':')
        ? id.split(/:(.*)/s)
        : [id, c.fields.get(id)?.text ?? c.step.get(id.slice(5))?.text ?? id]
      if (MAY_BE_ABSENT.has(key) || (key.startsWith('step.') && c.stepIsDefault)) continue
      const keyLine = lineText(c, key)
      if (e.found === 0 && e.missing > 0) {
        const what = key.startsWith('step.') ? 'step' : 'episode'
        const sample = first
          ? `; ${describeKeys(key.startsWith('step.') ? firstStep(c, first) : first.items[0].value, first.where, what)}`
          : ''
        throw new RecordError(
          `no ${what} of ${dataName} has \`${text}\` (${c.name}${keyLine}, key \`${key}\`)${sample}`
        )
      }
      if (e.missing > 0) {
        const unit = key.startsWith('step.') ? 'steps' : 'episodes'
        this.warnings.push(
          `${e.missing} of ${e.found + e.missing} ${unit} have no \`${text}\` (key \`${key}\`), first at ${e.firstMissing}`
        )
      }
    }
  }
}

function firstStep(c: Compiled, src: EpisodeSource): unknown {
  if (c.fields.has('groupBy')) return src.items[0].value
  const f = c.fields.get('steps')
  const v = f ? getAt(src.items[0].value, f.segs) : undefined
  return Array.isArray(v) ? v[0] : v
}

class Warnings {
  private items: string[] = []
  private extra = 0
  get first(): string | undefined {
    return this.items[0]
  }
  add(w: string): void {
    if (this.items.length < 20) this.items.push(w)
    else this.extra++
  }
  list(): string[] {
    return this.extra ? [...this.items, `… ${this.extra} more problems not listed`] : this.items
  }
}

function summarize(c: Compiled, r: Reader, src: EpisodeSource): EpisodeSummaryRecord {
  const id = keyValue(r.first('id')) ?? src.keys.id ?? src.groupId
  let task: string | null = null
  if (c.task.length) {
    const parts = r.all(c.task).map(({ hits }) => keyValue(hits[0]?.value))
    task = parts.every((p) => p !== null) ? parts.join('/') : null
  }
  task ??= src.keys.task ?? null
  const sourceId = task ?? id ?? src.where

  const messages = asList(r.first('messages'))
  const promptRaw = r.first('prompt')
  const prompt = promptMessages(promptRaw)
  const taskMessages = messages ? taskDefiningMessages(messages) : prompt

  const steps = r.steps().map((s) => stepOf(c, s, r))
  const stepRewards = steps.map((s) => s.reward).filter((x): x is number => x !== null)
  // a mapped reward that is missing stays empty; without a mapped reward, the step rewards are summed
  const reward = c.fields.has('reward')
    ? toNumber(r.last('reward'))
    : stepRewards.length
      ? stepRewards.reduce((a, b) => a + b, 0)
      : null

  const metrics: Record<string, number> = {}
  for (const { field, hits } of r.all(c.metrics)) {
    for (const h of hits) {
      if (isObj(h.value)) numericFields(h.value, new Set(), metrics)
      else {
        const n = toNumber(h.value)
        if (n !== null) metrics[h.keys.length ? h.keys[h.keys.length - 1] : lastName(field.segs, field.text)] = n
      }
    }
  }
  // per-step values → episode metrics (step.metrics), read from the raw step objects
  const stepObjs = c.stepMetrics.length || c.step.has('success') ? r.steps() : []
  for (const m of c.stepMetrics) {
    const v = aggregateSteps(
      m.aggregate,
      stepObjs.map((st) => getAt(st, m.field.segs))
    )
    if (v !== null) metrics[m.name] = v
  }
  // a step flag (task_achieved) true at any step makes the episode a success
  const stepSuccess = c.step.get('success')
  const successFromSteps = stepSuccess
    ? aggregateSteps(
        { agg: 'any', compare: null },
        stepObjs.map((st) => toBool(getAt(st, stepSuccess.segs)) ?? undefined)
      )
    : null
  const info: ScalarMap = {}
  for (const [k, v] of Object.entries(src.keys)) if (k !== 'task' && k !== 'model' && k !== 'id') info[k] = v
  for (const { field, hits } of r.all(c.info)) {
    for (const h of hits) {
      if (isObj(h.value)) scalarFields(h.value, info)
      else
        scalarFields({ [h.keys.length ? h.keys[h.keys.length - 1] : lastName(field.segs, field.text)]: h.value }, info)
    }
  }

  const durationS = toNumber(r.last('durationSeconds'))
  const rollout = toNumber(r.first('rollout'))
  const turns = turnsOf(c, new Reader(c, src, new Tally()), steps)
  const firstUser = taskMessages.length ? previewOf(taskMessages) : ''
  const firstObs = steps.find((s) => s.before !== undefined || s.observation !== undefined)
  return {
    sourceId,
    promptHash: taskMessages.length ? promptHash(taskMessages) : promptHash(`task:${sourceId}`),
    answer: answerText(r.first('answer')),
    reward,
    success: successFromSteps !== null ? successFromSteps === 1 : toBool(r.last('success')),
    ...statusOf(r.last('status'), r.last('error'), steps[steps.length - 1]),
    turns: turns.length,
    // the producer's own step count when the data is a step list
    ...(steps.length ? { steps: steps.length } : {}),
    preview:
      firstUser || (firstObs ? oneLine(observationText(firstObs.before ?? firstObs.observation)) : oneLine(sourceId)),
    metrics,
    info,
    tokensIn: toNumber(r.last('tokensIn')),
    tokensOut: toNumber(r.last('tokensOut')),
    durationMs: toNumber(r.last('durationMs')) ?? (durationS === null ? null : durationS * 1000),
    ...(rollout !== null && Number.isInteger(rollout) && rollout >= 0 ? { rollout } : {}),
    actions: { kind: 'turns', turns: turns }
  }
}

function turnsOf(c: Compiled, r: Reader, steps?: StepInput[]): Turn[] {
  const messages = asList(r.first('messages'))
  if (messages) {
    const cut = taskDefiningMessages(messages).length
    return messagesToTurns(messages.slice(0, cut), messages.slice(cut))
  }
  const turns = stepsToTurns(promptMessages(r.first('prompt')), steps ?? r.steps().map((s) => stepOf(c, s, r)))
  const response = r.first('response')
  if (response !== undefined && response !== null) {
    const msgs = Array.isArray(response)
      ? response
      : [
          isObj(response) && 'role' in response
            ? response
            : { role: 'assistant', content: typeof response === 'string' ? response : contentText(response) }
        ]
    for (const t of messagesToTurns([], msgs)) turns.push({ ...t, index: turns.length })
  }
  return turns
}

function stepOf(c: Compiled, s: Obj, r: Reader): StepInput {
  const get = (k: string): unknown => {
    const f = c.step.get(k)
    if (!f) return undefined
    const v = getAt(s, f.segs)
    if (v === undefined) r.tally.missing(f.key, '')
    else r.tally.found(f.key)
    return v
  }
  const action = get('action')
  const meta: TurnMeta = {}
  const err = get('error')
  if (typeof err === 'string' && err) meta.error = err
  const reasoning = get('reasoning')
  const text = get('text')
  const truncated = toBool(get('truncated')) === true
  const done = toBool(get('done'))
  return {
    index: toNumber(get('index')),
    action: action === null ? undefined : action,
    actionName: c.step.get('action') ? lastName(c.step.get('action')!.segs, 'action') : 'action',
    before: get('before') ?? undefined,
    observation: get('observation') ?? undefined,
    reward: toNumber(get('reward')),
    done: truncated ? true : done,
    truncated,
    reasoning: typeof reasoning === 'string' && reasoning ? reasoning : null,
    text: typeof text === 'string' ? text : text === undefined || text === null ? null : contentText(text),
    meta
  }
}

function statusOf(
  status: unknown,
  error: unknown,
  lastStep: StepInput | undefined
): { status: EpisodeStatus; error: string | null } {
  const errText =
    typeof error === 'string'
      ? error.trim() || null
      : isObj(error)
        ? typeof error.message === 'string'
          ? error.message
          : JSON.stringify(error)
        : error === true
          ? 'failed'
          : null
  if (errText) return { status: 'error', error: errText }
  if (typeof status === 'string') {
    const s = status.toLowerCase()
    if (/^(error|errored|failed|failure|exception|crash(ed)?)$/.test(s))
      return { status: 'error', error: `status: ${status}` }
    if (/trunc|timeout|timed[ _-]?out|max[ _-]?(turns|steps|tokens)|limit/.test(s))
      return { status: 'truncated', error: `status: ${status}` }
    if (/^(cancel(l)?ed|aborted|interrupted)$/.test(s)) return { status: 'cancelled', error: `status: ${status}` }
  }
  if (lastStep?.truncated) return { status: 'truncated', error: null }
  return { status: 'ok', error: null }
}

/** The prompt as messages: a message list, one message object, or a text as one user message. */
function promptMessages(v: unknown): unknown[] {
  if (v === undefined || v === null || v === '') return []
  if (Array.isArray(v)) return v
  if (isObj(v) && ('role' in v || 'content' in v)) return [v]
  return [{ role: 'user', content: typeof v === 'string' ? v : JSON.stringify(v, null, 2) }]
}

const asList = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null)

/** A value usable as a key (task, id, model, group): text or a finite number; objects as compact JSON. */
function keyValue(v: unknown): string | null {
  const t = idText(v)
  if (t !== null) return t
  if (typeof v === 'boolean') return String(v)
  if (isObj(v) || Array.isArray(v)) {
    const s = JSON.stringify(v)
    return s.length <= 200 ? s : null
  }
  return null
}

export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return null
}

export function toBool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return Number.isFinite(v) ? v !== 0 : null
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase()
    if (/^(true|yes|y|pass|passed|correct|resolved|success|ok|1)$/.test(s)) return true
    if (/^(false|no|n|fail|failed|incorrect|unresolved|failure|0)$/.test(s)) return false
  }
  return null
}

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`
const lineText = (c: Compiled, key: string): string => {
  const line = c.lines.get(key)
  return line ? ` line ${line}` : ''
}

/** "the first episode (line 1) has the keys: a, b, c" — to see at a glance what the path should be. */
function describeKeys(v: unknown, where: string, what = 'record', has?: string): string {
  const subject = has ? has : `the first ${what}${where ? ` (${where})` : ''} has the keys`
  if (isObj(v)) {
    const keys = Object.keys(v)
    return `${subject}: ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''}`
  }
  return `${has ? `the ${what}` : `the first ${what}${where ? ` (${where})` : ''}`} is ${kindOf(v)}`
}
