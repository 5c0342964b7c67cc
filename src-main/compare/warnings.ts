import type { CompareWarning } from '@contract/compare'
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

/** Keys naming an environment version: `version`, `env_version`, `environment_version`, `envVersion`... */
export const ENV_VERSION_KEY = /^(env(ironment)?[_-]?)?version$/i

const MAX_DEPTH = 6

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
        else if (v !== null && v !== undefined && want(k) && !out.has(k.toLowerCase())) out.set(k.toLowerCase(), JSON.stringify(v))
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

export function samplingWarning(headerA: unknown, headerB: unknown): CompareWarning | null {
  const diff = differingValues(headerValues(headerA, isSamplingKey), headerValues(headerB, isSamplingKey))
  if (!diff.length) return null
  return { code: 'different-sampling', message: `The runs were sampled with different settings: ${diff.join('; ')}.` }
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
  shared: { a: Uint8Array; b: Uint8Array }
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
  if (!diff.length) return null
  return { code: 'different-env-version', message: `The environment versions differ: ${diff.join('; ')}.` }
}

/** Rollouts per task differ on some shared tasks. */
export function rolloutsWarning(A: RunValues, B: RunValues, pa: Int32Array, pb: Int32Array): CompareWarning | null {
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
  return {
    code: 'different-rollouts',
    message: `Rollouts per task differ on ${differ} of ${pa.length} shared tasks (A ${f(sa)}, B ${f(sb)} on average): per-task means average different numbers of attempts, and pass@k uses only tasks with enough rollouts on both sides.`
  }
}

export function tasksWarning(tasksA: number, tasksB: number, shared: number): CompareWarning | null {
  if (shared === 0) {
    return { code: 'no-shared-tasks', message: `The runs share no task (A has ${tasksA}, B has ${tasksB}): nothing can be compared.` }
  }
  if (tasksA === shared && tasksB === shared) return null
  return {
    code: 'different-tasks',
    message: `The runs cover different tasks: A has ${tasksA}, B has ${tasksB}; every number is computed on the ${shared} shared tasks (${tasksA - shared} only in A, ${tasksB - shared} only in B).`
  }
}

/** A run without any pass/fail verdict on the shared tasks (no success flag and no pass threshold). */
export function verdictWarning(undecidedA: boolean, undecidedB: boolean): CompareWarning | null {
  if (!undecidedA && !undecidedB) return null
  const who = undecidedA && undecidedB ? 'Neither run has a' : undecidedA ? 'Run A has no' : 'Run B has no'
  return {
    code: 'no-verdict',
    message: `${who} pass/fail verdict (no success flag and no pass threshold): pass rates, flips and pass@k need one; set a pass threshold on the run.`
  }
}

/** The reward delta's CI is too wide to tell apart differences of 5 points (0.05). */
export function tooFewWarning(shared: number, ci: [number, number] | null, what: string): CompareWarning | null {
  if (shared === 0) return null
  const half = ci ? (ci[1] - ci[0]) / 2 : null
  if (half !== null && half <= 0.05) return null
  const width = half === null ? `no CI with ${shared} shared task${shared === 1 ? '' : 's'}` : `the ${what} delta's 95% CI is ±${half.toFixed(3)}`
  return { code: 'too-few-tasks', message: `Too few shared tasks to exclude deltas smaller than 5 points (${width}).` }
}
