import type { CompareOptions, CompareReport, SeriesOptions, SeriesReport } from '@contract/compare'
import { ApiCallError } from '../../src-renderer/src/api/api-error'
import { taskRowsOf } from '../main/report/compare-fixture'

/**
 * A realistic comparison for the renderer's tests, shaped like the demo workspace (16 tasks × 4 rollouts, a base and
 * a GRPO-trained run) but over run ids given by the test: 16 shared tasks t0..t15, one task only in A, two only in B.
 * With `options.category` the breakdown has that field's rows only, as the engine does. A run whose id starts with
 * `other-env:` is of another environment: pairing it with a run that is not is refused (the engine's not-comparable
 * and its reason) unless `allowDifferentEnvs`, and then marked (`envMismatch`, a `forced` warning first).
 */
export function fakeCompareReport(runA: string, runB: string, options: CompareOptions = {}): CompareReport {
  const other = (id: string): boolean => id.startsWith('other-env:')
  const mismatch = other(runA) !== other(runB)
  if (mismatch && !options.allowDifferentEnvs) {
    throw new ApiCallError(
      'not-comparable',
      `These runs are of different environments (${runA}, ${runB}): tasks with the same id in different environments are not the same task, so they do not pair.`,
      'compareRuns'
    )
  }
  const report = pairedReport(runA, runB, options)
  if (!mismatch) return report
  return {
    ...report,
    envMismatch: { a: other(runA) ? 'sokoban' : 'repo-repair', b: other(runB) ? 'sokoban' : 'repo-repair' },
    warnings: [
      { code: 'different-env', severity: 'forced', message: 'Not comparable: the runs are of different environments.' },
      ...report.warnings
    ]
  }
}

function pairedReport(runA: string, runB: string, options: CompareOptions): CompareReport {
  const rowsByField: Record<string, CompareReport['perCategory']> = {
    difficulty: [
      {
        field: 'difficulty',
        value: 'hard',
        tasks: 5,
        a: 0.18,
        b: 0.52,
        delta: 0.34,
        ci95: [0.12, 0.55],
        passedA: 0,
        passedB: 2,
        decided: 5,
        wholeA: { episodes: 20, score: 0.18, passed: 0, decided: 20 },
        wholeB: { episodes: 20, score: 0.52, passed: 8, decided: 20 }
      },
      {
        field: 'difficulty',
        value: 'medium',
        tasks: 6,
        a: 0.41,
        b: 0.63,
        delta: 0.22,
        ci95: [0.02, 0.4],
        passedA: 2,
        passedB: 4,
        decided: 6,
        wholeA: { episodes: 24, score: 0.41, passed: 8, decided: 24 },
        wholeB: { episodes: 24, score: 0.63, passed: 16, decided: 24 }
      },
      {
        field: 'difficulty',
        value: 'easy',
        tasks: 5,
        a: 0.77,
        b: 0.7,
        delta: -0.07,
        ci95: [-0.25, 0.1],
        passedA: 4,
        passedB: 3,
        decided: 5,
        wholeA: { episodes: 20, score: 0.77, passed: 16, decided: 20 },
        wholeB: { episodes: 20, score: 0.7, passed: 12, decided: 20 }
      }
    ],
    archetype: [
      {
        field: 'archetype',
        value: 'off-by-one',
        tasks: 4,
        a: 0.3,
        b: 0.71,
        delta: 0.41,
        ci95: [0.15, 0.66],
        passedA: 1,
        passedB: 3,
        decided: 4,
        wholeA: { episodes: 16, score: 0.3, passed: 4, decided: 16 },
        wholeB: { episodes: 16, score: 0.71, passed: 12, decided: 16 }
      },
      {
        field: 'archetype',
        value: 'missing-import',
        tasks: 6,
        a: 0.5,
        b: 0.58,
        delta: 0.08,
        ci95: [-0.1, 0.27],
        passedA: 2,
        passedB: 3,
        decided: 6,
        wholeA: { episodes: 24, score: 0.5, passed: 8, decided: 24 },
        wholeB: { episodes: 24, score: 0.58, passed: 12, decided: 24 }
      },
      {
        field: 'archetype',
        value: 'wrong-operator',
        tasks: 6,
        a: 0.47,
        b: 0.42,
        delta: -0.05,
        ci95: [-0.3, 0.2],
        passedA: 3,
        passedB: 3,
        decided: 6,
        wholeA: { episodes: 24, score: 0.47, passed: 12, decided: 24 },
        wholeB: { episodes: 24, score: 0.42, passed: 12, decided: 24 }
      }
    ]
  }
  const perCategory = options.category ? (rowsByField[options.category] ?? []) : Object.values(rowsByField).flat()
  const ref = (id: string, episodes: number, step: number | null): CompareReport['runA'] => ({
    id,
    name: id,
    model: step === null ? 'qwen3-8b' : 'qwen3-8b-grpo',
    env: 'repo-repair',
    format: 'chat-jsonl',
    checkpointStep: step,
    step: null,
    episodes,
    tasks: episodes / 4,
    rolloutsPerTask: 4,
    passThreshold: null
  })
  const report: Omit<CompareReport, 'taskRows' | 'taskRowsLeftOut'> = {
    runA: ref(runA, 68, null),
    runB: ref(runB, 72, 400),
    verdict: {
      text: 'B is better: +18.8 pts pass rate (95% CI +3 to +34 pts), McNemar p = 0.375, on 16 shared tasks.',
      direction: 'better',
      metric: 'passRate',
      delta: 0.1875,
      ci95: [0.03, 0.34],
      p: 0.375,
      tasks: 16
    },
    envMismatch: null,
    sharedTasks: 16,
    onlyA: 1,
    onlyB: 2,
    onlyATasks: ['t16'],
    onlyBTasks: ['t17', 't18'],
    metrics: [
      {
        key: 'reward',
        label: 'Mean reward',
        unit: 'reward',
        kind: 'paired',
        a: 0.452,
        b: 0.618,
        delta: 0.166,
        relDelta: 0.367,
        ci95: [0.061, 0.27],
        n: 16,
        better: 'higher',
        isRate: false
      },
      {
        key: 'passRate',
        label: 'Pass rate',
        unit: 'rate',
        kind: 'paired',
        a: 0.375,
        b: 0.5625,
        delta: 0.1875,
        relDelta: 0.5,
        ci95: [0.03, 0.34],
        n: 16,
        better: 'higher',
        isRate: true
      },
      {
        key: 'steps',
        label: 'Mean steps',
        unit: 'steps',
        kind: 'paired',
        a: 9.1,
        b: 7.4,
        delta: -1.7,
        relDelta: -0.187,
        ci95: [-2.9, -0.4],
        n: 16,
        better: null,
        isRate: false
      },
      {
        key: 'tokensOut',
        label: 'Tokens out',
        unit: 'tokens',
        kind: 'paired',
        a: 1830,
        b: 2010,
        delta: 180,
        relDelta: 0.098,
        ci95: [-40, 390],
        n: 16,
        better: 'lower',
        isRate: false
      },
      {
        key: 'rewardStd',
        label: 'Reward σ',
        unit: 'reward',
        kind: 'summary',
        a: 0.33,
        b: 0.36,
        delta: 0.03,
        relDelta: 0.09,
        ci95: null,
        n: 16,
        better: null,
        isRate: false
      }
    ],
    flips: {
      fixed: ['t3', 't7', 't9', 't12'],
      broken: ['t5'],
      bothPass: ['t0', 't1', 't2', 't4', 't6'],
      bothFail: ['t8', 't10', 't11', 't13', 't14', 't15'],
      mcnemarP: 0.375,
      undecided: 0
    },
    passAtK: [
      { k: 1, a: { passAtK: 0.375, passHatK: 0.375 }, b: { passAtK: 0.5625, passHatK: 0.5625 }, tasks: 16 },
      { k: 4, a: { passAtK: 0.625, passHatK: 0.1875 }, b: { passAtK: 0.8125, passHatK: 0.3125 }, tasks: 16 }
    ],
    categoryFields: Object.keys(rowsByField),
    perCategory,
    solvedWithin: [5, 10, 15, 20].map((k, i) => ({ k, a: 0.1 + i * 0.08, b: 0.2 + i * 0.11 })),
    histogram: { edges: [0, 0.2, 0.4, 0.6, 0.8, 1], a: [20, 12, 10, 8, 14], b: [12, 9, 8, 10, 25] },
    warnings: [
      {
        code: 'different-tasks',
        severity: 'caveat',
        message:
          'The runs do not cover the same tasks: 1 only in A, 2 only in B. Every number is on the 16 shared tasks.'
      },
      {
        code: 'too-few-tasks',
        severity: 'conclusion',
        message: 'With 16 shared tasks the 95% interval cannot exclude a change smaller than 5 points.'
      }
    ],
    ci: { method: 'paired-bootstrap', resamples: 2000, seed: options.seed ?? 1 },
    ciNote:
      'A 95% CI that does not include 0 means the change is unlikely to be noise from which tasks happened to be sampled.'
  }
  return { ...report, taskRows: taskRowsOf(report.flips), taskRowsLeftOut: 0 }
}

/**
 * A checkpoint series over the given runs: reward rising with the step, one task learned then forgotten. Runs of
 * another environment (`other-env:`) among others are refused unless `allowDifferentEnvs`, then marked.
 */
export function fakeSeriesReport(runIds: string[], options: SeriesOptions = {}): SeriesReport {
  const other = runIds.filter((id) => id.startsWith('other-env:'))
  const mixed = other.length > 0 && other.length < runIds.length
  if (mixed && !options.allowDifferentEnvs) {
    throw new ApiCallError(
      'not-comparable',
      `These runs are of different environments (${runIds.join(', ')}): tasks with the same id in different environments are not the same task, so they do not pair.`,
      'compareSeries'
    )
  }
  const forced = mixed ? { envMismatch: { envs: ['repo-repair', 'sokoban'] } } : {}
  return {
    ...forced,
    points: runIds.map((runId, i) => ({
      runId,
      name: runId,
      step: i * 100,
      metrics: [
        { key: 'reward', label: 'Mean reward', value: 0.4 + i * 0.05 },
        { key: 'passRate', label: 'Pass rate', value: 0.3 + i * 0.06 }
      ]
    })),
    axis: 'step',
    sharedTasks: 16,
    tasks: [
      { taskKey: 't3', passed: runIds.map((_, i) => i >= 1), learnedAt: 1, forgotten: false },
      { taskKey: 't5', passed: runIds.map((_, i) => i === 1), learnedAt: 1, forgotten: true }
    ],
    warnings: []
  }
}

/** The HTML report's stand-in: a small document naming both runs. */
export function fakeCompareHtml(runA: string, runB: string): string {
  return `<!doctype html><title>${runA} vs ${runB}</title><h1>Compare</h1>`
}
