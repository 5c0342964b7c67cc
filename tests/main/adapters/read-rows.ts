/** Reads a JSONL fixture the way the indexer does: one record per non-blank line, tolerant of NaN. */
import { readFileSync } from 'node:fs'
import { parseJsonLine } from '../../../src-main/formats/readers/tolerant-json'

export type Row = Record<string, unknown>

/** Parsed records of every line that parses, plus the error of each line that does not. */
export function readJsonl(path: string): { rows: Row[]; errors: { line: number; message: string }[] } {
  const rows: Row[] = []
  const errors: { line: number; message: string }[] = []
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!text.trim()) return
      try {
        rows.push(parseJsonLine(text) as Row)
      } catch (err) {
        errors.push({ line: i + 1, message: (err as Error).message })
      }
    })
  return { rows, errors }
}

/** Records of a fixture that must parse completely. */
export function rowsOf(path: string): Row[] {
  const { rows, errors } = readJsonl(path)
  if (errors.length) throw new Error(`${path}: ${errors[0].message}`)
  return rows
}
