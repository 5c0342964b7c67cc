import type { BreakdownRow, RunBreakdown } from '@contract/breakdown'
import type { MultiCompareOptions, MultiCompareReport, MultiDelta, MultiRow } from '@contract/multi-compare'
import type { CurvePoint, TrainingCurve } from '@contract/training'
import { ApiCallError } from '../../src-renderer/src/api/api-error'

/**
 * Realistic answers of the three analysis calls for the renderer's tests, shaped like the engine's over the demo
 * workspace: the base repo-repair run by difficulty / archetype (16 tasks × 4 rollouts), three runs side by side
 * (base, trained, the GRPO training run), and the training run's curve (10 steps × 8 problems × 4 rollouts).
 *
 * Runs whose id starts with `other-env:` are of another environment: comparing them with any other run is refused
 * (as the engine does) unless `allowDifferentEnvs`.
 */

const row = (
  values: string[],
  p: Partial<BreakdownRow> & { episodes: number; passed: number; meanReward: number }
): BreakdownRow => ({
  values,
  tasks: p.episodes / 4,
  rewardStd: 0.3,
  decided: p.episodes,
  passRate: p.passed / p.episodes,
  failed: p.episodes - p.passed,
  perfectRate: p.passed / p.episodes,
  meanSteps: 9.7,
  metrics: { tool_calls: 8.9, partial_progress_max: p.meanReward },
  ...p
})

const DIFFICULTY: BreakdownRow[] = [
  row(['hard'], { episodes: 20, passed: 5, meanReward: 0.76924, rewardStd: 0.2253, meanSteps: 10.5 }),
  row(['medium'], { episodes: 24, passed: 5, meanReward: 0.71645, rewardStd: 0.3018, meanSteps: 9.96 }),
  row(['easy'], { episodes: 20, passed: 10, meanReward: 0.711665, rewardStd: 0.3824, meanSteps: 8.5 })
]

const CROSS: BreakdownRow[] = [
  row(['off-by-one', 'hard'], { episodes: 4, passed: 3, meanReward: 0.963 }),
  row(['off-by-one', 'easy'], { episodes: 8, passed: 5, meanReward: 0.929 }),
  row(['wrong-api', 'hard'], { episodes: 8, passed: 0, meanReward: 0.724 }),
  row(['import-error', 'easy'], { episodes: 8, passed: 4, meanReward: 0.5 }),
  row(['flaky-test', '(none)'], { episodes: 4, passed: 0, meanReward: 0.63 })
]

/** breakdownRun: by difficulty (one field) or archetype × difficulty (two); an unknown field is refused. */
export function fakeBreakdown(runId: string, fields: string[]): RunBreakdown {
  const candidates = ['archetype', 'difficulty', 'repo', 'status']
  const unknown = fields.find((f) => !candidates.includes(f))
  if (unknown)
    throw new ApiCallError(
      'bad-request',
      `the run has no field "${unknown}"; it has: ${candidates.join(', ')}`,
      'breakdownRun'
    )
  const rows = fields.length === 2 ? CROSS : DIFFICULTY
  return {
    runId,
    runName: `${runId} (base)`,
    fields,
    candidates,
    score: 'meanReward',
    rows,
    total: row([], { episodes: 64, passed: 20, meanReward: 0.7314515625, rewardStd: 0.31, meanSteps: 9.671875 }),
    missing: fields.length === 2 ? 4 : 0
  }
}

const stat = (mean: number, std: number, min: number, max: number, count = 64) => ({ count, mean, std, min, max })
const delta = (d: number, rel: number, ci: [number, number] | null, tasks = 16): MultiDelta => ({
  delta: d,
  relDelta: rel,
  ci95: ci,
  paired: ci ? d : null,
  tasks
})

/** compareMany over 2+ runs, the baseline first by default: figures shaped like the demo's three runs. */
export function fakeManyReport(runIds: string[], options: MultiCompareOptions = {}): MultiCompareReport {
  const envs = runIds.some((id) => id.startsWith('other-env:')) && !runIds.every((id) => id.startsWith('other-env:'))
  if (envs && !options.allowDifferentEnvs) {
    throw new ApiCallError(
      'not-comparable',
      `These runs are of different environments (${runIds.join(', ')}): tasks with the same id in different environments are not the same task, so they do not pair.`,
      'compareMany'
    )
  }
  const baseline = options.baseline === undefined ? 0 : runIds.indexOf(options.baseline)
  const rewards = runIds.map((_, i) => [0.7314515625, 0.8772625, 0.4713996875][i % 3])
  const vs = (
    values: number[],
    unitDelta: (a: number, b: number) => MultiDelta,
    from: (i: number) => number | null
  ): (MultiDelta | null)[] =>
    values.map((v, i) => {
      const j = from(i)
      return j === null ? null : unitDelta(values[j], v)
    })
  const mk = (
    key: string,
    label: string,
    unit: MultiRow['unit'],
    better: MultiRow['better'],
    values: number[],
    std: number
  ): MultiRow => ({
    key,
    label,
    unit,
    better,
    values: values.map((v) => stat(v, std, unit === 'rate' ? 0 : 0, unit === 'rate' ? 1 : v * 2)),
    vsBaseline: vs(
      values,
      (a, b) => delta(b - a, (b - a) / Math.abs(a), [b - a - 0.09, b - a + 0.09]),
      (i) => (i === baseline ? null : baseline)
    ),
    vsPrevious: vs(
      values,
      (a, b) => delta(b - a, (b - a) / Math.abs(a), null, 0),
      (i) => (i === 0 ? null : i - 1)
    )
  })
  const rows: MultiRow[] = [
    mk('reward', 'Mean reward', 'reward', 'higher', rewards, 0.31),
    mk(
      'passRate',
      'Pass rate',
      'rate',
      'higher',
      runIds.map((_, i) => [0.3125, 0.625, 0.39375][i % 3]),
      0.46
    ),
    mk(
      'steps',
      'Mean steps',
      'steps',
      null,
      runIds.map((_, i) => [9.671875, 8.828125, 6.671875][i % 3]),
      2.37
    ),
    mk(
      'tokensOut',
      'Tokens out',
      'tokens',
      'lower',
      runIds.map((_, i) => [677.98, 648.83, 367.37][i % 3]),
      120
    ),
    mk(
      'generationMs',
      'Generation time',
      'ms',
      'lower',
      runIds.map((_, i) => [4100, 3900, 5787.6][i % 3]),
      1900
    ),
    mk(
      'toolFree:bash',
      'Never calls bash',
      'rate',
      null,
      runIds.map(() => 0),
      0
    ),
    mk(
      'termination:max_turns',
      'Ends: max_turns',
      'rate',
      'lower',
      runIds.map((_, i) => [0.25, 0.125, 0.19][i % 3]),
      0.4
    ),
    mk(
      'metric:tool_calls',
      'tool_calls',
      'plain',
      null,
      runIds.map((_, i) => [8.92, 7.95, 5.87][i % 3]),
      2.1
    )
  ]
  return {
    runs: runIds.map((id, i) => ({
      id,
      name: `repo-repair · ${id}`,
      model: 'qwen3-8b',
      env: id.startsWith('other-env:') ? 'sokoban' : 'repo-repair',
      format: 'chat-jsonl',
      checkpointStep: i * 200,
      step: null,
      episodes: 64,
      tasks: 16,
      rolloutsPerTask: 4,
      passThreshold: 1
    })),
    baseline,
    verdicts: runIds.map((_, i) =>
      i === baseline
        ? null
        : {
            text: `B is ${rewards[i] >= rewards[baseline] ? 'better' : 'worse'}: ${(rewards[i] - rewards[baseline]).toFixed(3)} mean reward (95% CI …), on 16 shared tasks.`,
            direction: rewards[i] >= rewards[baseline] ? 'better' : 'worse',
            metric: 'reward',
            delta: rewards[i] - rewards[baseline],
            ci95: [0.05, 0.24],
            p: null,
            tasks: 16
          }
    ),
    rows,
    sharedTasks: 16,
    perTask: [
      { taskKey: 'rr-001-tinycsv', rewards: runIds.map((_, i) => (i === 2 ? [0, 0, 1, 1, 1, 1] : [1, 1, 0, 0])) },
      { taskKey: 'rr-002-slugify-lite', rewards: runIds.map(() => [0.8333, 1, 1, 1]) }
    ],
    perTaskCapped: false,
    warnings: envs
      ? [
          {
            code: 'different-env',
            severity: 'forced',
            message: 'Not comparable: the runs are of different environments (repo-repair vs sokoban).'
          }
        ]
      : [
          {
            code: 'different-settings',
            severity: 'caveat',
            message: 'repo-repair · c vs repo-repair · a: pass threshold 0.5 vs 1.'
          }
        ],
    envMismatch: envs ? { envs: ['repo-repair', 'sokoban'] } : null
  }
}

const point = (step: number, meanReward: number, passRate: number, noSignalShare: number): CurvePoint => ({
  step,
  episodes: 32,
  tasks: 8,
  meanReward,
  rewardStd: 0.26 + step * 0.015,
  rewardMin: 0,
  rewardMax: 1,
  passRate,
  meanSteps: 6.6,
  meanMessages: 14.5,
  tokensIn: 10_300,
  tokensOut: 330 + step * 8,
  noSignalShare,
  groups: 8,
  truncatedShare: 0.4 - step * 0.04,
  errorShare: step === 2 || step === 5 ? 0.03125 : 0
})

/** trainingCurve: a run whose id starts with `eval:` has no steps (refused, as the engine does); else 10 steps, rising. */
export function fakeCurve(runId: string): TrainingCurve {
  if (runId.startsWith('eval:'))
    throw new ApiCallError('bad-request', `${runId} has no training steps: its episodes carry no step`, 'trainingCurve')
  const means = [0.21, 0.314, 0.426, 0.391, 0.547, 0.439, 0.391, 0.641, 0.654, 0.701]
  const pass = [0.094, 0.219, 0.344, 0.313, 0.469, 0.375, 0.281, 0.594, 0.594, 0.656]
  const flat = [0.25, 0, 0, 0.125, 0, 0, 0, 0.125, 0.125, 0.375]
  return {
    runId,
    runName: `repo-repair-grpo-qwen3-8b (${runId})`,
    points: means.map((m, i) => point(i, m, pass[i], flat[i])),
    tasks: [
      {
        taskKey: 'rr-005-pagination',
        passed: [true, false, true, false, null, true, null, null, false, true],
        learnedAt: 2,
        forgotten: true
      },
      {
        taskKey: 'rr-003-retry-utils',
        passed: [null, false, false, null, true, null, true, null, null, true],
        learnedAt: 4,
        forgotten: false
      },
      {
        taskKey: 'rr-008-dateparse-lite',
        passed: [false, false, null, false, null, false, null, null, true, null],
        learnedAt: 8,
        forgotten: false
      }
    ],
    followedTasks: 15,
    producerSource: null,
    warnings: []
  }
}
