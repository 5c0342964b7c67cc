/**
 * The streaming property over the 2,000-turn generated episode: each episode's line reaches the writer before the
 * next transcript is read, and the exporter waits for a slow writer (backpressure) instead of reading ahead.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import type { ExportSource } from '../../../src-main/export/export-types'
import { streamWriter } from '../../../src-main/export/stream-writer'
import type { Engine } from '../../../src-main/services/engine-types'
import { generateLongEpisode } from '../../generators/long-episode.mjs'
import type { LongEpisodeManifest } from '../../generators/long-episode.mjs'
import { tempEngine } from '../../helpers/temp-engine'

let engine: Engine
let manifest: LongEpisodeManifest

beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'rs-long-export-'))
  manifest = generateLongEpisode({ outDir: out }).manifest
  engine = tempEngine().engine
  await engine.indexPaths([join(out, manifest.results)])
}, 120_000)
afterAll(() => engine?.close())

/** The engine's API with every transcript read logged. */
function loggedSource(log: string[]): ExportSource {
  const api = engine.api
  return {
    listRuns: () => api.listRuns(),
    listEpisodes: (q) => api.listEpisodes(q),
    getEpisodeLabels: (id) => api.getEpisodeLabels(id),
    labelsOfEpisodes: (ids) => api.labelsOfEpisodes(ids),
    turnLabelsOfEpisodes: (ids) => api.turnLabelsOfEpisodes(ids),
    compareRuns: (a, b, o) => api.compareRuns(a, b, o),
    getEpisode: async (id) => {
      log.push(`read ${id}`)
      return api.getEpisode(id)
    }
  }
}

describe('export streams', () => {
  for (const format of ['jsonl', 'sft'] as const) {
    it(`${format}: each line is written before the next transcript is read, and a slow writer holds the reader back`, async () => {
      const log: string[] = []
      let written = 0
      let longest = 0
      // A writable with a tiny buffer that drains slowly: write() returns false on every chunk.
      const out = new Writable({
        highWaterMark: 16,
        write(chunk: Buffer, _enc, done) {
          log.push('write')
          written++
          longest = Math.max(longest, chunk.length)
          setTimeout(done, 5)
        }
      })
      const result = await exportEpisodes(loggedSource(log), { format, runIds: [] }, streamWriter(out))
      expect(result.episodes).toBe(manifest.episodes)
      expect(written).toBe(manifest.episodes)
      // read, write, read, write…: never two transcripts read without the first one's line written in between
      expect(log).toEqual(log.flatMap((e, i) => (i % 2 === 0 ? [e] : [])).flatMap((r) => [r, 'write']))
      expect(log.filter((e) => e.startsWith('read')).length).toBe(manifest.episodes)
      // the long episode went out as one line of its own, with its 2,000 turns
      expect(longest).toBeGreaterThan(manifest.long.bytes / 4)
    }, 60_000)
  }

  it('jsonl: the long episode line holds every turn', async () => {
    const chunks: string[] = []
    await exportEpisodes(engine.api, { format: 'jsonl', runIds: [] }, async (c) => void chunks.push(c))
    const long = chunks
      .map((c) => JSON.parse(c) as { turns: unknown[] })
      .find((r) => r.turns.length === manifest.long.turns)
    expect(long).toBeDefined()
  }, 60_000)
})
