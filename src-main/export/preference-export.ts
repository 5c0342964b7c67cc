/**
 * `preference`: `{prompt, chosen, rejected}` pairs of the same task. One run: per task, the best-rewarded rollout
 * against the worst (tasks read in task-key order, so one task's rollouts are at hand at once). Two runs: per task
 * both have, the better rollout of one run against the worse of the other (the best of each; ties are skipped).
 * `prompt` is the prompt messages both share (the common prefix); anything after it is each side's completion.
 * Every selected episode that goes into no pair is counted under its reason (SkipReason).
 */
import { BadRequestError } from '@contract/guards'
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
  // a selection that cannot be paired is the caller's mistake (bad usage, exit 2 in the CLI), not a failed export
  if (o.episodeIds?.length)
    throw new BadRequestError('preference pairs are made from runs; use --run (and --filter/--label), not --episode')
  if (runs.length > 2)
    throw new BadRequestError(
      `preference pairs need one run (rollouts of a task) or two runs (the same task in both), got ${runs.length}`
    )
  let pairs = 0
  const skips = new SkipTally()
  const emit = async (a: EpisodeSummary, b: EpisodeSummary): Promise<void> => {
    const [chosen, rejected] = rewardOf(a) >= rewardOf(b) ? [a, b] : [b, a]
    if (chosen.reward === null || rejected.reward === null) return skips.add('noReward', 2)
    if (chosen.reward <= rejected.reward) return skips.add('tie', 2)
    const [cd, rd] = [await readDetail(src, chosen.id), await readDetail(src, rejected.id)]
    // a side too large to read whole has a hole in its messages: no pair is made of part of a conversation
    if (conversationCut(cd.cuts) || conversationCut(rd.cuts)) return skips.add('notReadWhole', 2)
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

  if (runs.length === 2) {
    // Per task of each run, its best rollout and how many it has (summaries only: one small object per task).
    const [tasksA, tasksB] = [await bestPerTask(src, runs[0].id, o), await bestPerTask(src, runs[1].id, o)]
    for (const [task, a] of tasksA) {
      const b = tasksB.get(task)
      if (!b) {
        skips.add('taskInOneRun', a.rollouts)
        continue
      }
      await emit(a.best, b.best)
      skips.add('notCompared', a.rollouts - 1 + b.rollouts - 1)
    }
    for (const [task, b] of tasksB) if (!tasksA.has(task)) skips.add('taskInOneRun', b.rollouts)
  } else {
    for (const run of runs) {
      let group: EpisodeSummary[] = []
      const flush = async (): Promise<void> => {
        // a rollout without a reward (errored, unscored) pairs with nothing; its task's scored ones still make their
        // pair (it was best against the unscored one: no pair, and the scored ones counted as unscored)
        const scored = group.filter((e) => e.reward !== null)
        skips.add('noReward', group.length - scored.length)
        if (scored.length < 2) skips.add('loneRollout', scored.length)
        else {
          const sorted = [...scored].sort((x, y) => rewardOf(y) - rewardOf(x))
          await emit(sorted[0], sorted[sorted.length - 1])
          skips.add('notCompared', scored.length - 2)
        }
        group = []
      }
      for await (const e of runEpisodes(src, run.id, o, 'taskKey')) {
        if (group.length && group[0].taskKey !== e.taskKey) await flush()
        group.push(e)
      }
      await flush()
    }
  }
  return { format: 'preference', episodes: pairs * 2, pairs, ...skips.result() }
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
