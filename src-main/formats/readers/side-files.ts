/**
 * Reading the small files beside a trace (run metadata, usage, aggregate metrics) and the head of a big one,
 * bounded: an adapter's run header never costs more than a megabyte per file.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { basename } from 'node:path'
import { parseJsonLine } from './tolerant-json'
import { isObj, type Obj } from '../adapters/record-fields'

/** Most bytes read from a sibling JSON file or from the head of a results file. */
export const MAX_SIDE_FILE_BYTES = 1_000_000

/** The first `max` bytes of a file as text (never the whole of a big file). */
export function readHead(path: string, max: number): string {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(max)
    const n = readSync(fd, buf, 0, max, 0)
    return buf.subarray(0, n).toString('utf8')
  } finally {
    closeSync(fd)
  }
}

/** A small JSON file's value, or undefined when absent, too big or not JSON; `problems` collects why it was not used. */
export function readSideJson(path: string, problems: string[]): unknown {
  let buf: Buffer
  try {
    buf = readFileSync(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      problems.push(`${basename(path)} could not be read: ${(err as Error).message}`)
    return undefined
  }
  if (buf.length > MAX_SIDE_FILE_BYTES) {
    problems.push(`${basename(path)} is over ${MAX_SIDE_FILE_BYTES / 1e6} MB; not read`)
    return undefined
  }
  try {
    return parseJsonLine(buf.toString('utf8'))
  } catch (err) {
    problems.push(`${basename(path)} is not valid JSON: ${(err as Error).message}`)
    return undefined
  }
}

/** Like readSideJson, for files that must hold an object. */
export function readSideObject(path: string, problems: string[]): Obj | null {
  const v = readSideJson(path, problems)
  if (v === undefined) return null
  if (isObj(v)) return v
  problems.push(`${basename(path)} is not a JSON object`)
  return null
}

/** The first record of a JSONL file (read from its first MB), or null. */
export function firstRecordOf(path: string): Obj | null {
  try {
    const text = readHead(path, MAX_SIDE_FILE_BYTES)
    const end = text.indexOf('\n')
    const v = parseJsonLine(end < 0 ? text : text.slice(0, end))
    return isObj(v) ? v : null
  } catch {
    return null
  }
}
