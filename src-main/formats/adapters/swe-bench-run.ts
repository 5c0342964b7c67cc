/**
 * A SWE-agent / mini-swe-agent run as the SWE-bench harness counts it (FORMATS.md §3.3, §9): its run report
 * `<model>.<run_id>.json` (found by swe-bench.ts `runReportPaths`) names the population, `submitted_ids`, and the
 * headline, `resolved_instances / submitted_instances`. The harness's `make_run_report`
 * (swebench/harness/reporting.py) puts every submitted instance in exactly one of: `resolved_ids`,
 * `unresolved_ids`, `empty_patch_ids` (model_patch "" or None: never run), `error_ids` (no report.json, or an
 * unreadable one); a prediction for an instance outside the evaluated dataset is submitted but in no list. All but
 * the resolved count as not resolved in that headline, so here they are reward 0, the last three with an
 * `unscored` reason ('empty patch', 'error', 'not run by the harness').
 *
 * Every submitted instance is an episode of the run, also when its trajectory is not on disk: then a results-only
 * episode (`transcript: false`, no turns, the harness outcome in its info). A trajectory the report does not
 * mention is an episode with no reward (`unscored: 'not evaluated'`): the harness never counted it.
 *
 * Which file holds the results-only episodes: one trajectory of the run, the one of the first submitted instance
 * (sorted) that has a trajectory on disk, as extra episodes (locator `swebench:<instance_id>`). Not the report
 * itself: a report must stay a sidecar, because a report written after the trajectories (the usual order: run the
 * agent, then the harness) re-reads the trajectories of its folder only as a sidecar (indexer/sidecar-dependents.ts), and
 * that re-read is what gives the trajectories their rewards. The same re-read (a changed report, or preds.json,
 * which mini-swe-agent rewrites after every instance: `update_preds_file`) reads every trajectory of the run again
 * and so moves the results-only episodes to the right owner; a forced re-index too, and a deleted trajectory or
 * report (the indexer re-reads the files that read a deleted one, index-job.ts). What stays stale until then: a
 * trajectory that appears with no such change (an older owner keeps its results-only episodes, the new one's among
 * them).
 */
import { basename, dirname, join, resolve } from 'node:path'
import { statSync } from 'node:fs'
import type { DocumentRun, EpisodeBody, EpisodeSummaryRecord, ProducerHeadlineInput, RunScoring } from '../types'
import { promptHash } from './prompt-hash'
import {
  extractOf,
  findSweBenchResult,
  runReportPaths,
  sweRunHeader,
  type Extract,
  type SweBenchResult
} from './swe-bench'
import type { FormatContext } from '../context'
import { runExitStatuses } from './exit-statuses'
import { exitOutcome } from './swe-agent-shared'

/** The harness run report of a run: the first run report found for it that parses as one. */
export interface RunReport {
  path: string
  x: Extract
}

/** What the harness says of one submitted instance. */
export type Outcome = 'resolved' | 'unresolved' | 'error' | 'empty_patch' | 'not_run'

/** Outcomes the harness counts as not resolved although it has no verdict on the patch: the unscored reason. */
export const UNSCORED: Partial<Record<string, string>> = {
  error: 'error',
  empty_patch: 'empty patch',
  not_run: 'not run by the harness'
}

/** A trajectory outside the report's population, or of a run without any harness result. */
export const NOT_EVALUATED = 'not evaluated'

/** Submitted instances that are not resolved count as failures in `resolved / submitted`. */
export const SWE_BENCH_SCORING: RunScoring = {
  unscoredAs: 'failure',
  producer: 'the SWE-bench harness',
  noun: 'instances'
}

export function findRunReport(runDir: string, model: string | null, ctx: FormatContext): RunReport | null {
  for (const path of runReportPaths(runDir, model, ctx)) {
    const x = extractOf(path, ctx)
    if (x?.kind === 'run-report') return { path, x }
  }
  return null
}

/** The harness outcome of an instance of the report's run, or null when the report does not list it as submitted. */
export function reportOutcome(report: RunReport, id: string): Outcome | null {
  const x = report.x
  if (x.resolved!.has(id)) return 'resolved'
  if (x.unresolved!.has(id)) return 'unresolved'
  if (x.error!.has(id)) return 'error'
  if (x.empty!.has(id)) return 'empty_patch'
  return x.submittedSet!.has(id) ? 'not_run' : null
}

/** The run's scoring rule and the report's own headline, for the run header (none without a report). */
export function reportScoring(report: RunReport | null): { scoring?: RunScoring; headlines?: ProducerHeadlineInput[] } {
  if (!report) return {}
  const x = report.x
  const resolved = x.nResolved ?? x.resolved!.size
  const submitted = x.nSubmitted ?? x.submitted!.length
  if (!submitted) return { scoring: SWE_BENCH_SCORING }
  return {
    scoring: SWE_BENCH_SCORING,
    headlines: [
      {
        label: 'resolved / submitted',
        value: resolved / submitted,
        source: `${basename(report.path)} resolved_instances / submitted_instances (${resolved} / ${submitted})`,
        matches: 'meanReward',
        trust: 'producer'
      }
    ]
  }
}

/**
 * The reward of one trajectory: from the run report when the run has one (its population decides, so the mean
 * equals its headline), else from the nearest result swe-bench.ts finds (report.json beside it, the log tree).
 */
export function trajectoryVerdict(
  trajectoryDir: string,
  runDir: string,
  id: string,
  model: string | null,
  report: RunReport | null,
  ctx: FormatContext
): { result: SweBenchResult | null; unscored: string | null } {
  const found = findSweBenchResult(trajectoryDir, runDir, id, model, ctx)
  if (!report) return { result: found, unscored: found ? (UNSCORED[found.outcome] ?? null) : NOT_EVALUATED }
  const outcome = reportOutcome(report, id)
  if (!outcome) return { result: null, unscored: NOT_EVALUATED }
  const resolved = outcome === 'resolved'
  const result: SweBenchResult = {
    reward: resolved ? 1 : 0,
    success: resolved,
    outcome,
    source: report.path,
    runId: basename(runDir),
    // per-test counts of the instance's own report.json, when one was found
    metrics: found?.metrics ?? {}
  }
  return { result, unscored: UNSCORED[outcome] ?? null }
}

/** A trajectory of an SWE-agent or mini-swe-agent run, placed in its run (the instance, the run folder, its report). */
export interface TrajectoryRun {
  runDir: string
  id: string
  model: string | null
  report: RunReport | null
}

export const trajectoryRun = (runDir: string, id: string, model: string | null, ctx: FormatContext): TrajectoryRun => ({
  runDir,
  id,
  model,
  report: findRunReport(runDir, model, ctx)
})

/** trajectoryVerdict of the trajectory file at `path`. */
export const verdictOfTrajectory = (
  t: TrajectoryRun,
  path: string,
  ctx: FormatContext
): ReturnType<typeof trajectoryVerdict> => trajectoryVerdict(dirname(path), t.runDir, t.id, t.model, t.report, ctx)

/** The trajectory document's run: its own episode and, when it holds them, the run's results-only episodes. */
export function trajectoryRuns(
  t: TrajectoryRun,
  path: string,
  summary: EpisodeSummaryRecord,
  producer: string
): DocumentRun[] {
  const header = { ...sweRunHeader(t.runDir, t.model, t.id, { producer }), ...reportScoring(t.report) }
  return [
    {
      runKey: t.runDir,
      header,
      episodes: [{ summary, locator: '0' }, ...resultsOnlyEpisodes(t.report, t.runDir, path)]
    }
  ]
}

/** Where a trajectory of `id` would be in the run folder, in the layouts the adapters read; null when none is. */
function trajectoryOnDisk(runDir: string, id: string): string | null {
  if (!id || /[\\/]|^\.\.?$/.test(id)) return null // an id from the report is untrusted text, not a path
  for (const rel of [join(id, `${id}.traj.json`), join(id, `${id}.traj`), `${id}.traj`, `${id}.traj.json`]) {
    const p = join(runDir, rel)
    try {
      if (statSync(p).isFile()) return p
    } catch {
      // not this layout
    }
  }
  return null
}

const LOCATOR = 'swebench:'

/**
 * The results-only episodes this trajectory holds: none unless it is the trajectory of the first submitted
 * instance (sorted) with a trajectory on disk (see the file comment); then one per submitted instance without one.
 */
export function resultsOnlyEpisodes(report: RunReport | null, runDir: string, path: string): DocumentRun['episodes'] {
  if (!report) return []
  const me = resolve(path)
  const missing: string[] = []
  let owner: string | null = null
  for (const id of report.x.submitted!) {
    const at = trajectoryOnDisk(runDir, id)
    if (at === null) missing.push(id)
    else if (owner === null) {
      owner = resolve(at)
      if (owner !== me) return []
    }
  }
  if (owner === null) return []
  const exits = runExitStatuses(runDir)
  return missing.map((id) => ({
    summary: resultsOnlySummary(report, runDir, id, exits.get(id) ?? null),
    locator: LOCATOR + id
  }))
}

const SAYS: Record<Outcome, string> = {
  resolved: 'resolved',
  unresolved: 'not resolved',
  error: 'not evaluated: the harness run failed (error)',
  empty_patch: 'not evaluated: empty patch',
  not_run: 'submitted, but not run by the harness'
}

/**
 * A submitted instance without its trajectory: the harness's outcome, and how the agent ended where the run folder's
 * exit-status file says (exit-statuses.ts: `TimeoutExpired` is a truncated episode, as its trajectory would say).
 */
function resultsOnlySummary(report: RunReport, runDir: string, id: string, exit: string | null): EpisodeSummaryRecord {
  const outcome = reportOutcome(report, id)!
  const resolved = outcome === 'resolved'
  const failed = outcome === 'error' || outcome === 'not_run'
  const ended = exit === null ? null : exitOutcome(exit)
  return {
    sourceId: id,
    promptHash: promptHash([{ role: 'user', content: `swe-bench instance ${id}` }]),
    answer: null,
    reward: resolved ? 1 : 0,
    success: resolved,
    status: failed ? 'error' : (ended?.status ?? 'ok'),
    error: failed ? `SWE-bench harness: ${SAYS[outcome]}` : (ended?.error ?? null),
    ...(exit !== null ? { termination: exit } : {}),
    turns: 0,
    unscored: UNSCORED[outcome] ?? null,
    transcript: false,
    preview: `No transcript on disk. SWE-bench harness: ${SAYS[outcome]} (${basename(report.path)})`,
    metrics: {},
    info: {
      swebench: outcome,
      swebench_run_id: basename(runDir),
      transcript: 'not on disk',
      ...(exit !== null ? { exit_status: exit } : {})
    },
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    actions: { kind: 'not-recorded', why: 'known only from the harness report: the trajectory is not on disk' }
  }
}

/** Whether a locator names a results-only episode (the trajectory document is then not its source). */
export const isResultsOnlyLocator = (locator: string): boolean => locator.startsWith(LOCATOR)

/** The body of a results-only episode: no turns; the harness outcome as its info (and as its raw record). */
export function resultsOnlyBody(report: RunReport | null, locator: string): EpisodeBody {
  const id = locator.slice(LOCATOR.length)
  const outcome = report ? reportOutcome(report, id) : null
  const infoFull: Record<string, unknown> = {
    instance_id: id,
    transcript:
      'not on disk: the SWE-bench harness report lists this instance, but its trajectory is not in the run folder',
    swebench:
      report && outcome
        ? { outcome, says: SAYS[outcome], report: report.path }
        : { outcome: null, says: 'the harness report that listed it is no longer found' }
  }
  return { turns: [], tools: [], infoFull, raw: infoFull, ...(report ? { sourcePath: report.path } : {}) }
}
