/**
 * A SWE-agent / mini-swe-agent run folder's exit statuses (FORMATS.md §3.1-3.2): `exit_statuses_<unix>.yaml`
 * (mini-swe-agent, one per batch start) or `run_batch_exit_statuses.yaml` (SWE-agent), each
 * `instances_by_exit_status: {Submitted: [...], TimeoutExpired: [...]}`. The only record of how an instance without
 * a trajectory on disk ended (the corpus dev run: three instances timed out). Read synchronously (the indexer's
 * transaction), small files only.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { readHead, MAX_SIDE_FILE_BYTES } from '../readers/side-files'
import { isObj } from './record-fields'

const FILE = /^(?:exit_statuses_(\d+(?:\.\d+)?)|run_batch_exit_statuses)\.yaml$/

/** Instance id → exit status of the folder's newest exit-status file; empty when it has none (or it is unreadable). */
export function runExitStatuses(runDir: string): Map<string, string> {
  const out = new Map<string, string>()
  let names: string[]
  try {
    names = readdirSync(runDir).filter((n) => FILE.test(n))
  } catch {
    return out
  }
  // the newest batch last: its statuses win (a resumed run reruns the instances that did not finish)
  const stamp = (n: string): number => Number(FILE.exec(n)?.[1] ?? Infinity)
  names.sort((a, b) => stamp(a) - stamp(b))
  for (const name of names) {
    let doc: unknown
    try {
      doc = parse(readHead(join(runDir, name), MAX_SIDE_FILE_BYTES))
    } catch {
      continue // a half-written or foreign file: no statuses from it
    }
    const by = isObj(doc) ? doc.instances_by_exit_status : null
    if (!isObj(by)) continue
    for (const [status, ids] of Object.entries(by))
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'string') out.set(id, status)
  }
  return out
}
