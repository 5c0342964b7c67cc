import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CORPUS_RUNS, generateVerifiersCorpus } from '../../generators/verifiers-corpus.mjs'

type Row = Record<string, any>
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'corpus-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const rowsOf = (path: string): Row[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))

describe('verifiers corpus generator', () => {
  it('writes one run folder per run with valid results.jsonl rows and v0b metadata', () => {
    const { reused, manifest } = generateVerifiersCorpus({ outDir: dir, totalMB: 0.6, seed: 7 })
    expect(reused).toBe(false)
    expect(manifest.files).toHaveLength(CORPUS_RUNS.length * 2)
    let total = 0
    let episodes = 0
    for (const run of CORPUS_RUNS) {
      const results = manifest.files.find(
        (f) => f.path.includes(`${run.env}--${run.model}/`) && f.path.endsWith('results.jsonl')
      )!
      expect(results.path).toMatch(new RegExp(`^outputs/evals/${run.env}--${run.model}/[0-9a-f]{8}/results\\.jsonl$`))
      const rows = rowsOf(join(dir, results.path))
      expect(rows.length).toBe(results.episodes)
      expect(rows.length % run.rpe).toBe(0)
      for (const r of rows) {
        for (const k of [
          'id',
          'prompt',
          'completion',
          'task',
          'generation_ms',
          'scoring_ms',
          'total_ms',
          'info',
          'answer',
          'reward'
        ])
          expect(r).toHaveProperty(k)
        expect(r.task).toBe('default')
        expect(r.prompt.map((m: Row) => m.role)).toEqual(['system', 'user'])
        expect(r.correct_answer_reward_func).toBe(r.reward)
        const calls = r.completion.flatMap((m: Row) => m.tool_calls ?? [])
        expect(r.total_tool_calls).toBe(calls.length)
        expect(r[`${run.tool}_calls`]).toBe(calls.length)
        for (const c of calls) {
          // Sep-2025 math-python wrote each tool call as a JSON string; other runs use OpenAI dicts.
          expect(typeof c).toBe(run.stringToolCalls ? 'string' : 'object')
          const call = typeof c === 'string' ? JSON.parse(c) : c
          expect(call.function.name).toBe(run.tool)
          expect(typeof JSON.parse(call.function.arguments)).toBe('object')
        }
        expect(r.info.oai_tools[0].function.name).toBe(run.tool)
      }
      // Rollouts of one example share prompt and answer; ids count examples.
      for (let i = 0; i < rows.length; i += run.rpe) {
        const group = rows.slice(i, i + run.rpe)
        expect(new Set(group.map((r) => r.id))).toEqual(new Set([i / run.rpe]))
        expect(new Set(group.map((r) => JSON.stringify(r.prompt) + r.answer)).size).toBe(1)
      }
      const metaFile = manifest.files.find((f) => f.path === results.path.replace('results.jsonl', 'metadata.json'))!
      const meta = JSON.parse(readFileSync(join(dir, metaFile.path), 'utf8'))
      expect(meta).toMatchObject({
        env: run.env,
        model: run.model,
        rollouts_per_example: run.rpe,
        num_examples: rows.length / run.rpe
      })
      expect(meta.avg_reward).toBeCloseTo(rows.reduce((s, r) => s + r.reward, 0) / rows.length, 12)
      expect(meta.avg_total_tool_calls).toBeCloseTo(rows.reduce((s, r) => s + r.total_tool_calls, 0) / rows.length, 12)
      expect(meta.date).toMatch(/^2025-09-\d\d \d\d:\d\d:\d\d$/)
      episodes += rows.length
    }
    for (const f of manifest.files) {
      expect(statSync(join(dir, f.path)).size).toBe(f.bytes)
      total += f.bytes
    }
    expect(manifest.totalBytes).toBe(total)
    expect(manifest.episodes).toBe(episodes)
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest)
  })

  it('has long observations, user-role env feedback and multi-byte text on most lines', () => {
    const { manifest } = generateVerifiersCorpus({ outDir: dir, totalMB: 1, seed: 3 })
    let lines = 0
    let multiByte = 0
    let toolMsgs = 0
    let longMsgs = 0
    let feedback = 0
    for (const f of manifest.files.filter((x) => x.path.endsWith('.jsonl'))) {
      const raw = readFileSync(join(dir, f.path))
      for (const line of raw
        .toString('utf8')
        .split('\n')
        .filter((l) => l)) {
        lines++
        if (Buffer.byteLength(line) !== line.length) multiByte++
        const r = JSON.parse(line)
        r.completion.forEach((m: Row, i: number) => {
          if (m.role === 'tool') {
            toolMsgs++
            if (m.content.length >= 2000) longMsgs++
            expect(m.content.length).toBeLessThan(52_000)
          }
          if (m.role === 'user' && i > 0 && r.completion[i - 1].role === 'assistant') feedback++
        })
      }
    }
    expect(multiByte / lines).toBeGreaterThan(0.6)
    expect(longMsgs / toolMsgs).toBeGreaterThan(0.3)
    expect(longMsgs / toolMsgs).toBeLessThan(0.6)
    expect(feedback).toBeGreaterThan(0)
    expect(manifest.totalBytes).toBeGreaterThan(1e6)
  })

  it('reuses a corpus with the same parameters and regenerates otherwise', () => {
    const first = generateVerifiersCorpus({ outDir: dir, totalMB: 0.3, seed: 1 })
    const file = join(dir, first.manifest.files[0].path)
    const mtime = statSync(file).mtimeMs
    const again = generateVerifiersCorpus({ outDir: dir, totalMB: 0.3, seed: 1 })
    expect(again.reused).toBe(true)
    expect(again.manifest).toEqual(first.manifest)
    expect(statSync(file).mtimeMs).toBe(mtime)

    // Same parameters but a damaged file: regenerated, with identical content (deterministic).
    const original = readFileSync(file)
    writeFileSync(file, 'truncated')
    const repaired = generateVerifiersCorpus({ outDir: dir, totalMB: 0.3, seed: 1 })
    expect(repaired.reused).toBe(false)
    expect(readFileSync(file).equals(original)).toBe(true)

    const otherSeed = generateVerifiersCorpus({ outDir: dir, totalMB: 1, seed: 2 })
    expect(otherSeed.reused).toBe(false)
    expect(otherSeed.manifest.params).toEqual({ totalMB: 1, seed: 2 })
    // Sizes are met in whole groups of rollouts, so compare sizes far enough apart.
    const bigger = generateVerifiersCorpus({ outDir: dir, totalMB: 3, seed: 2 })
    expect(bigger.reused).toBe(false)
    expect(bigger.manifest.totalBytes).toBeGreaterThan(otherSeed.manifest.totalBytes)
    expect(bigger.manifest.totalBytes).toBeGreaterThan(3e6)

    rmSync(join(dir, 'manifest.json'))
    expect(generateVerifiersCorpus({ outDir: dir, totalMB: 3, seed: 2 }).reused).toBe(false)
  })
})
