import { closeSync, openSync } from 'node:fs'
import { readLines, readRange } from './line-reader'
import { parseJsonLine } from './tolerant-json'
import { cutsOf, describeCuts } from './json-cuts'

const MAX_WARNINGS = 20

/**
 * Every record of a JSONL file, in order, for formats whose episodes span lines (bounded by the
 * document size limit before this is called), with each record's 1-based line number. Bad lines are
 * skipped with a warning naming them.
 */
export function readJsonlRecords(path: string): {
  records: Record<string, unknown>[]
  lines: number[]
  warnings: string[]
} {
  const records: Record<string, unknown>[] = []
  const lines: number[] = []
  const warnings: string[] = []
  let bad = 0
  const fd = openSync(path, 'r')
  try {
    const take = (text: string, lineNo: number): void => {
      if (!text.trim()) return
      try {
        const v = parseJsonLine(text)
        if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
          const cuts = cutsOf(v)
          if (cuts.length && ++bad <= MAX_WARNINGS) warnings.push(`line ${lineNo}: ${describeCuts(cuts)}`)
          records.push(v as Record<string, unknown>)
          lines.push(lineNo)
          return
        }
        throw new Error('not a JSON object')
      } catch (err) {
        if (++bad <= MAX_WARNINGS) warnings.push(`line ${lineNo}: ${(err as Error).message}; skipped`)
      }
    }
    let last = 0
    const r = readLines(fd, 0, Number.MAX_SAFE_INTEGER, (line) => {
      last = line.lineNo
      take(line.text, line.lineNo)
    })
    if (r.tail) {
      take(readRange(fd, r.tail.offset, r.tail.length).toString('utf8'), last + 1)
    }
  } finally {
    closeSync(fd)
  }
  if (bad > MAX_WARNINGS) warnings.push(`… ${bad - MAX_WARNINGS} more bad lines not listed`)
  return { records, lines, warnings }
}
