import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readLines, type Line } from '../../../src-main/formats/readers/line-reader'

function linesOf(content: Buffer | string, max = 1e9): { lines: Line[]; result: ReturnType<typeof readLines> } {
  const file = join(mkdtempSync(join(tmpdir(), 'rs-lines-')), 'f.jsonl')
  writeFileSync(file, content)
  const fd = openSync(file, 'r')
  const lines: Line[] = []
  try {
    const result = readLines(fd, 0, max, (l) => void lines.push(l))
    return { lines, result }
  } finally {
    closeSync(fd)
  }
}

describe('readLines', () => {
  it("reads a file inside another file's lines (its read buffer kept for the next file is not shared)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-lines-'))
    const outer = join(dir, 'outer.jsonl')
    const inner = join(dir, 'inner.jsonl')
    // lines that span read chunks in both files, so a shared buffer would mix their bytes
    const big = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}:${'y'.repeat(300_000)}`)
    writeFileSync(outer, big('o', 5).join('\n') + '\n')
    writeFileSync(inner, big('i', 4).join('\n') + '\n')
    const seen: string[] = []
    const read = (path: string, onLine: (l: Line) => void) => {
      const fd = openSync(path, 'r')
      try {
        readLines(fd, 0, 1e9, (l) => void onLine(l))
      } finally {
        closeSync(fd)
      }
    }
    for (let round = 0; round < 2; round++)
      read(outer, (l) => {
        seen.push(l.text)
        if (l.lineNo === 2) read(inner, (m) => void seen.push(m.text))
      })
    const want = [...big('o', 2), ...big('i', 4), ...big('o', 5).slice(2)]
    expect(seen).toEqual([...want, ...want])
  })

  it('splits lines with exact byte offsets, multi-byte text included', () => {
    const { lines, result } = linesOf('{"a":"café"}\n{"b":"日本語"}\n')
    expect(lines.map((l) => l.text)).toEqual(['{"a":"café"}', '{"b":"日本語"}'])
    expect(lines.map((l) => [l.offset, l.length, l.lineNo])).toEqual([
      [0, 13, 1],
      [14, 17, 2]
    ])
    expect(result).toEqual({ endOfCompleteLines: 32, tail: null, oversized: [], lastLineNo: 2 })
  })

  it('numbers lines from where a file is read on (an append after an earlier pass)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-lines-'))
    const path = join(dir, 'f.jsonl')
    writeFileSync(path, '{"a":1}\n{"b":2}\n{"c":3}\n')
    const fd = openSync(path, 'r')
    try {
      const seen: number[] = []
      const result = readLines(fd, 8, 1000, (l) => void seen.push(l.lineNo), 2)
      expect(seen).toEqual([2, 3])
      expect(result.lastLineNo).toBe(3)
    } finally {
      closeSync(fd)
    }
  })

  it('reports a partial last line as a tail', () => {
    const { lines, result } = linesOf('{"a":1}\n{"b":')
    expect(lines).toHaveLength(1)
    expect(result.tail).toEqual({ offset: 8, length: 5 })
    expect(result.endOfCompleteLines).toBe(8)
  })

  it('joins lines that span 1 MB read chunks', () => {
    const long = 'x'.repeat(3 * (1 << 20) + 17)
    const { lines } = linesOf(`"${long}"\n"short"\n`)
    expect(lines.map((l) => l.length)).toEqual([long.length + 2, 7])
    expect(lines[1].offset).toBe(long.length + 3)
  })

  it('reads a line longer than 8 MB again whole instead of gathering its pieces (same text, offsets and numbers)', () => {
    const long = `"${'é'.repeat(5 << 20)}"`
    const { lines, result } = linesOf(`"a"\n${long}\n"b"\n`)
    expect(lines.map((l) => [l.lineNo, l.offset, l.length])).toEqual([
      [1, 0, 3],
      [2, 4, Buffer.byteLength(long)],
      [3, 5 + Buffer.byteLength(long), 3]
    ])
    expect(lines[1].text === long).toBe(true)
    expect(result.oversized).toEqual([])
  })

  it('skips oversized lines without holding them and goes on', () => {
    const { lines, result } = linesOf(`"${'y'.repeat(5000)}"\n"ok"\n`, 1000)
    expect(lines.map((l) => l.text)).toEqual(['"ok"'])
    expect(result.oversized).toEqual([{ lineNo: 1, offset: 0, length: 5002 }])
  })

  it('flags invalid UTF-8', () => {
    const { lines } = linesOf(Buffer.concat([Buffer.from('"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n"b"\n')]))
    expect(lines.map((l) => l.validUtf8)).toEqual([false, true])
  })

  it('stops when the callback returns false', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rs-lines-')), 'f')
    writeFileSync(file, '1\n2\n3\n')
    const fd = openSync(file, 'r')
    const seen: string[] = []
    const r = readLines(fd, 0, 100, (l) => {
      seen.push(l.text)
      return seen.length < 2
    })
    closeSync(fd)
    expect(seen).toEqual(['1', '2'])
    expect(r.endOfCompleteLines).toBe(4)
  })
})
