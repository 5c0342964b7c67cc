/**
 * The mapping file's schema (docs/formats/mapping-file.md) and its validation with positions:
 * every problem is reported as `rollscope.yaml line 7, key \`step.reward\`: expected a path string, got a number`.
 * YAML is parsed with `yaml` (JSON mapping files too: JSON is YAML), the shape checked with zod.
 */
import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml'
import { z } from 'zod'
import { PathSyntaxError, hasWildcard, parsePath } from './path'
import { parseStepAggregate } from '../adapters/step-aggregate'

const WILDCARD_KEYS = '`episodes`, `metrics` and `info`'

const pathString = (wildcards: boolean) =>
  z.string({ error: 'expected a path string' }).superRefine((v, ctx) => {
    try {
      const segs = parsePath(v)
      if (!wildcards && hasWildcard(segs))
        ctx.addIssue({
          code: 'custom',
          message: `bad path \`${v}\`: a wildcard (*) is only allowed in ${WILDCARD_KEYS}`
        })
    } catch (err) {
      if (err instanceof PathSyntaxError) ctx.addIssue({ code: 'custom', message: `bad path \`${v}\`: ${err.message}` })
      else throw err
    }
  })
const P = pathString(false)
const PW = pathString(true)
const pathOrList = (p: typeof P) =>
  z.union([p, z.array(p)], { error: 'expected a path string or a list of path strings' })
const section = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: 'expected a mapping of keys' })

/** `max(partial_progress)`, `rate(format_ok == false)`: a per-step value aggregated into an episode metric. */
const stepAggregate = z
  .string({ error: 'expected an aggregation such as max(partial_progress)' })
  .superRefine((v, ctx) => {
    const a = parseStepAggregate(v)
    if ('error' in a) return void ctx.addIssue({ code: 'custom', message: a.error })
    try {
      if (hasWildcard(parsePath(a.path)))
        ctx.addIssue({
          code: 'custom',
          message: `bad path \`${a.path}\`: a wildcard (*) is not allowed in a step aggregation`
        })
    } catch (err) {
      if (err instanceof PathSyntaxError)
        ctx.addIssue({ code: 'custom', message: `bad path \`${a.path}\`: ${err.message}` })
      else throw err
    }
  })

const STEP_KEYS = {
  index: P.optional(),
  action: P.optional(),
  observation: P.optional(),
  before: P.optional(),
  reward: P.optional(),
  done: P.optional(),
  truncated: P.optional(),
  reasoning: P.optional(),
  text: P.optional(),
  error: P.optional(),
  /** Episode metrics aggregated from per-step values: `{max_progress: "max(partial_progress)"}`. */
  metrics: z
    .record(
      z.string().regex(/^[A-Za-z_][\w.-]*$/, { error: 'expected a metric name of letters, digits, "_", "." or "-"' }),
      stepAggregate,
      { error: 'expected a mapping of metric names to aggregations, e.g. max_progress: max(partial_progress)' }
    )
    .optional(),
  /** A per-step flag whose being true at any step makes the episode a success (`task_achieved`). */
  success: P.optional()
}

const KEY_NAME = z
  .string({ error: 'expected a name' })
  .regex(/^[A-Za-z_][\w-]*$/, { error: 'expected a name of letters, digits, "_" or "-"' })

export const MappingSchema = section({
  files: z.union(
    [
      z.string({ error: 'expected a glob string' }),
      z.array(z.string({ error: 'expected a glob string' })).min(1, { error: 'expected at least one glob' })
    ],
    {
      error: 'expected a glob string or a list of glob strings'
    }
  ),
  format: z.enum(['auto', 'json', 'jsonl'], { error: 'expected auto, json or jsonl' }).optional(),
  episodes: PW.optional(),
  keys: z.array(KEY_NAME, { error: 'expected a list of names, e.g. [task, model]' }).optional(),
  groupBy: P.optional(),
  id: P.optional(),
  task: pathOrList(P).optional(),
  model: P.optional(),
  reward: P.optional(),
  success: P.optional(),
  status: P.optional(),
  error: P.optional(),
  answer: P.optional(),
  prompt: P.optional(),
  response: P.optional(),
  messages: P.optional(),
  steps: P.optional(),
  step: section(STEP_KEYS).optional(),
  rollout: P.optional(),
  tokensIn: P.optional(),
  tokensOut: P.optional(),
  durationMs: P.optional(),
  durationSeconds: P.optional(),
  metrics: pathOrList(PW).optional(),
  info: pathOrList(PW).optional(),
  run: section({
    name: z.string({ error: 'expected a text' }).optional(),
    model: P.optional(),
    env: P.optional()
  }).optional()
})

export type MappingSpec = z.infer<typeof MappingSchema>

/** A loaded mapping: the spec plus the line of each key (for data errors that name the mapping key). */
export interface Mapping {
  /** Absolute path of the mapping file. */
  file: string
  spec: MappingSpec
  /** Globs of `files`, as written. */
  globs: string[]
  /** `reward` → 6, `step.action` → 12: 1-based lines of the keys. */
  lines: Map<string, number>
}

export type ValidationResult =
  { ok: true; spec: MappingSpec; lines: Map<string, number> } | { ok: false; error: string; globs: string[] | null }

/** Root keys (and their meaning), listed in "unknown key" messages. */
const KNOWN: Record<string, string[]> = {
  '': Object.keys(MappingSchema.shape),
  step: Object.keys(STEP_KEYS),
  run: ['name', 'model', 'env']
}

/** Validates a mapping file's text; `name` is the file name used in messages. */
export function validateMapping(text: string, name: string): ValidationResult {
  const counter = new LineCounter()
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true })
  const lineOf = (offset: number): number => counter.linePos(offset).line
  if (doc.errors.length) {
    const e = doc.errors[0]
    const msg = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')
    return { ok: false, error: `${name} line ${lineOf(e.pos[0])}: YAML syntax error: ${msg}`, globs: null }
  }
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: 50 })
  } catch (err) {
    // an unresolved alias, too many aliases: problems found only when building values
    return { ok: false, error: `${name}: YAML error: ${(err as Error).message.split('\n')[0]}`, globs: null }
  }
  if (value === null || value === undefined) {
    return {
      ok: false,
      error: `${name}: the file is empty (it needs at least \`files\`, e.g. files: ["*.jsonl"])`,
      globs: null
    }
  }
  const lines = new Map<string, number>()
  collectLines(doc.contents as Node | null, [], lines, lineOf)
  const parsed = MappingSchema.safeParse(value)
  const globs = globsOf(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, error: describeIssue(issue, value, name, doc.contents as Node | null, lineOf), globs }
  }
  const spec = parsed.data
  const cross = crossCheck(spec)
  if (cross) {
    const line = lines.get(cross.key)
    return { ok: false, error: `${name}${line ? ` line ${line}` : ''}, key \`${cross.key}\`: ${cross.message}`, globs }
  }
  return { ok: true, spec, lines }
}

/** Rules between keys. */
function crossCheck(spec: MappingSpec): { key: string; message: string } | null {
  if (spec.step && !spec.steps && !spec.groupBy) {
    return {
      key: 'step',
      message: 'needs `steps` (the path of the step list in an episode) or `groupBy` (each record is a step)'
    }
  }
  if (spec.steps && spec.groupBy)
    return {
      key: 'steps',
      message: 'use either `steps` (a step list in each episode) or `groupBy` (each record is a step), not both'
    }
  if (spec.messages && (spec.steps || spec.groupBy)) {
    return {
      key: 'messages',
      message: 'use either `messages` (a chat message list) or steps (`steps` / `groupBy`), not both'
    }
  }
  if (spec.keys) {
    const seen = new Set<string>()
    for (const k of spec.keys) {
      if (seen.has(k)) return { key: 'keys', message: `the name \`${k}\` is listed twice` }
      seen.add(k)
    }
    if (spec.groupBy) return { key: 'keys', message: 'cannot be combined with `groupBy`' }
  }
  return null
}

function globsOf(value: unknown): string[] | null {
  if (typeof value !== 'object' || value === null) return null
  const f = (value as Record<string, unknown>).files
  if (typeof f === 'string') return [f]
  if (Array.isArray(f) && f.length && f.every((x) => typeof x === 'string')) return f as string[]
  return null
}

/** Lines of every key of nested maps: `step.action` → line. */
function collectLines(
  node: Node | null,
  prefix: string[],
  out: Map<string, number>,
  lineOf: (o: number) => number
): void {
  if (!isMap(node)) return
  for (const pair of node.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue
    const key = [...prefix, String(pair.key.value)]
    if (pair.key.range) out.set(key.join('.'), lineOf(pair.key.range[0]))
    collectLines(pair.value as Node | null, key, out, lineOf)
  }
}

/** Line of the node at `path` (a key's line for map entries, an item's line for list items). */
function lineAt(root: Node | null, path: readonly PropertyKey[], lineOf: (o: number) => number): number | null {
  let node: unknown = root
  let line: number | null = null
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg))
      if (!pair) return line
      if (isScalar(pair.key) && pair.key.range) line = lineOf(pair.key.range[0])
      node = pair.value
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as Node | undefined
      if (!item) return line
      if (item.range) line = lineOf(item.range[0])
      node = item
    } else return line
  }
  return line
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value
  for (const seg of path) {
    if (typeof v !== 'object' || v === null) return undefined
    v = (v as Record<string, unknown>)[String(seg)]
  }
  return v
}

/** A value as words: "a number", "the text \"abc\"", "a list". */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing'
  if (v === null) return 'an empty value'
  if (typeof v === 'number') return 'a number'
  if (typeof v === 'boolean') return `a boolean (${v})`
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? v.slice(0, 39) + '…' : v)}`
  if (Array.isArray(v)) return 'a list'
  return 'a mapping'
}

const keyText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '')

function describeIssue(
  issue: z.core.$ZodIssue,
  value: unknown,
  name: string,
  root: Node | null,
  lineOf: (o: number) => number
): string {
  let path: PropertyKey[] = [...issue.path]
  let message = issue.message
  // a list that has one bad item: report the item, not "string or list"
  if (issue.code === 'invalid_union' && Array.isArray(valueAt(value, path))) {
    const inner = issue.errors.flat().find((e) => e.path.length > 0)
    if (inner) {
      path = [...path, ...inner.path]
      message = inner.message
      issue = inner
    }
  }
  const where = (p: readonly PropertyKey[]): string => {
    const line = lineAt(root, p, lineOf)
    return `${name}${line ? ` line ${line}` : ''}`
  }
  if (issue.code === 'unrecognized_keys') {
    const parent = path.map(String).join('.')
    const key = issue.keys[0]
    const full = [...path, key]
    const known = KNOWN[parent] ?? []
    const guess = closest(key, known)
    return `${where(full)}, key \`${keyText(full)}\`: unknown key${guess ? ` (did you mean \`${guess}\`?)` : ''}; known keys: ${known.join(', ')}`
  }
  const actual = valueAt(value, path)
  if (actual === undefined && path.length) {
    const parent = path.slice(0, -1)
    return `${where(parent)}: missing key \`${keyText(path)}\`${path.join('.') === 'files' ? ' (globs of the data files this mapping describes, e.g. files: ["*.jsonl"])' : ''}`
  }
  const got = issue.code === 'custom' || issue.code === 'too_small' ? '' : `, got ${describeValue(actual)}`
  if (!path.length) return `${name}: ${message}${got} at the top level`
  return `${where(path)}, key \`${keyText(path)}\`: ${message}${got}`
}

/** The known key nearest to a misspelled one (edit distance ≤ 2), or null. */
function closest(key: string, known: string[]): string | null {
  let best: string | null = null
  let bestD = 3
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase())
    if (d < bestD) {
      bestD = d
      best = k
    }
  }
  return best
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 9
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]
}
