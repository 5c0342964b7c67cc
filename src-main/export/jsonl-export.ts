/** `jsonl`: one normalized episode per line, with turns, metrics, labels, notes and where it came from. */
import type { EpisodeDetail, RunSummary } from '@contract/model'
import type { EpisodeLabels } from '@contract/labels'

/** The exported record: the transcript as indexed, plus provenance a dataset needs to trace a row back. */
export function jsonlRecord(
  d: Omit<EpisodeDetail, 'raw' | 'related'>,
  run: RunSummary | undefined,
  labels: EpisodeLabels
): Record<string, unknown> {
  return {
    id: d.id,
    provenance: {
      sourceFile: d.sourcePath,
      runId: d.runId,
      runName: d.runName,
      format: run?.format ?? null,
      model: run?.model ?? null,
      env: run?.env ?? null,
      taskKey: d.taskKey,
      taskKeyKind: d.taskKeyKind,
      sourceId: d.sourceId,
      rollout: d.rollout,
      ordinal: d.ordinal,
      checkpointStep: run?.checkpointStep ?? null,
      step: d.step
    },
    reward: d.reward,
    passed: d.passed,
    status: d.status,
    termination: d.termination,
    unscored: d.unscored,
    steps: d.steps,
    anomalies: d.anomalies,
    error: d.error,
    answer: d.answer,
    metrics: d.metrics,
    info: d.infoFull,
    tokensIn: d.tokensIn,
    tokensOut: d.tokensOut,
    durationMs: d.durationMs,
    generationMs: d.generationMs,
    labels: labels.labels,
    note: labels.note,
    turnLabels: labels.turns,
    tools: d.tools,
    turns: d.turns,
    // a record too large to read whole: which parts were cut and what was kept, so a dataset built from this line
    // knows its turns are not the whole conversation (absent when it was read whole)
    ...(d.cuts?.length ? { cuts: d.cuts } : {})
  }
}
