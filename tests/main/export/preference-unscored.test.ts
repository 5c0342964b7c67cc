/**
 * Preference pairs over a run whose tasks hold rollouts without a reward (errored ones, as RL dumps have): each such
 * rollout is left out alone, and its task's scored rollouts still make their pair (best against worst). A task with
 * one errored rollout gave no pair, and its scored rollouts were counted as unscored.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { captureCli } from '../../helpers/capture-cli'

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

const row = (task: string, rollout: number, reward: number | null): string =>
  JSON.stringify({
    task_id: task,
    rollout,
    messages: [
      { role: 'user', content: `question ${task}` },
      { role: 'assistant', content: `answer ${task} ${rollout}` }
    ],
    ...(reward === null ? { status: 'error', error: 'the sandbox crashed' } : { reward })
  })

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-pref-unscored-'))
  const lines = [
    ...[1, 0.5, null].map((r, i) => row('T1', i, r)),
    ...[null, 0.2, 0.9].map((r, i) => row('T2', i, r)),
    ...[0.7, 0.1].map((r, i) => row('T3', i, r)),
    // one scored rollout left: nothing to pair it with
    ...[null, 0.4].map((r, i) => row('T4', i, r))
  ]
  writeFileSync(join(dir, 'rollouts.jsonl'), lines.join('\n') + '\n')
  expect((await cli('index', join(dir, 'rollouts.jsonl'))).code).toBe(0)
})

describe('preference pairs with unscored rollouts', () => {
  it('pair each task’s best and worst scored rollouts, and count only the unscored ones as without a reward', async () => {
    const r = await cli('export', '--format', 'preference', '--out', 'pairs.jsonl', '--json')
    expect(r.code).toBe(0)
    const result = JSON.parse(r.stdout) as { pairs: number; skippedBy: Record<string, number> }
    expect(result.pairs).toBe(3)
    expect(result.skippedBy).toEqual({ noReward: 3, loneRollout: 1 })
    const pairs = readFileSync(join(dir, 'pairs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as { taskKey: string; chosenEpisode: { reward: number }; rejectedEpisode: { reward: number } }
      )
    expect(pairs.map((p) => [p.taskKey, p.chosenEpisode.reward, p.rejectedEpisode.reward])).toEqual([
      ['T1', 1, 0.5],
      ['T2', 0.9, 0.2],
      ['T3', 0.7, 0.1]
    ])
  })
})
