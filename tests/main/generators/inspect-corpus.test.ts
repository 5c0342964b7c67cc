import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generateInspectCorpus } from '../../generators/inspect-corpus.mjs'
import { inspectLimitPass } from '../../bench/inspect-bench.mjs'
import { tempEngine } from '../../helpers/temp-engine'

const dir = mkdtempSync(join(tmpdir(), 'inspect-corpus-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('Inspect bench corpus', () => {
  it('writes .eval archives the engine indexes completely, and is reused when unchanged', async () => {
    const { reused, manifest } = generateInspectCorpus({ outDir: dir, totalMB: 0.5, seed: 3 })
    expect(reused).toBe(false)
    expect(manifest.files.length).toBeGreaterThan(0)
    expect(manifest.episodes % 2).toBe(0) // two epochs per sample
    const { engine } = tempEngine()
    const report = await engine.indexPaths([join(dir, 'logs')])
    expect(report.failed).toBe(0)
    expect(report.episodes).toBe(manifest.episodes)
    const [run] = await engine.api.listRuns()
    const page = await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal', limit: 2 })
    expect(page.items.map((e) => [e.taskKey, e.rollout])).toEqual([
      ['1', 0],
      ['1', 1]
    ])
    const d = await engine.api.getEpisode(page.items[0].id)
    expect(d.turns.filter((t) => t.role === 'tool').every((t) => t.toolCallId?.startsWith('call_1_1_'))).toBe(true)
    expect(generateInspectCorpus({ outDir: dir, totalMB: 0.5, seed: 3 }).reused).toBe(true)
  })

  it('the bench baseline inflates and parses every member of every archive', () => {
    const { manifest } = generateInspectCorpus({ outDir: dir, totalMB: 0.5, seed: 3 })
    const pass = inspectLimitPass(manifest.files.map((f) => join(dir, f.path)))
    // samples + start.json, journal summaries, summaries.json and header.json per archive
    expect(pass.members).toBe(manifest.episodes + 4 * manifest.files.length)
    expect(pass.bytes).toBe(manifest.totalBytes)
  })
})
