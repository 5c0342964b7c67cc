/** Through the real engine: a 2,000-turn / 10 MB episode opens as a small preview; full turns and raw come on demand. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateLongEpisode } from '../../generators/long-episode.mjs'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

describe('episode preview through the engine', () => {
  let dir: string
  let t: ReturnType<typeof tempEngine>
  let engine: Engine
  let id: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'preview-engine-'))
    const { manifest } = generateLongEpisode({ outDir: dir })
    t = tempEngine()
    engine = t.engine
    await engine.indexPaths([join(dir, manifest.results)])
    const [run] = await engine.api.listRuns()
    id = (await engine.api.listEpisodes({ runId: run.id, sort: 'turns', desc: true, limit: 1 })).items[0].id
  })
  afterAll(async () => {
    await engine.close()
    rmSync(t.dir, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  })

  it('cuts the long texts, keeps every turn, and is a small fraction of the whole', async () => {
    const full = await engine.api.getEpisode(id)
    const preview = await engine.api.getEpisodePreview(id)
    expect(full.turns).toHaveLength(2000)
    expect(preview.complete).toBe(false)
    expect(preview.turns).toHaveLength(2000)
    expect(preview).not.toHaveProperty('raw')
    expect(preview.related).toEqual(full.related)
    const cut = preview.turns.filter((tr) => tr.elided?.text)
    expect(cut.length).toBeGreaterThan(100)
    for (const tr of cut) expect(full.turns[tr.index].text.startsWith(tr.text)).toBe(true)
    const previewBytes = JSON.stringify(preview).length
    const fullBytes = JSON.stringify(full).length
    expect(fullBytes).toBeGreaterThan(10_000_000)
    expect(previewBytes).toBeLessThan(fullBytes / 5)
  })

  it('gives the full turns and the raw record on demand, equal to the whole episode', async () => {
    const full = await engine.api.getEpisode(id)
    expect(await engine.api.getEpisodeTurns(id)).toEqual(full.turns)
    expect(await engine.api.getEpisodeRaw(id)).toBe(full.raw)
  })

  it('rejects unknown episodes on every path', async () => {
    await expect(engine.api.getEpisodePreview('nope')).rejects.toThrow(/no episode with id nope/)
    await expect(engine.api.getEpisodeTurns('nope')).rejects.toThrow(/no episode with id nope/)
    await expect(engine.api.getEpisodeRaw('nope')).rejects.toThrow(/no episode with id nope/)
  })
})
