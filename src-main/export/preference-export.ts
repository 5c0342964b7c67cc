/**
 * `preference`: `{prompt, chosen, rejected}` pairs of the same task. One run: per task, the best-rewarded rollout
 * against the worst (tasks read in task-key order, so one task's rollouts are at hand at once). Two runs: per task
 * both have, the better rollout of one run against the worse of the other (the best of each; ties are skipped).
 * `prompt` is the prompt messages both share (the common prefix); anything after it is each side's completion.
 */
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { toChatMessages, type ChatMessage } from './chat-messages'
import type { ChunkWriter, ExportOptions, ExportResult, ExportSource } from './export-types'
import { readDetail, runEpisodes } from './select-episodes'

const rewardOf = (e: EpisodeSummary): number => e.reward ?? Number.NEGATIVE_INFINITY

export async function exportPreference(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[],
  write: ChunkWriter
): Promise<ExportResult> {
  if (o.episodeIds?.length)
    throw new Error('preference pairs are made from runs; use --run (and --filter/--label), not --episode')
  if (runs.length > 2)
    throw new Error(
      `preference pairs need one run (rollouts of a task) or two runs (the same task in both), got ${runs.length}`
    )
  let pairs = 0
  let skipped = 0
  const emit = async (a: EpisodeSummary, b: EpisodeSummary): Promise<void> => {
    const [chosen, rejected] = rewardOf(a) >= rewardOf(b) ? [a, b] : [b, a]
    if (chosen.reward === null || rejected.reward === null || chosen.reward <= rejected.reward)
      return void (skipped += 2)
    const [cd, rd] = [await readDetail(src, chosen.id), await readDetail(src, rejected.id)]
    // a side too large to read whole has a hole in its messages: no pair is made of part of a conversation
    if (cd.cuts?.length || rd.cuts?.length) return void (skipped += 2)
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
    // The best rollout per task of run A (summaries only: one small object per task), then run B streamed against it.
    const bestA = new Map<string, EpisodeSummary>()
    for await (const e of runEpisodes(src, runs[0].id, o))
      if (!bestA.has(e.taskKey) || rewardOf(e) > rewardOf(bestA.get(e.taskKey)!)) bestA.set(e.taskKey, e)
    const bestB = new Map<string, EpisodeSummary>()
    for await (const e of runEpisodes(src, runs[1].id, o))
      if (!bestB.has(e.taskKey) || rewardOf(e) > rewardOf(bestB.get(e.taskKey)!)) bestB.set(e.taskKey, e)
    for (const [task, a] of bestA) {
      const b = bestB.get(task)
      if (b) await emit(a, b)
      else skipped++
    }
    skipped += [...bestB.keys()].filter((k) => !bestA.has(k)).length
  } else {
    for (const run of runs) {
      let group: EpisodeSummary[] = []
      const flush = async (): Promise<void> => {
        if (group.length < 2) skipped += group.length
        else {
          const sorted = [...group].sort((x, y) => rewardOf(y) - rewardOf(x))
          await emit(sorted[0], sorted[sorted.length - 1])
          skipped += group.length - 2
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
  return { format: 'preference', episodes: pairs * 2, pairs, skipped }
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
