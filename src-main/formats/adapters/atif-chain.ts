/**
 * Finding the files an ATIF trajectory refers to: its continuations (`continued_trajectory_ref`), the sub-agent
 * trajectories of its steps (`subagent_trajectory_ref`) and, in a Harbor trial folder, the trial's `result.json`.
 * References are file names relative to the trajectory's folder; Harbor's golden files carry a test-name prefix
 * (`<name>.trajectory.cont-1.json` for a ref `trajectory.cont-1.json`), so both spellings are tried.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isObj, type Obj } from './record-fields'
import { parseJsonLine } from '../readers/tolerant-json'

/** Largest companion file read (a continuation or a trial result). */
const MAX_COMPANION = 64e6
/** Longest continuation chain followed (a reference loop ends here too). */
const MAX_CHAIN = 50

export const isAtif = (doc: unknown): doc is Obj =>
  isObj(doc) &&
  typeof doc.schema_version === 'string' &&
  doc.schema_version.startsWith('ATIF-') &&
  Array.isArray(doc.steps)

/** A trajectory that continues another one, or a sub-agent's: read through its parent, never on its own. */
export function isChildTrajectory(doc: Obj, path: string): boolean {
  const extra = isObj(doc.agent) && isObj(doc.agent.extra) ? doc.agent.extra : {}
  return (
    /\.cont-\d+\.json$/.test(path) ||
    typeof extra.continuation_index === 'number' ||
    typeof extra.parent_session_id === 'string'
  )
}

/** The path a reference written in `fromPath` names, if such a file exists. */
export function resolveRef(fromPath: string, ref: string): string | null {
  const dir = dirname(fromPath)
  const direct = join(dir, basename(ref))
  if (existsSync(direct)) return direct
  const stem = basename(fromPath).replace(/\.trajectory(\.cont-\d+)?\.json$/, '')
  if (stem !== basename(fromPath)) {
    const prefixed = join(dir, `${stem}.${basename(ref)}`)
    if (existsSync(prefixed)) return prefixed
  }
  return null
}

/** A small JSON companion file, or null when absent, too big or not JSON. */
export function readCompanion(path: string): unknown {
  try {
    if (statSync(path).size > MAX_COMPANION) return null
    return parseJsonLine(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/** The trajectory followed by its continuations, in order (each with the path it was read from). */
export function continuationChain(doc: Obj, path: string): { doc: Obj; path: string }[] {
  const chain = [{ doc, path }]
  const seen = new Set([path])
  let cur = chain[0]
  while (chain.length < MAX_CHAIN && typeof cur.doc.continued_trajectory_ref === 'string') {
    const next = resolveRef(cur.path, cur.doc.continued_trajectory_ref)
    if (!next || seen.has(next)) break
    const d = readCompanion(next)
    if (!isAtif(d)) break
    seen.add(next)
    cur = { doc: d, path: next }
    chain.push(cur)
  }
  return chain
}

/** A Harbor trial's result.json for a trajectory at `<trial>/agent/trajectory.json` (or beside it). */
export function trialResultFor(path: string): { result: Obj; trialDir: string } | null {
  for (const dir of [dirname(dirname(path)), dirname(path)]) {
    const result = readCompanion(join(dir, 'result.json'))
    if (isTrialResult(result)) return { result, trialDir: dir }
  }
  return null
}

/** Harbor's TrialResult: `task_name` and `trial_name` with verifier / agent / exception facts. */
export const isTrialResult = (v: unknown): v is Obj =>
  isObj(v) &&
  typeof v.task_name === 'string' &&
  typeof v.trial_name === 'string' &&
  ('verifier_result' in v || 'agent_result' in v || 'exception_info' in v)

/** Harbor's JobStats `result.json` (n_trials, evals...). */
export const isJobResult = (v: unknown): v is Obj => isObj(v) && typeof v.n_trials === 'number' && isObj(v.evals)
