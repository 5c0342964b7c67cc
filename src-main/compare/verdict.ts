/**
 * The one plain line a comparison opens with (issue 12 §10): "B is worse: −16.8 pts pass rate (95% CI −24.5 to −9.8
 * pts), McNemar p < 0.001, on 80 shared tasks". The headline figure is the pass rate when the rewards are pass/fail
 * (then mean reward and pass rate are the same story), else the mean reward; a change is called better or worse
 * only when its 95% CI excludes no change, over at least MIN_VERDICT_TASKS shared tasks.
 */
import type { CompareMetric, CompareVerdict } from '@contract/compare'
import { ciExcludesZero, fmtCi, fmtDelta, fmtP } from '@contract/display'

/** Whether a run's rewards are all 0 or 1 (where it has any). */
export function binaryRewards(rewards: Float64Array): boolean {
  let any = false
  for (let i = 0; i < rewards.length; i++) {
    const r = rewards[i]
    if (r !== r) continue
    if (r !== 0 && r !== 1) return false
    any = true
  }
  return any
}

/** The figure the verdict is about: pass rate on pass/fail rewards (or without rewards), else the mean reward. */
export function headlineMetric(metrics: CompareMetric[], binary: boolean): CompareMetric | undefined {
  const reward = metrics.find((m) => m.key === 'reward' && m.n > 0)
  const pass = metrics.find((m) => m.key === 'passRate' && m.n > 0)
  return binary ? (pass ?? reward) : (reward ?? pass)
}

/**
 * Fewer shared tasks than this get no better / worse: a percentile bootstrap over n tasks has at most C(2n−1, n)
 * distinct resamples (3 tasks: 10), so its 95% CI is about as wide as the tasks' own deltas and excludes zero on
 * noise (3 tasks of +1.0, +0.21, +0.17: "CI +0.17 to +1.00", where a t-interval gives −0.70 to +1.62).
 */
export const MIN_VERDICT_TASKS = 10

const tasks = (n: number): string => `${n.toLocaleString('en-US')} shared task${n === 1 ? '' : 's'}`

export function compareVerdict(
  metrics: CompareMetric[],
  opts: { binary: boolean; mcnemarP: number | null; sharedTasks: number; forced: boolean }
): CompareVerdict {
  const prefix = opts.forced ? 'Not comparable (different environments): ' : ''
  if (opts.sharedTasks === 0) {
    return {
      text: `${prefix}Nothing to compare: the runs share no task.`,
      direction: 'none',
      metric: null,
      delta: null,
      ci95: null,
      p: null,
      tasks: 0
    }
  }
  const m = headlineMetric(metrics, opts.binary)
  if (!m || m.delta === null) {
    return {
      text: `${prefix}Nothing to decide on: ${unscored(metrics)} on their ${tasks(opts.sharedTasks)}.`,
      direction: 'none',
      metric: null,
      delta: null,
      ci95: null,
      p: null,
      tasks: opts.sharedTasks
    }
  }
  const p = m.key === 'passRate' ? opts.mcnemarP : null
  const what = m.key === 'passRate' ? 'pass rate' : m.label.toLowerCase()
  const ci = m.ci95 ? ` (95% CI ${fmtCi(m.unit, m.ci95)})` : ''
  const mc = p !== null ? `, McNemar p ${p < 0.001 ? '< 0.001' : `= ${fmtP(p)}`}` : ''
  const figures = `${fmtDelta(m.unit, m.delta)} ${what}${ci}${mc}, on ${tasks(m.n)}`
  let direction: CompareVerdict['direction']
  let head: string
  let tail = ''
  const clear = ciExcludesZero(m.ci95) && m.delta !== 0
  if (clear && m.n < MIN_VERDICT_TASKS) {
    direction = 'unclear'
    head = 'Too few tasks to tell: '
    tail = `: a bootstrap CI over fewer than ${MIN_VERDICT_TASKS} tasks is too narrow to trust`
  } else if (clear) {
    direction = m.delta > 0 === (m.better !== 'lower') ? 'better' : 'worse'
    head = `B is ${direction}: `
  } else {
    direction = 'unclear'
    head = 'No clear difference: '
    tail = unclearBecause(m)
  }
  return {
    text: `${prefix}${head}${figures}${tail}.`,
    direction,
    metric: m.key,
    delta: m.delta,
    ci95: m.ci95,
    p,
    tasks: m.n
  }
}

/**
 * Which run lacks a figure to decide on: "run A has no reward and no pass/fail verdict" when only A is unscored (B's
 * 0.800 is in the same table: "the runs have none" was wrong there), "the runs have …" when neither has one, and when
 * each has a figure the other lacks.
 */
function unscored(metrics: CompareMetric[]): string {
  const scored = (side: 'a' | 'b'): boolean =>
    metrics.some((m) => (m.key === 'reward' || m.key === 'passRate') && m[side] !== null)
  const a = scored('a')
  const b = scored('b')
  const none = 'no reward and no pass/fail verdict'
  if (a && !b) return `run B has ${none}`
  if (b && !a) return `run A has ${none}`
  return a && b
    ? 'the runs have no figure in common (a reward on one side, a pass/fail verdict on the other)'
    : `the runs have ${none}`
}

/**
 * Why a change is not clear, in words that fit its size: a CI that includes no change (whatever the delta: +100 pts
 * on a few tasks can still be noise), or a single shared task, which has no CI at all. A delta of exactly 0 needs no
 * reason beyond its CI.
 */
function unclearBecause(m: CompareMetric): string {
  if (!m.ci95) return m.n === 1 ? ': one shared task cannot tell a change from noise' : ''
  if (m.delta === 0) return ''
  return `: the CI includes no change, so ${m.n === 1 ? 'this task' : 'these tasks'} cannot tell it from noise`
}
