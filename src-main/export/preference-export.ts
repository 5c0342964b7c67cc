/**
 * `preference`: `{prompt, chosen, rejected}` pairs of the same task. One run: per task, the best-rewarded rollout
 * against the worst (tasks read in task-key order, so one task's rollouts are at hand at once). Two runs: per task
 * both have, the better rollout of one run against the worse of the other (the best of each; ties are skipped).
 * `prompt` is the prompt messages both share (the common prefix); anything after it is each side's completion.
 * Every selected episode that goes into no pair is counted under its reason (SkipReason).
 */
import { BadRequestError } from '@contract/guards'
import type { ExportPreview, PreferenceSkip } from '@contract/export'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { toChatMessages, type ChatMessage } from './chat-messages'
import { conversationCut } from './transcript-cuts'
import type { ChunkWriter, ExportOptions, ExportResult, ExportSource } from './export-types'
import { readDetail, runEpisodes } from './select-episodes'
import { SkipTally } from './skip-tally'

const rewardOf = (e: EpisodeSummary): number => e.reward ?? Number.NEGATIVE_INFINITY

export async function exportPreference(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[],
  write: ChunkWriter
): Promise<ExportResult> {
  let pairs = 0
  const skips = new SkipTally()
  for await (const { chosen, rejected } of rewardPairs(src, o, runs, skips)) {
    const [cd, rd] = [await readDetail(src, chosen.id), await readDetail(src, rejected.id)]
    // a side too large to read whole has a hole in its messages: no pair is made of part of a conversation
    if (conversationCut(cd.cuts) || conversationCut(rd.cuts)) {
      skips.add('notReadWhole', 2)
      continue
    }
    const c = toChatMessages(cd.turns)
    const r = toChatMessages(rd.turns)
    let shared = 0
    while (
      shared < c.length &&
      shared < r.length &&
      c[shared].role !== 'assistant' &&
      sameMessage(c[shared], r[shared])
    )
      shared++
    const line = {
      prompt: c.slice(0, shared),
      chosen: c.slice(shared),
      rejected: r.slice(shared),
      taskKey: chosen.taskKey,
      chosenEpisode: { id: chosen.id, runId: chosen.runId, rollout: chosen.rollout, reward: chosen.reward },
      rejectedEpisode: { id: rejected.id, runId: rejected.runId, rollout: rejected.rollout, reward: rejected.reward }
    }
    await write(JSON.stringify(line) + '\n')
    pairs++
  }
  return { format: 'preference', episodes: pairs * 2, pairs, ...skips.result() }
}

/**
 * What a preference export will write, from the rollouts' summaries alone (the export dialog's count): the pairs
 * their rewards make and the selected episodes in no pair, by reason. Only a side too large to read whole, found
 * when the pair is read, can still cost a pair.
 */
export async function previewPreference(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[]
): Promise<NonNullable<ExportPreview['preference']>> {
  let pairs = 0
  const skips = new SkipTally()
  for await (const _ of rewardPairs(src, o, runs, skips)) pairs++
  return { pairs, skippedBy: (skips.result().skippedBy ?? {}) as Partial<Record<PreferenceSkip, number>> }
}

/**
 * The pairs the rewards make, in the order they are written, each with its better rollout first; every selected
 * episode that goes into none is added to `skips` under its reason (SkipReason).
 */
async function* rewardPairs(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[],
  skips: SkipTally
): AsyncGenerator<{ chosen: EpisodeSummary; rejected: EpisodeSummary }> {
  // a selection that cannot be paired is the caller's mistake (bad usage, exit 2 in the CLI), not a failed export
  if (o.episodeIds?.length)
    throw new BadRequestError('preference pairs are made from runs; use --run (and --filter/--label), not --episode')
  if (runs.length > 2)
    throw new BadRequestError(
      `preference pairs need one run (rollouts of a task) or two runs (the same task in both), got ${runs.length}`
    )
  /** The pair of a and b, better first; nothing (counted under its reason) when their rewards make none. */
  const pairOf = (a: EpisodeSummary, b: EpisodeSummary) => {
    const [chosen, rejected] = rewardOf(a) >= rewardOf(b) ? [a, b] : [b, a]
    if (chosen.reward === null || rejected.reward === null) return void skips.add('noReward', 2)
    if (chosen.reward <= rejected.reward) return void skips.add('tie', 2)
    return { chosen, rejected }
  }

  if (runs.length === 2) {
    // Per task of each run, its best rollout and how many it has (summaries only: one small object per task).
    const [tasksA, tasksB] = [await bestPerTask(src, runs[0].id, o), await bestPerTask(src, runs[1].id, o)]
    for (const [task, a] of tasksA) {
      const b = tasksB.get(task)
      if (!b) {
        skips.add('taskInOneRun', a.rollouts)
        continue
      }
      skips.add('notCompared', a.rollouts - 1 + b.rollouts - 1)
      const pair = pairOf(a.best, b.best)
      if (pair) yield pair
    }
    for (const [task, b] of tasksB) if (!tasksA.has(task)) skips.add('taskInOneRun', b.rollouts)
    return
  }
  for (const run of runs) {
    let group: EpisodeSummary[] = []
    /** One task's rollouts: its best against its worst, when they make a pair. */
    function* flush(): Generator<{ chosen: EpisodeSummary; rejected: EpisodeSummary }> {
      // a rollout without a reward (errored, unscored) pairs with nothing; its task's scored ones still make their
      // pair (it was best against the unscored one: no pair, and the scored ones counted as unscored)
      const scored = group.filter((e) => e.reward !== null)
      skips.add('noReward', group.length - scored.length)
      if (scored.length < 2) skips.add('loneRollout', scored.length)
      else {
        const sorted = [...scored].sort((x, y) => rewardOf(y) - rewardOf(x))
        skips.add('notCompared', scored.length - 2)
        const pair = pairOf(sorted[0], sorted[sorted.length - 1])
        if (pair) yield pair
      }
      group = []
    }
    for await (const e of runEpisodes(src, run.id, o, 'taskKey')) {
      if (group.length && group[0].taskKey !== e.taskKey) yield* flush()
      group.push(e)
    }
    yield* flush()
  }
}

/** The best-rewarded rollout of each task of a run, and how many rollouts the task has there. */
async function bestPerTask(
  src: ExportSource,
  runId: string,
  o: ExportOptions
): Promise<Map<string, { best: EpisodeSummary; rollouts: number }>> {
  const tasks = new Map<string, { best: EpisodeSummary; rollouts: number }>()
  for await (const e of runEpisodes(src, runId, o)) {
    const t = tasks.get(e.taskKey)
    if (!t) tasks.set(e.taskKey, { best: e, rollouts: 1 })
    else {
      t.rollouts++
      if (rewardOf(e) > rewardOf(t.best)) t.best = e
    }
  }
  return tasks
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
