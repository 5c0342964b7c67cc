/**
 * A MultiCompareReport shaped like report 004 (DeepRepo: Qwen3-8B vs 30B vs 30B GRPO, 3 examples × 2 rollouts each):
 * the 30B runs' rewards, turns, tokens and generation times are the report's own (its r1 / r2 lists: r1 is rollout 0
 * of the three examples); the 8B run's six rewards are made up around its stated mean 0.551 and range 0.2 – 0.729.
 * Each Stat is computed from those values (population σ); the CIs are plausible values, not recomputed.
 */
import type { Stat } from '@contract/model'
import type { MultiCompareReport, MultiDelta, MultiRow } from '@contract/multi-compare'
import type { CompareRunRef, MetricUnit } from '@contract/compare'

/** Count, mean, population σ, min and max of some values. */
export function stat(values: number[]): Stat {
  const n = values.length
  const mean = values.reduce((s, x) => s + x, 0) / n
  const std = Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / n)
  return { count: n, mean, std, min: Math.min(...values), max: Math.max(...values) }
}

function change(a: Stat, b: Stat, ci: [number, number] | null): MultiDelta {
  const delta = (b.mean as number) - (a.mean as number)
  return { delta, relDelta: delta / Math.abs(a.mean as number), ci95: ci, paired: ci ? delta : null, tasks: ci ? 3 : 0 }
}

/** A row over the three runs (baseline: the first), CIs per change: [8B→30B, 30B→trained, 8B→trained]. */
function row(
  key: string,
  label: string,
  unit: MetricUnit,
  better: MultiRow['better'],
  values: number[][],
  cis: ([number, number] | null)[] = [null, null, null]
): MultiRow {
  const s = values.map(stat)
  return {
    key,
    label,
    unit,
    better,
    values: s,
    vsBaseline: [null, change(s[0], s[1], cis[0]), change(s[0], s[2], cis[2])],
    vsPrevious: [null, change(s[0], s[1], cis[0]), change(s[1], s[2], cis[1])]
  }
}

function run(id: string, name: string, model: string): CompareRunRef {
  return {
    id,
    name,
    model,
    env: 'deeprepo-orchestration',
    format: 'verifiers',
    checkpointStep: null,
    step: null,
    episodes: 6,
    tasks: 3,
    rolloutsPerTask: 2,
    passThreshold: null
  }
}

/** Per example (task), the two rollouts' values. */
const REWARDS = {
  b8: [
    [0.2, 0.7],
    [0.729, 0.6],
    [0.55, 0.527]
  ],
  b30: [
    [0.636, 0.887],
    [0.9, 0.7],
    [0.85, 0.738]
  ],
  grpo: [
    [0.962, 0.962],
    [1, 1],
    [1, 1]
  ]
}
const flat = (perTask: number[][]): number[] => perTask.flat()

export function demoMultiReport(): MultiCompareReport {
  return {
    runs: [
      run('run-8b', 'deeprepo · Qwen3-8B', 'Qwen/Qwen3-8B'),
      run('run-30b', 'deeprepo · Qwen3-30B-A3B', 'Qwen/Qwen3-30B-A3B-Instruct-2507'),
      run('run-grpo', 'deeprepo · 30B GRPO step 99', 'Qwen/Qwen3-30B-A3B-Instruct-2507:t2nj7mvwh0qs5h1szlfekqoh')
    ],
    baseline: 0,
    verdicts: [
      null,
      {
        text: 'B is better: +0.234 mean reward (95% CI +0.05 to +0.41), on 3 shared tasks.',
        direction: 'better',
        metric: 'reward',
        delta: 0.234,
        ci95: [0.05, 0.41],
        p: null,
        tasks: 3
      },
      {
        text: 'B is better: +0.436 mean reward (95% CI +0.3 to +0.57), on 3 shared tasks.',
        direction: 'better',
        metric: 'reward',
        delta: 0.436,
        ci95: [0.3, 0.57],
        p: null,
        tasks: 3
      }
    ],
    rows: [
      row(
        'reward',
        'Mean reward',
        'reward',
        'higher',
        [flat(REWARDS.b8), flat(REWARDS.b30), flat(REWARDS.grpo)],
        [
          [0.05, 0.41],
          [0.1, 0.3],
          [0.3, 0.57]
        ]
      ),
      row(
        'steps',
        'Mean steps',
        'steps',
        null,
        [
          [2, 4, 5, 3, 4, 4],
          [18, 7, 5, 9, 5, 8],
          [6, 6, 6, 6, 6, 6]
        ],
        [
          [-1, 11],
          [-6.5, 1.2],
          [-0.5, 5]
        ]
      ),
      row('tokensIn', 'Tokens in', 'tokens', null, [
        [6100, 6300, 6200, 6150, 6050, 6250],
        [14598.5, 14598.5, 14598.5, 14598.5, 14598.5, 14598.5],
        [8585.167, 8585.167, 8585.167, 8585.167, 8585.167, 8585.167]
      ]),
      row('generationMs', 'Generation time', 'ms', null, [
        [12000, 15000, 9000, 11000, 14000, 13000],
        [20000, 60000, 31000, 30000, 32000, 31000],
        [31000, 39000, 35000, 34000, 36000, 35000]
      ]),
      row('toolFree:llm_batch', 'Never calls llm_batch', 'rate', null, [
        [1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0]
      ])
    ],
    sharedTasks: 3,
    perTask: ['ex-0', 'ex-1', 'ex-2'].map((taskKey, t) => ({
      taskKey,
      rewards: [REWARDS.b8[t], REWARDS.b30[t], REWARDS.grpo[t]]
    })),
    perTaskCapped: false,
    warnings: [
      {
        code: 'too-few-tasks',
        severity: 'conclusion',
        message: 'Only 3 shared tasks: small changes cannot be told from noise.'
      },
      {
        code: 'different-sampling',
        severity: 'caveat',
        message: 'deeprepo · Qwen3-8B vs deeprepo · Qwen3-30B-A3B: Sampling settings differ: temperature 0.7 vs 1.0.'
      }
    ],
    envMismatch: null
  }
}
