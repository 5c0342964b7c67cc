import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateLongEpisode } from '../../generators/long-episode.mjs'
import { messagesToTurns } from '../../../src-main/formats/adapters/messages'

type Row = Record<string, any>
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'long-episode-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const rowsOf = (path: string): Row[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))

describe('long-episode generator', () => {
  it('writes a 2,000-turn, ~10 MB verifiers episode with paired tool calls, ANSI and code blocks, plus short ones', () => {
    const { reused, manifest } = generateLongEpisode({ outDir: dir })
    expect(reused).toBe(false)
    expect(manifest.results).toMatch(/^outputs\/evals\/long-horizon--qwen3-8b-agent\/[0-9a-f]{8}\/results\.jsonl$/)
    expect(statSync(join(dir, manifest.results)).size).toBe(manifest.totalBytes)
    const rows = rowsOf(join(dir, manifest.results))
    expect(rows.map((r) => r.id)).toEqual([0, 1, 2])
    const long = rows[0]
    expect(long.prompt.length + long.completion.length).toBe(2000)
    expect(manifest.long.turns).toBe(2000)
    // Within 5% of 10 MB.
    expect(Math.abs(manifest.long.bytes - 10e6)).toBeLessThan(0.5e6)

    // What the indexer makes of it: 2,000 turns, every tool result paired with its call.
    const turns = messagesToTurns(long.prompt, long.completion)
    expect(turns).toHaveLength(2000)
    expect(turns.at(-1)!.role).toBe('assistant')
    expect(turns.at(-1)!.text).toBe(manifest.long.lastText)
    const tools = turns.filter((t) => t.role === 'tool')
    expect(tools).toHaveLength(manifest.long.toolCalls)
    expect(tools.every((t) => t.toolName === 'bash' && t.toolCallId?.startsWith('call_'))).toBe(true)
    expect(long.total_tool_calls).toBe(manifest.long.toolCalls)

    const texts = long.completion.map((m: Row) => String(m.content ?? ''))
    expect(tools.filter((t) => t.text.length > 2000).length).toBeGreaterThan(200)
    expect(texts.filter((t: string) => t.includes('\u001b[')).length).toBeGreaterThan(50)
    expect(texts.filter((t: string) => t.includes('```python\n')).length).toBeGreaterThan(50)
    expect(long.completion.filter((m: Row) => m.reasoning_content).length).toBeGreaterThan(20)

    for (const r of rows.slice(1)) expect(r.prompt.length + r.completion.length).toBeLessThan(60)
    const meta = JSON.parse(readFileSync(join(dir, manifest.metadata), 'utf8'))
    expect(meta).toMatchObject({
      env: 'long-horizon',
      model: 'qwen3-8b-agent',
      num_examples: 3,
      rollouts_per_example: 1
    })
  })

  it('is deterministic, reuses an intact copy and regenerates a changed one', () => {
    const a = generateLongEpisode({ outDir: dir, turns: 300, mb: 1 })
    const first = readFileSync(join(dir, a.manifest.results))
    expect(a.manifest.long.turns).toBe(300)
    expect(generateLongEpisode({ outDir: dir, turns: 300, mb: 1 }).reused).toBe(true)
    // Another seed: other bytes; the same seed again: the same bytes.
    const b = generateLongEpisode({ outDir: dir, turns: 300, mb: 1, seed: 2 })
    expect(b.reused).toBe(false)
    expect(readFileSync(join(dir, b.manifest.results)).equals(first)).toBe(false)
    const c = generateLongEpisode({ outDir: dir, turns: 300, mb: 1 })
    expect(c.reused).toBe(false)
    expect(readFileSync(join(dir, c.manifest.results)).equals(first)).toBe(true)
  })

  it('odd turn counts still end on the final answer', () => {
    const { manifest } = generateLongEpisode({ outDir: dir, turns: 101, mb: 0.2 })
    const row = rowsOf(join(dir, manifest.results))[0]
    expect(row.prompt.length + row.completion.length).toBe(101)
    expect(row.completion.at(-1).content).toContain('\\boxed{')
  })
})
