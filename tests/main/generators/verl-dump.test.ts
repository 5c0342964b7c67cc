import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateVerlDump } from '../../generators/verl-dump.mjs'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verl-dump-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const lines = (path: string): string[] => readFileSync(path, 'utf8').split('\n')

describe('verl dump generator', () => {
  it("writes _dump_generations' files: one per step, Python json.dumps lines, a final newline", () => {
    const { rolloutDir, validationDir } = generateVerlDump({ outDir: dir, steps: 6, testFreq: 3 })
    const byStep = (a: string, b: string): number => parseInt(a) - parseInt(b)
    expect(readdirSync(rolloutDir).sort(byStep)).toEqual(['1', '2', '3', '4', '5', '6'].map((s) => `${s}.jsonl`))
    expect(readdirSync(validationDir).sort(byStep)).toEqual(['0.jsonl', '3.jsonl', '6.jsonl'])
    const text = lines(join(rolloutDir, '4.jsonl'))
    expect(text.at(-1)).toBe('') // "\n".join(lines) + "\n"
    const rows = text.filter(Boolean)
    expect(rows).toHaveLength(48)
    for (const line of rows) {
      expect(line).toMatch(
        /^\{"input": "system\\nYou are Qwen[^]*", "output": "[^]*", "gts": "\d+", "score": -?1\.0, "step": 4, "acc": (true|false), "pred": "[^"]*"\}$/
      )
    }
    const val = JSON.parse(lines(join(validationDir, '3.jsonl'))[0]) as Record<string, unknown>
    expect(Object.keys(val)).toEqual(['input', 'output', 'gts', 'score', 'step', 'reward', 'acc', 'pred'])
  })

  it('groups of 8 with the same input, scattered as balance_batch leaves them', () => {
    const { rolloutDir } = generateVerlDump({ outDir: dir, steps: 2 })
    const inputs = lines(join(rolloutDir, '1.jsonl'))
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { input: string }).input)
    const counts = new Map<string, number>()
    for (const i of inputs) counts.set(i, (counts.get(i) ?? 0) + 1)
    expect([...counts.values()]).toEqual(Array(6).fill(8))
    const consecutive = inputs.every((v, i) => i % 8 === 0 || v === inputs[i - 1])
    expect(consecutive).toBe(false)
  })
})
