/**
 * Where prime-rl writes a training run's rollouts, and what the place says (FORMATS.md §9):
 * - since Aug 2026 (`src/prime_rl/monitors/file.py` FileMonitor.log_episodes):
 *   `<output_dir>/rollouts/step_<N>/<train|eval>/<all|effective>/traces.jsonl`, one verifiers v1 Episode per line;
 *   `all` gets every finished rollout as it arrives (errored, rejected and never-batched ones too), `effective` the
 *   subset the batch filters kept, written once when the batch is shipped (eval: the non-errored ones);
 * - Apr → Jul 2026 (PR #2248, until #2983): `<output_dir>/rollouts/step_<N>/train_rollouts.jsonl` and
 *   `eval_rollouts_<env>.jsonl` (`eval_rollouts.jsonl` at first), ordinary verifiers results.jsonl rows.
 * The step is the folder's: for train rollouts it is the batch the rollout landed in (the orchestrator logs a
 * train rollout under `progress.step`, while the record's `run.work.step` is the step it was dispatched at).
 * One output folder is one training run per kind of work: its train rollouts and its evals are two runs.
 */
import { closeSync, existsSync, openSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { FormatContext } from '../context'
import { readLines } from '../readers/line-reader'
import { parseJsonLine } from '../readers/tolerant-json'
import { isObj } from './record-fields'

export type WorkKind = 'train' | 'eval'
export type Subset = 'all' | 'effective'

export interface RolloutPlace {
  /** The trainer's output folder (the one holding `rollouts/`). */
  outputDir: string
  step: number
  kind: WorkKind
  /** `all` / `effective` for the Episode files; null for the Apr–Jul 2026 verifiers-row files. */
  subset: Subset | null
  /** For `eval_rollouts_<env>.jsonl`: the env named in the file name. */
  env: string | null
}

const EPISODE_FILE = /^(.*)[\\/]rollouts[\\/]step_(\d+)[\\/](train|eval)[\\/](all|effective)[\\/]traces\.jsonl$/
const ROW_FILE = /^(.*)[\\/]rollouts[\\/]step_(\d+)[\\/](train|eval)_rollouts(?:_(.+))?\.jsonl$/

/** What a file's path says about its rollouts, or null for a path outside a prime-rl rollouts folder. */
export function rolloutPlace(path: string): RolloutPlace | null {
  const e = EPISODE_FILE.exec(path)
  if (e) return { outputDir: e[1], step: Number(e[2]), kind: e[3] as WorkKind, subset: e[4] as Subset, env: null }
  const r = ROW_FILE.exec(path)
  if (r) return { outputDir: r[1], step: Number(r[2]), kind: r[3] as WorkKind, subset: null, env: r[4] ?? null }
  return null
}

/** The run a rollouts file belongs to: its output folder and kind of work (every step's file feeds it). */
export const trainingRunKey = (place: RolloutPlace): string => `${join(place.outputDir, 'rollouts')}#${place.kind}`

/** The `all` file an `effective` file is the kept subset of (its companion rule), null for other paths. */
export function allFileOf(path: string): string | null {
  const place = rolloutPlace(path)
  if (!place || place.subset !== 'effective') return null
  return join(dirname(dirname(path)), 'all', 'traces.jsonl')
}

/** Longest `effective` line looked at (a whole episode with its token arrays). */
const MAX_LINE_BYTES = 64e6
/** The episode id at the head of a line: orjson writes `id` first. */
const ID_HEAD = /^\s*\{\s*"id"\s*:\s*"([^"\\]+)"/

/**
 * Ids of the episodes the batch filters kept at the step of an `all` file (those of the `effective` file beside
 * it), or null when there is no such file (not written yet: the batch is still collecting, or the run was stopped).
 * Read once per job and file; only the head of each line is looked at unless the id is not first.
 */
export function keptEpisodeIds(allPath: string, ctx: FormatContext): Set<string> | null {
  const place = rolloutPlace(allPath)
  if (!place || place.subset !== 'all') return null
  const effective = join(dirname(dirname(allPath)), 'effective', 'traces.jsonl')
  return ctx.memo(`prime-rl:kept:${effective}`, () => {
    if (!existsSync(effective)) return null
    const ids = new Set<string>()
    let fd: number
    try {
      fd = openSync(effective, 'r')
    } catch {
      return null
    }
    try {
      readLines(fd, 0, MAX_LINE_BYTES, (line) => {
        const m = ID_HEAD.exec(line.text.slice(0, 200))
        // a match is a slice of the line and would keep the whole line (an episode, KBs) alive while the set lives:
        // a copy of the id's characters is kept instead (no escapes in it: the pattern excludes them)
        if (m) ids.add(JSON.parse(`"${m[1]}"`) as string)
        else if (line.text.trim()) {
          try {
            const r = parseJsonLine(line.text)
            if (isObj(r) && typeof r.id === 'string') ids.add(r.id)
          } catch {
            // a torn last line (the batch is being written): the next pass reads it whole
          }
        }
      })
    } finally {
      closeSync(fd)
    }
    return ids
  })
}
