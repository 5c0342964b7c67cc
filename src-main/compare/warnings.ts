import type { CompareMetric, CompareWarning, CompareWarningCode, WarningSeverity } from '@contract/compare'
import type { RunSummary } from '@contract/model'
import { fmtCi, fmtDelta, fmtValue } from '@contract/display'
import { MIN_VERDICT_TASKS } from './verdict'
import type { InfoValue, RunValues } from './task-values'

/** Sampling settings worth flagging when two runs differ (matched by key name at any depth of the run header). */
export const SAMPLING_KEYS = [
  'temperature',
  'top_p',
  'top_k',
  'min_p',
  'max_tokens',
  'max_output_tokens',
  'max_completion_tokens',
  'max_new_tokens',
  'presence_penalty',
  'frequency_penalty',
  'repetition_penalty'
]

/**
 * Declared eval settings that change what was measured (report 000: "Different … modes (all vs mvp)"): the eval
 * mode, split, dataset, episode length limits, the harness or agent. Matched by key name at any depth of the header
 * (verifiers keeps them under `env_args`).
 */
export const SETTINGS_KEYS = [
  'mode',
  'eval_mode',
  'split',
  'dataset',
  'dataset_name',
  'dataset_path',
  'subset',
  'max_steps',
  'max_turns',
  'max_iterations',
  'max_episode_steps',
  'step_limit',
  'harness',
  'agent',
  'agent_name',
  'solver'
]

/** Keys naming an environment version: `version`, `env_version`, `environment_version`, `envVersion`... */
export const ENV_VERSION_KEY = /^(env(ironment)?[_-]?)?version$/i

const MAX_DEPTH = 6

const warning = (code: CompareWarningCode, severity: WarningSeverity, message: string): CompareWarning => ({
  code,
  severity,
  message
})

/**
 * Scalar values of the header keys accepted by `want`, breadth first (the shallowest occurrence of a name wins:
 * `sampling.temperature` over something deeper). Null values count as not recorded.
 */
export function headerValues(header: unknown, want: (key: string) => boolean): Map<string, string> {
  const out = new Map<string, string>()
  let level: unknown[] = [header]
  for (let depth = 0; depth < MAX_DEPTH && level.length; depth++) {
    const next: unknown[] = []
    for (const node of level) {
      if (!node || typeof node !== 'object') continue
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (v !== null && typeof v === 'object') next.push(v)
        else if (v !== null && v !== undefined && want(k) && !out.has(k.toLowerCase()))
          out.set(k.toLowerCase(), JSON.stringify(v))
      }
    }
    level = next
  }
  return out
}

/** Settings both headers record with different values, as "key a vs b". */
export function differingValues(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = []
  for (const [k, va] of a) {
    const vb = b.get(k)
    if (vb !== undefined && vb !== va) out.push(`${k} ${va} vs ${vb}`)
  }
  return out
}

const isSamplingKey = (k: string): boolean => SAMPLING_KEYS.includes(k.toLowerCase())
const isSettingsKey = (k: string): boolean => SETTINGS_KEYS.includes(k.toLowerCase())

export function samplingWarning(headerA: unknown, headerB: unknown): CompareWarning | null {
  const diff = differingValues(headerValues(headerA, isSamplingKey), headerValues(headerB, isSamplingKey))
  if (!diff.length) return null
  return warning('different-sampling', 'caveat', `The runs were sampled with different settings: ${diff.join('; ')}.`)
}

/** Declared eval settings (mode, split, dataset, limits, harness) that differ: what was measured may differ. */
export function settingsWarning(headerA: unknown, headerB: unknown): CompareWarning | null {
  const diff = differingValues(headerValues(headerA, isSettingsKey), headerValues(headerB, isSettingsKey))
  if (!diff.length) return null
  return warning(
    'different-settings',
    'conclusion',
    `The runs were evaluated with different settings: ${diff.join('; ')}. The difference may come from what was measured rather than from the models.`
  )
}

/** Distinct values of version-named info fields over the episodes of the shared tasks. */
function infoVersions(v: RunValues, shared: Uint8Array): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const [field, col] of v.info) {
    if (!ENV_VERSION_KEY.test(field)) continue
    const seen = new Set<string>()
    for (let i = 0; i < v.episodes; i++) {
      const x: InfoValue | undefined = col[i]
      if (x !== undefined && shared[v.task[i]]) seen.add(String(x))
    }
    if (seen.size) out.set(field, seen)
  }
  return out
}

export function envVersionWarning(
  A: RunValues,
  B: RunValues,
  headers: { a: unknown; b: unknown },
  shared: { a: Uint8Array; b: Uint8Array },
  envs: { a: string | null; b: string | null } = { a: null, b: null }
): CompareWarning | null {
  const isVersion = (k: string): boolean => ENV_VERSION_KEY.test(k)
  const diff = differingValues(headerValues(headers.a, isVersion), headerValues(headers.b, isVersion))
  const va = infoVersions(A, shared.a)
  const vb = infoVersions(B, shared.b)
  for (const [field, sa] of va) {
    const sb = vb.get(field)
    if (!sb) continue
    const same = sa.size === sb.size && [...sa].every((x) => sb.has(x))
    if (!same) diff.push(`${field} ${[...sa].sort().join(', ')} vs ${[...sb].sort().join(', ')}`)
  }
  // `terminal-bench-core@0.1.1` vs `@0.1.0`: the same environment (they pair), another version of it
  const verA = envs.a?.includes('@') ? envs.a.slice(envs.a.indexOf('@') + 1) : null
  const verB = envs.b?.includes('@') ? envs.b.slice(envs.b.indexOf('@') + 1) : null
  if (verA && verB && verA !== verB) diff.push(`environment ${envs.a} vs ${envs.b}`)
  if (!diff.length) return null
  return warning('different-env-version', 'caveat', `The environment versions differ: ${diff.join('; ')}.`)
}

/** Rollouts per task differ on some shared tasks; `names` are the two sides as the report calls them (A and B). */
export function rolloutsWarning(
  A: RunValues,
  B: RunValues,
  pa: Int32Array,
  pb: Int32Array,
  names: readonly [string, string] = ['A', 'B']
): CompareWarning | null {
  let differ = 0
  let sa = 0
  let sb = 0
  for (let j = 0; j < pa.length; j++) {
    const x = A.rollouts[pa[j]]
    const y = B.rollouts[pb[j]]
    sa += x
    sb += y
    if (x !== y) differ++
  }
  if (!differ) return null
  const f = (x: number): string => (Math.round((x / pa.length) * 100) / 100).toString()
  return warning(
    'different-rollouts',
    'caveat',
    `Rollouts per task differ on ${differ} of ${pa.length} shared tasks (${names[0]} ${f(sa)}, ${names[1]} ${f(sb)} on average): per-task means average different numbers of attempts, and pass@k uses only tasks with enough rollouts on both sides.`
  )
}

/**
 * The runs cover different tasks. It can change the conclusion when the whole runs tell another story than the
 * shared tasks (the whole-run delta outside the shared-task delta's CI, or of the other sign): then both are said.
 */
export function tasksWarning(
  tasksA: number,
  tasksB: number,
  shared: number,
  headline?: CompareMetric
): CompareWarning | null {
  if (shared === 0) {
    return warning(
      'no-shared-tasks',
      'conclusion',
      `The runs share no task (A has ${tasksA}, B has ${tasksB}): nothing can be compared task by task.`
    )
  }
  if (tasksA === shared && tasksB === shared) return null
  const base = `The runs cover different tasks: A has ${tasksA}, B has ${tasksB}; paired figures are on the ${shared} shared tasks (${tasksA - shared} only in A, ${tasksB - shared} only in B).`
  return partlySharedWarning(base, 'whole runs', headline)
}

/**
 * Two training steps compared (CompareOptions.stepA / stepB): which prompts both batches sampled. Steps that sampled
 * different prompts are still compared, on their whole batches, and say so first.
 */
export function stepsTasksWarning(
  steps: { a: number | null; b: number | null },
  tasksA: number,
  tasksB: number,
  shared: number,
  headline?: CompareMetric
): CompareWarning | null {
  const name = (side: 'A' | 'B', step: number | null): string => (step === null ? `run ${side}` : `step ${step}`)
  const a = name('A', steps.a)
  const b = name('B', steps.b)
  if (shared === 0) {
    return warning(
      'no-shared-tasks',
      'conclusion',
      `${a} and ${b} sampled different prompts (${a}: ${tasksA}, ${b}: ${tasksB}, none at both): nothing is paired, ` +
        `so no figure has a CI; the whole A / whole B columns are each batch's statistics, and a change between ` +
        `them may come from which prompts were drawn as much as from training.`
    )
  }
  if (tasksA === shared && tasksB === shared) return null
  const base = `${a} and ${b} share ${shared} of their prompts (${a}: ${tasksA}, ${b}: ${tasksB}); paired figures are on those ${shared}.`
  return partlySharedWarning(base, 'whole batches', headline)
}

/** Task sets that overlap in part: the headline over the whole sides beside the shared tasks, flagged if they disagree. */
function partlySharedWarning(base: string, wholes: string, headline?: CompareMetric): CompareWarning {
  const w = headline?.whole
  if (!headline || !w || w.delta === null || headline.delta === null) return warning('different-tasks', 'caveat', base)
  const shown = `${headline.label}: ${wholes} ${fmtValue(headline.unit, w.a)} → ${fmtValue(headline.unit, w.b)} (${fmtDelta(headline.unit, w.delta)}); shared tasks ${fmtValue(headline.unit, headline.a)} → ${fmtValue(headline.unit, headline.b)} (${fmtDelta(headline.unit, headline.delta)}${headline.ci95 ? `, 95% CI ${fmtCi(headline.unit, headline.ci95)}` : ''}).`
  const ci = headline.ci95
  const disagrees =
    Math.sign(w.delta) !== Math.sign(headline.delta) || (ci !== null && (w.delta < ci[0] || w.delta > ci[1]))
  return disagrees
    ? warning('different-tasks', 'conclusion', `${base} The ${wholes} and the shared tasks disagree: ${shown}`)
    : warning('different-tasks', 'caveat', `${base} ${shown}`)
}

/** A run without any pass/fail verdict on the shared tasks (no success flag and no pass threshold). */
export function verdictWarning(undecidedA: boolean, undecidedB: boolean): CompareWarning | null {
  if (!undecidedA && !undecidedB) return null
  const who = undecidedA && undecidedB ? 'Neither run has a' : undecidedA ? 'Run A has no' : 'Run B has no'
  return warning(
    'no-verdict',
    'caveat',
    `${who} pass/fail verdict (no success flag and no pass threshold): pass rates, flips and pass@k need one; set a pass threshold on the run.`
  )
}

/**
 * Too few shared tasks to tell a difference: only when it applies to the delta at hand, i.e. the headline delta's
 * 95% CI includes no change (or there is no CI).
 */
export function tooFewWarning(shared: number, headline: CompareMetric | undefined): CompareWarning | null {
  if (shared === 0 || !headline || headline.delta === null) return null
  const ci = headline.ci95
  const few = headline.n < MIN_VERDICT_TASKS
  if (ci && (ci[0] > 0 || ci[1] < 0) && !few) return null
  const width = !ci
    ? `no CI with ${shared} shared task${shared === 1 ? '' : 's'}`
    : ci[0] > 0 || ci[1] < 0
      ? `${headline.n.toLocaleString('en-US')} tasks: a bootstrap CI over fewer than ${MIN_VERDICT_TASKS} is too narrow to trust`
      : `the ${headline.label.toLowerCase()} delta's 95% CI, ${fmtCi(headline.unit, ci)}, includes no change`
  return warning('too-few-tasks', 'conclusion', `Too few shared tasks to tell this difference from noise (${width}).`)
}

/** Runs as they are named in a warning: ["A", run] in a two-run compare, [run name, run] in a side-by-side table. */
export type NamedRuns = readonly (readonly [string, RunSummary])[]

/** Some runs have episodes without a result from their producer: how many and how they count. */
export function unscoredWarning(runs: NamedRuns): CompareWarning | null {
  // A run with no reward at all says so elsewhere (no verdict); here only partly unscored runs.
  const parts = runs
    .filter(([, r]) => r.unscored && r.unscored.count < r.episodes)
    .map(([name, r]) => `${name}: ${r.unscored!.note}`)
  if (!parts.length) return null
  return warning('unscored', 'caveat', parts.join(' '))
}

/** A run's figure disagrees with the headline its producer's files state. */
export function headlineWarning(runs: NamedRuns): CompareWarning | null {
  const parts = runs.flatMap(([name, r]) =>
    r.headlines.filter((h) => !h.agrees && h.note).map((h) => `${name}: ${h.note}`)
  )
  if (!parts.length) return null
  return warning('headline-mismatch', 'caveat', parts.join(' '))
}

/** Episodes known only from results (no transcript): their rewards count; steps and transcript figures leave them out. */
export function noTranscriptWarning(runs: NamedRuns): CompareWarning | null {
  const parts = runs
    .filter(([, r]) => r.noTranscript > 0)
    .map(([name, r]) => `${name} has ${r.noTranscript} of ${r.episodes} episodes with no transcript on disk`)
  if (!parts.length) return null
  return warning(
    'no-transcript',
    'note',
    `${parts.join('; ')}: their rewards and verdicts count; steps, messages, tool use and anomalies are over the episodes with a transcript.`
  )
}

/** Rows computed on fewer shared tasks than the comparison has, each with why (a run lacks the figure there). */
export function differentNWarning(metrics: CompareMetric[], shared: number): CompareWarning | null {
  const short = metrics.filter((m) => m.kind === 'paired' && m.n > 0 && m.n < shared && !m.key.startsWith('toolCalls:'))
  if (!short.length) return null
  const list = short.slice(0, 8).map((m) => `${m.label} on ${m.n}`)
  const more = short.length > 8 ? ` and ${short.length - 8} more` : ''
  return warning(
    'different-n',
    'note',
    `Not every row is over all ${shared} shared tasks (a run lacks the figure on the others): ${list.join(', ')}${more}.`
  )
}

/** The comparison was forced across environments: every figure pairs tasks that are not the same task. */
export function envForcedWarning(envs: string[]): CompareWarning {
  return warning(
    'different-env',
    'forced',
    `Not comparable: the runs are of different environments (${envs.join(' vs ')}). Tasks with the same id are different tasks, so every paired figure below pairs unrelated tasks.`
  )
}

const SEVERITY_ORDER: Record<WarningSeverity, number> = { forced: 0, conclusion: 1, caveat: 2, note: 3 }
const CODE_ORDER: CompareWarningCode[] = [
  'different-env',
  'no-shared-tasks',
  'different-tasks',
  'too-few-tasks',
  'different-settings',
  'headline-mismatch',
  'unscored',
  'different-rollouts',
  'different-sampling',
  'different-env-version',
  'no-verdict',
  'run-warning',
  'no-transcript',
  'different-n'
]

/** The warnings, the one that can change the conclusion first (severity, then a fixed order of codes). */
export function rankWarnings(ws: (CompareWarning | null)[]): CompareWarning[] {
  return ws
    .filter((w): w is CompareWarning => w !== null)
    .sort(
      (x, y) =>
        SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] ||
        CODE_ORDER.indexOf(x.code) - CODE_ORDER.indexOf(y.code)
    )
}
