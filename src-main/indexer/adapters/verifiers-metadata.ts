import { readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { RunHeader } from './types'
import { isObj, num, str, type Obj } from './record-fields'
import { parseJsonLine } from '../tolerant-json'

/** Reads a verifiers metadata.json (any era, FORMATS.md §1.3); null when absent or not an object. */
export function readVerifiersMetadata(path: string): Obj | null {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return null
  }
  const parsed = parseJsonLine(text)
  return isObj(parsed) ? parsed : null
}

/** `<env>--<model>/<run id>/results.jsonl` → env, model, id (model `--` → `/`). Split on the first `--`. */
export function namesFromFolder(resultsPath: string): { env: string | null; model: string | null; runFolder: string } {
  const runFolder = basename(dirname(resultsPath))
  const envModel = basename(dirname(dirname(resultsPath)))
  const at = envModel.indexOf('--')
  if (at <= 0) return { env: null, model: null, runFolder }
  return { env: envModel.slice(0, at), model: envModel.slice(at + 2).replace(/--/g, '/'), runFolder }
}

/** Run header of a verifiers results.jsonl: from the sibling metadata.json, else from the folder names. */
export function verifiersRunHeader(resultsPath: string): RunHeader {
  const meta = readVerifiersMetadata(join(dirname(resultsPath), 'metadata.json'))
  const folder = namesFromFolder(resultsPath)
  const header: Obj = {}
  if (meta) {
    for (const [k, v] of Object.entries(meta)) {
      if (k === 'tools' && Array.isArray(v)) header.toolNames = v.map((t) => (isObj(t) ? t.name : null)).filter(Boolean)
      else header[k] = v
    }
  } else header.nameFromFolder = true
  const env = str(meta?.env_id) ?? str(meta?.env) ?? folder.env
  const model = str(meta?.model) ?? folder.model
  const name = [env, model].filter(Boolean).join(' · ') || basename(dirname(resultsPath))
  return {
    name: `${name} (${folder.runFolder})`,
    env,
    model,
    createdAt: createdAt(meta),
    checkpointStep: null,
    header,
    passThreshold: num(meta?.pass_threshold)
  }
}

/** `date` + `time` (v0a), `date` with time (v0b), or an ISO `date` (v3), as `YYYY-MM-DD HH:MM:SS` or ISO. */
function createdAt(meta: Obj | null): string | null {
  const date = str(meta?.date)
  if (!date) return null
  const time = str(meta?.time)
  return time && !date.includes(' ') && !date.includes('T') ? `${date} ${time}` : date
}
