/**
 * verifiers metadata.json (FORMATS.md §1.3), every era:
 * v0a `env, model, date "YYYY-MM-DD", time "HH:MM:SS"`; v0b `date "YYYY-MM-DD HH:MM:SS"`, `time_ms`,
 * `avg_*`; v1 `env_id, base_url, avg_metrics{}`; v2 + `usage{}`, `version_info{}`, `tools[]`;
 * v3 + `time` (seconds), `pass_at_k{}`, `pass_threshold`, ISO `date`.
 *
 * Producer's figures: `avg_reward` is shown beside Rollscope's mean reward but never trusted over the rows
 * (FORMATS.md §9: it is sometimes 0.0 for runs whose rows average above 1); `time_ms` / `time` is the eval's wall
 * time (GenerateMetadata: "whole-eval wall-clock seconds").
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { DocumentAdapter, ProducerHeadlineInput, RunHeader } from '../types'
import { RecordError } from '../types'
import { isObj, num, str, type Obj } from './record-fields'
import { parseJsonLine } from '../readers/tolerant-json'
import { defineFormat } from '../define-format'

/** A metadata.json by its keys: env id + model + run aggregates or config, and no rows (FORMATS.md §1.3). */
export function isVerifiersMetadata(o: Record<string, unknown>): boolean {
  return (
    ('env_id' in o || 'env' in o) &&
    'model' in o &&
    ('avg_reward' in o || 'num_examples' in o || 'rollouts_per_example' in o) &&
    !('prompt' in o)
  )
}

/**
 * The metadata.json file itself, recognized by content (whatever its name): a companion of the results.jsonl beside
 * it, which reads it for its run header (verifiersRunHeader); alone, it says there are no episodes.
 */
export const verifiersMetadataAdapter = defineFormat<DocumentAdapter>({
  format: 'verifiers-metadata',
  // before every other whole-document format: its keys are few and common (env, model)
  priority: 170,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc) => isObj(doc) && isVerifiersMetadata(doc),
  index: () => [],
  companionWarnings: (path) =>
    existsSync(join(dirname(path), 'results.jsonl'))
      ? []
      : ['metadata only: there is no results.jsonl beside it, so there are no episodes to index'],
  parseEpisode() {
    throw new RecordError('a verifiers metadata.json has no episodes')
  }
})

/** Header values larger than this (serialized) are replaced by a note: the header is stored per run. */
const MAX_HEADER_VALUE_CHARS = 8192

/**
 * Reads a verifiers metadata.json. Null when the file does not exist; throws (SyntaxError, or an
 * Error for a non-object) when it exists but is not a JSON object.
 */
export function readVerifiersMetadata(path: string): Obj | null {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  const parsed = parseJsonLine(text)
  if (!isObj(parsed)) throw new Error('metadata.json is not a JSON object')
  return parsed
}

/**
 * Run facts of a parsed metadata.json: env, model, creation time, checkpoint step, pass threshold, the producer's
 * headline and wall time, and a storable header.
 */
export function verifiersMetadataFacts(meta: Obj): Omit<RunHeader, 'name'> {
  const header: Obj = {}
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'tools' && Array.isArray(value)) {
      // full JSON schemas of every tool (13 KB in agent_dojo): the names are what a run list needs
      header.toolNames = value.map((t) => (isObj(t) ? str(t.name) : null)).filter((n) => n !== null)
      continue
    }
    const size = typeof value === 'object' && value !== null ? JSON.stringify(value).length : 0
    header[key] = size > MAX_HEADER_VALUE_CHARS ? `[omitted: ${size.toLocaleString('en-US')} characters]` : value
  }
  const avg = num(meta.avg_reward)
  const headlines: ProducerHeadlineInput[] =
    avg === null
      ? []
      : [{ label: 'avg_reward', value: avg, source: 'metadata.json avg_reward', matches: 'meanReward', trust: 'rows' }]
  return {
    env: str(meta.env_id) ?? str(meta.env),
    model: str(meta.model),
    createdAt: createdAtOf(meta),
    checkpointStep: checkpointStepOf(meta),
    header,
    passThreshold: num(meta.pass_threshold),
    headlines,
    wallTimeMs: wallTimeMsOf(meta)
  }
}

/**
 * Wall time of the eval in ms: `time_ms` (v0b–v2), else a numeric `time` (v3, seconds; v0a's `time` is a clock
 * time string). A zero is no measurement (BigBench-BBH's header, written with avg_reward 0.0 and no metrics, has
 * `time_ms` 0.0): null.
 */
function wallTimeMsOf(meta: Obj): number | null {
  const ms = num(meta.time_ms) ?? (num(meta.time) !== null ? (meta.time as number) * 1000 : null)
  return ms !== null && ms > 0 ? ms : null
}

/**
 * Training step of the checkpoint evaluated, from a top-level `checkpoint_step`, else `step`. verifiers itself
 * writes neither (GenerateMetadata has no such field, and prime-rl keeps the step in the output folder,
 * `evals/step_N/<env>/`), so these come from wrappers that add them to the header. `env_args` and `sampling_args`
 * are not searched: they are the environment's and the sampler's own arguments, where a `step` means something else.
 */
function checkpointStepOf(meta: Obj): number | null {
  for (const key of ['checkpoint_step', 'step']) {
    const v = num(meta[key])
    if (v !== null && Number.isInteger(v) && v >= 0) return v
  }
  return null
}

/** `<env>--<model>/<run id>/results.jsonl` → env, model (`--` → `/`), run folder. Splits on the FIRST `--`. */
export function namesFromFolder(resultsPath: string): { env: string | null; model: string | null; runFolder: string } {
  const runFolder = basename(dirname(resultsPath))
  const envModel = basename(dirname(dirname(resultsPath)))
  const at = envModel.indexOf('--')
  if (at <= 0 || at + 2 >= envModel.length) return { env: null, model: null, runFolder }
  return { env: envModel.slice(0, at), model: envModel.slice(at + 2).replace(/--/g, '/'), runFolder }
}

/**
 * Run header of a verifiers results.jsonl: from the sibling metadata.json, else from the folder
 * names (then `header.nameFromFolder` says so). Never throws: a broken metadata.json is reported in
 * `header.metadataError` and the folder names are used.
 */
export function verifiersRunHeader(resultsPath: string): RunHeader {
  let meta: Obj | null = null
  let metadataError: string | null = null
  try {
    meta = readVerifiersMetadata(join(dirname(resultsPath), 'metadata.json'))
  } catch (err) {
    metadataError = err instanceof Error ? err.message : String(err)
  }
  const folder = namesFromFolder(resultsPath)
  const facts = meta ? verifiersMetadataFacts(meta) : null
  const header: Obj = facts ? facts.header : {}
  const env = facts?.env ?? folder.env
  const model = facts?.model ?? folder.model
  if ((!facts?.env && folder.env !== null) || (!facts?.model && folder.model !== null)) header.nameFromFolder = true
  if (metadataError) header.metadataError = `metadata.json could not be read: ${metadataError}`
  const file = basename(resultsPath)
  const runLabel = file === 'results.jsonl' ? folder.runFolder : file.replace(/\.jsonl$/i, '')
  const known = [env, model].filter((v): v is string => v !== null)
  const parent = basename(dirname(dirname(resultsPath)))
  const name = known.length ? `${known.join(' · ')} (${runLabel})` : `${parent}/${runLabel}`
  return {
    name,
    env,
    model,
    createdAt: facts?.createdAt ?? null,
    checkpointStep: facts?.checkpointStep ?? null,
    header,
    passThreshold: facts?.passThreshold ?? null,
    headlines: facts?.headlines ?? [],
    wallTimeMs: facts?.wallTimeMs ?? null
  }
}

/**
 * Creation time as an ISO-like local timestamp: v0a `date` + `time` → `YYYY-MM-DDTHH:MM:SS`,
 * v0b `YYYY-MM-DD HH:MM:SS` → the same with a `T`, ISO dates (v3) kept; a date alone stays a date.
 * (v0b/v3 `time` / `time_ms` are durations, not clock times.)
 */
function createdAtOf(meta: Obj): string | null {
  const date = str(meta.date)?.trim()
  if (!date) return null
  const time = str(meta.time)?.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    return time && /^\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(time) ? `${date}T${time}` : date
  }
  return /^\d{4}-\d{2}-\d{2} \d/.test(date) ? date.replace(' ', 'T') : date
}
