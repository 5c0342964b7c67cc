/**
 * A fixed CompareReport shaped like the demo pair (repo-repair base vs GRPO step 400, 16 tasks × 4 rollouts): the
 * flips, per-task means and pass rates are those of resources/demo (python over the JSONL); CIs are plausible
 * values, not recomputed. Used by the report tests and by the CLI's fake engine.
 */
import type { CompareReport, FlipTable, TaskFlipCell, TaskFlipRow, TaskSide } from '@contract/compare'

/** Per-task rows consistent with a flip table (4 rollouts a task: a passing side 3/4 or 4/4, a failing one 0/4 or
 * 1/4), sorted most regressed first as the engine sorts them; `harness` tasks failed B by the harness. */
export function taskRowsOf(
  flips: FlipTable,
  categories: Record<string, Record<string, string>> = {},
  harness: string[] = []
): TaskFlipRow[] {
  const sideOf = (pass: boolean, k: number, harnessFailed = false): TaskSide => {
    const passed = pass ? 3 + (k % 2) : k % 2
    const failed = 4 - passed
    return {
      rollouts: 4,
      decided: 4,
      passed,
      meanReward: Math.round((passed / 4) * 0.8 * 1000) / 1000 + 0.1,
      harnessFailures: harnessFailed ? failed : 0,
      modelFailures: harnessFailed ? 0 : failed,
      failureReason: failed === 0 ? null : harnessFailed ? 'parse_error' : null
    }
  }
  const cells: [TaskFlipCell, boolean, boolean][] = [
    ['broken', true, false],
    ['bothFail', false, false],
    ['bothPass', true, true],
    ['fixed', false, true]
  ]
  const rows: TaskFlipRow[] = []
  for (const [cell, pa, pb] of cells) {
    flips[cell as keyof Omit<FlipTable, 'mcnemarP' | 'undecided'>].forEach((taskKey, k) => {
      const a = sideOf(pa, k)
      const b = sideOf(pb, k + 1, harness.includes(taskKey))
      const failing = cell === 'fixed' ? a : b
      rows.push({
        taskKey,
        cell,
        a,
        b,
        passDelta: b.passed / 4 - a.passed / 4,
        rewardDelta: (b.meanReward ?? 0) - (a.meanReward ?? 0),
        categories: categories[taskKey] ?? {},
        failure:
          cell === 'bothPass'
            ? null
            : failing.harnessFailures
              ? failing.modelFailures
                ? 'mixed'
                : 'harness'
              : failing.modelFailures
                ? 'model'
                : null
      })
    })
  }
  return rows.sort(
    (x, y) => x.passDelta! - y.passDelta! || x.rewardDelta! - y.rewardDelta! || (x.taskKey < y.taskKey ? -1 : 1)
  )
}

const fixed = [
  'rr-001-tinycsv',
  'rr-003-retry-utils',
  'rr-004-configlite',
  'rr-005-pagination',
  'rr-006-invoice-calc',
  'rr-008-dateparse-lite',
  'rr-009-mini-template',
  'rr-010-kvstore'
]
const difficulty: Record<string, string> = {
  'rr-001-tinycsv': 'easy',
  'rr-003-retry-utils': 'easy',
  'rr-004-configlite': 'easy',
  'rr-005-pagination': 'easy',
  'rr-006-invoice-calc': 'medium',
  'rr-008-dateparse-lite': 'medium',
  'rr-009-mini-template': 'medium',
  'rr-010-kvstore': 'medium',
  'rr-015-sched-cron': 'hard'
}

/** A fresh copy each call, so a test may mutate it (hostile keys, missing sections). */
export function demoCompareReport(): CompareReport {
  const report: Omit<CompareReport, 'taskRows' | 'taskRowsLeftOut'> = {
    runA: {
      id: 'run-aaaa1111',
      name: 'repo-repair · qwen3-8b (base)',
      model: 'qwen3-8b',
      env: 'repo-repair',
      format: 'chat-jsonl',
      checkpointStep: 0,
      step: null,
      episodes: 64,
      tasks: 16,
      rolloutsPerTask: 4,
      passThreshold: null
    },
    runB: {
      id: 'run-bbbb2222',
      name: 'repo-repair · qwen3-8b GRPO step 400',
      model: 'qwen3-8b-grpo-step400',
      env: 'repo-repair',
      format: 'chat-jsonl',
      checkpointStep: 400,
      step: null,
      episodes: 64,
      tasks: 16,
      rolloutsPerTask: 4,
      passThreshold: null
    },
    verdict: {
      text: 'B is better: +31.3 pts pass rate (95% CI +14.1 to +48.4 pts), McNemar p = 0.039, on 16 shared tasks.',
      direction: 'better',
      metric: 'passRate',
      delta: 0.3125,
      ci95: [0.1406, 0.4844],
      p: 0.0390625,
      tasks: 16
    },
    envMismatch: null,
    sharedTasks: 16,
    onlyA: 0,
    onlyB: 0,
    onlyATasks: [],
    onlyBTasks: [],
    metrics: [
      {
        key: 'reward',
        label: 'Mean reward',
        unit: 'reward',
        kind: 'paired',
        a: 0.7315,
        b: 0.8773,
        delta: 0.1458,
        relDelta: 0.1993,
        ci95: [0.0701, 0.2248],
        n: 16,
        better: 'higher',
        isRate: false
      },
      {
        key: 'passRate',
        label: 'Pass rate',
        unit: 'rate',
        kind: 'paired',
        a: 0.3125,
        b: 0.625,
        delta: 0.3125,
        relDelta: 1,
        ci95: [0.1406, 0.4844],
        n: 16,
        better: 'higher',
        isRate: true
      },
      {
        key: 'rewardStd',
        label: 'Reward σ',
        unit: 'reward',
        kind: 'summary',
        a: 0.3104,
        b: 0.2337,
        delta: -0.0767,
        relDelta: -0.2471,
        ci95: null,
        n: 16,
        better: null,
        isRate: false
      },
      {
        key: 'steps',
        label: 'Mean steps',
        unit: 'steps',
        kind: 'paired',
        a: 17.4,
        b: 18.6,
        delta: 1.2,
        relDelta: 0.069,
        ci95: [-0.9, 3.2],
        n: 16,
        better: null,
        isRate: false
      },
      {
        key: 'tokensIn',
        label: 'Tokens in',
        unit: 'tokens',
        kind: 'paired',
        a: 9876.5,
        b: 10422.25,
        delta: 545.75,
        relDelta: 0.0553,
        ci95: [-310.2, 1402.6],
        n: 16,
        better: 'lower',
        isRate: false
      },
      {
        key: 'durationMs',
        label: 'Duration',
        unit: 'ms',
        kind: 'paired',
        a: 41250,
        b: 38900,
        delta: -2350,
        relDelta: -0.057,
        ci95: [-6100, 1400],
        n: 16,
        better: 'lower',
        isRate: false
      },
      {
        key: 'toolFree:edit_file',
        label: 'Episodes never calling edit_file',
        unit: 'rate',
        kind: 'paired',
        a: 0.0938,
        b: 0.0313,
        delta: -0.0625,
        relDelta: -0.6667,
        ci95: [-0.1563, 0.0313],
        n: 16,
        better: null,
        isRate: true
      }
    ],
    flips: {
      fixed,
      broken: ['rr-015-sched-cron'],
      bothPass: ['rr-002-slugify-lite'],
      bothFail: [
        'rr-007-lru-cache',
        'rr-011-graph-utils',
        'rr-012-async-queue',
        'rr-013-markdown-toc',
        'rr-014-money-fx',
        'rr-016-jsonpatch-mini'
      ],
      // two-sided exact binomial over 9 discordant tasks, 1 broken: 2 · (1 + 9) / 512
      mcnemarP: 0.0390625,
      undecided: 0
    },
    passAtK: [
      { k: 1, a: { passAtK: 0.3125, passHatK: 0.3125 }, b: { passAtK: 0.625, passHatK: 0.625 }, tasks: 16 },
      { k: 4, a: { passAtK: 0.5625, passHatK: 0.125 }, b: { passAtK: 0.8125, passHatK: 0.375 }, tasks: 16 }
    ],
    categoryFields: ['archetype', 'difficulty'],
    perCategory: [
      {
        field: 'difficulty',
        value: 'easy',
        tasks: 5,
        a: 0.7117,
        b: 0.95,
        delta: 0.2383,
        ci95: [0.08, 0.41],
        passedA: 1,
        passedB: 5,
        decided: 5,
        wholeA: { episodes: 20, score: 0.7117, passed: 2, decided: 20 },
        wholeB: { episodes: 20, score: 0.95, passed: 15, decided: 20 }
      },
      {
        field: 'difficulty',
        value: 'medium',
        tasks: 6,
        a: 0.7165,
        b: 0.9163,
        delta: 0.1998,
        ci95: [0.05, 0.34],
        passedA: 0,
        passedB: 4,
        decided: 6,
        wholeA: { episodes: 24, score: 0.7165, passed: 0, decided: 24 },
        wholeB: { episodes: 24, score: 0.9163, passed: 12, decided: 24 }
      },
      {
        field: 'difficulty',
        value: 'hard',
        tasks: 5,
        a: 0.7694,
        b: 0.7576,
        delta: -0.0118,
        ci95: [-0.13, 0.11],
        passedA: 1,
        passedB: 0,
        decided: 5,
        wholeA: { episodes: 20, score: 0.7694, passed: 2, decided: 20 },
        wholeB: { episodes: 20, score: 0.7576, passed: 0, decided: 20 }
      },
      {
        field: 'archetype',
        value: 'import-error',
        tasks: 3,
        a: 0.5723,
        b: 0.7833,
        delta: 0.211,
        ci95: [-0.05, 0.44],
        passedA: 0,
        passedB: 2,
        decided: 3,
        wholeA: { episodes: 12, score: 0.5723, passed: 0, decided: 12 },
        wholeB: { episodes: 12, score: 0.7833, passed: 6, decided: 12 }
      },
      {
        field: 'archetype',
        value: 'flaky-test',
        tasks: 3,
        a: 0.66,
        b: 0.8637,
        delta: 0.2037,
        ci95: [0.09, 0.35],
        passedA: 0,
        passedB: 1,
        decided: 3,
        wholeA: { episodes: 12, score: 0.66, passed: 0, decided: 12 },
        wholeB: { episodes: 12, score: 0.8637, passed: 3, decided: 12 }
      },
      {
        field: 'archetype',
        value: 'wrong-api',
        tasks: 5,
        a: 0.7004,
        b: 0.8896,
        delta: 0.1892,
        ci95: [0.02, 0.36],
        passedA: 0,
        passedB: 3,
        decided: 5,
        wholeA: { episodes: 20, score: 0.7004, passed: 0, decided: 20 },
        wholeB: { episodes: 20, score: 0.8896, passed: 9, decided: 20 }
      },
      {
        field: 'archetype',
        value: 'off-by-one',
        tasks: 5,
        a: 0.901,
        b: 0.9294,
        delta: 0.0284,
        ci95: [-0.05, 0.1],
        passedA: 2,
        passedB: 3,
        decided: 5,
        wholeA: { episodes: 20, score: 0.901, passed: 4, decided: 20 },
        wholeB: { episodes: 20, score: 0.9294, passed: 9, decided: 20 }
      }
    ],
    flipCategories: Object.fromEntries(
      Object.entries(difficulty).map(([task, value]) => [task, { difficulty: value }])
    ),
    solvedWithin: [5, 8, 10, 12, 15, 20].map((k) => ({
      k,
      a: k < 8 ? 0 : k < 12 ? 0.125 : 0.3125,
      b: k < 8 ? 0 : k < 12 ? 0.3438 : 0.625
    })),
    histogram: {
      edges: [0, 0.2, 0.4, 0.6, 0.8, 1],
      a: [6, 4, 9, 14, 31],
      b: [3, 1, 4, 10, 46]
    },
    warnings: [
      {
        code: 'different-sampling',
        severity: 'caveat',
        message: 'Sampling settings differ: temperature 0.7 (A) vs 1.0 (B).'
      },
      {
        code: 'too-few-tasks',
        severity: 'conclusion',
        message: 'Only 16 shared tasks: the 95% CI cannot exclude deltas smaller than 5 points.'
      }
    ],
    ci: { method: 'paired-bootstrap', resamples: 2000, seed: 1 },
    ciNote:
      'A 95% CI that excludes 0 means the difference is unlikely to be resampling noise over these tasks; it says ' +
      'nothing about tasks outside this set.'
  }
  return {
    ...report,
    taskRows: taskRowsOf(report.flips, report.flipCategories, ['rr-015-sched-cron']),
    taskRowsLeftOut: 0
  }
}
