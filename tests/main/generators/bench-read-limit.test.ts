import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forEachLine, measureReadLimit } from '../../bench/read-limit.mjs'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'read-limit-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('bench line reader (the machine-limit baseline)', () => {
  it('splits lines across 1 MB chunk boundaries, keeps multi-byte characters and a last line without newline', async () => {
    const long = 'x'.repeat(1_500_000) + 'é日本'
    const text = `{"a":1}\n${JSON.stringify({ s: long })}\n\n{"b":"café 🚀"}\n{"c":3}`
    const file = join(dir, 'a.jsonl')
    writeFileSync(file, text)
    const lines: string[] = []
    let bytes = 0
    await forEachLine(file, (l, n) => {
      lines.push(l)
      bytes += n
    })
    expect(lines.map((l) => Object.keys(JSON.parse(l))[0])).toEqual(['a', 's', 'b', 'c'])
    expect(JSON.parse(lines[1]).s).toBe(long)
    expect(JSON.parse(lines[2]).b).toBe('café 🚀')
    // The empty line's newline is not counted; everything else is.
    expect(bytes).toBe(Buffer.byteLength(text) - 1)
  })

  it('measures bytes and lines of jsonl and whole-JSON files', async () => {
    writeFileSync(join(dir, 'r.jsonl'), '{"x":1}\n{"x":2}\n')
    writeFileSync(join(dir, 'm.json'), '{"env":"e"}')
    const r = await measureReadLimit([join(dir, 'r.jsonl'), join(dir, 'm.json')], 2)
    expect(r.bytes).toBe(16 + 11)
    expect(r.lines).toBe(2)
    expect(r.passes).toHaveLength(2)
    expect(r.mbPerSec).toBeGreaterThan(0)
  })

  it('rejects a corrupt line (the baseline parses everything)', async () => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"x":1}\n{"x":\n')
    await expect(measureReadLimit([join(dir, 'bad.jsonl')], 1)).rejects.toThrow(SyntaxError)
  })
})
