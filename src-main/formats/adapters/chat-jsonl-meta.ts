import { readFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import type { RunHeader } from '../types'
import { isObj, num, str, type Obj } from './record-fields'
import { parseJsonLine } from '../readers/tolerant-json'

const JSONL_EXT = /\.(jsonl|ndjson)$/i

/** Path of the optional sidecar of a chat JSONL file: `<file without .jsonl>.meta.json`. */
export const chatJsonlMetaPath = (sourcePath: string): string => sourcePath.replace(JSONL_EXT, '') + '.meta.json'

/**
 * Run header of a chat JSONL file: named `<parent folder>/<file name without .jsonl>` unless the
 * sidecar gives `name`; model / env / createdAt / checkpointStep / passThreshold from the sidecar
 * (camelCase or snake_case), else null. Never throws: a broken sidecar is noted in `header.metaError`.
 */
export function chatJsonlRunHeader(sourcePath: string): RunHeader {
  const stem = basename(sourcePath).replace(JSONL_EXT, '')
  let meta: Obj = {}
  const header: Obj = {}
  try {
    const parsed = parseJsonLine(readFileSync(chatJsonlMetaPath(sourcePath), 'utf8'))
    if (isObj(parsed)) meta = parsed
    else header.metaError = 'the .meta.json sidecar is not a JSON object'
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      header.metaError = `the .meta.json sidecar could not be read: ${(err as Error).message}`
    }
  }
  return {
    name: str(meta.name) ?? `${basename(dirname(sourcePath))}/${stem}`,
    model: str(meta.model),
    env: str(meta.env) ?? str(meta.env_id),
    createdAt: str(meta.createdAt) ?? str(meta.created_at),
    checkpointStep: num(meta.checkpointStep) ?? num(meta.checkpoint_step),
    header: { ...meta, ...header },
    passThreshold: num(meta.passThreshold) ?? num(meta.pass_threshold)
  }
}
