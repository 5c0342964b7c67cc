/**
 * The preference dialog's count (previewExport, from the rollouts' summaries alone) is the export's own: on every
 * real verifiers run of the shared corpus, alone and paired with another run of the same environment, the preview's
 * pairs and reasons equal what the export writes and reports, and every selected episode is in a pair or counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EpisodesExportRequest } from '@contract/export'
import type { RunSummary } from '@contract/model'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import { previewEpisodesExport } from '../../../src-main/export/preview-export'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

let engine: Engine
let runs: RunSummary[]

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([fixture('verifiers/willccbb-verifiers'), fixture('tau-bench')])
  runs = await engine.api.listRuns()
}, 60_000)
afterAll(() => engine?.close())

/** The preview and the export of the same request. */
async function both(runIds: string[]) {
  const request: EpisodesExportRequest = {
    kind: 'episodes',
    format: 'preference',
    runId: runIds[0],
    ...(runIds.length > 1 ? { runIds: runIds.slice(1) } : {})
  }
  const preview = await previewEpisodesExport(engine.api, request)
  let lines = 0
  const result = await exportEpisodes(engine.api, { format: 'preference', runIds }, async (c) => {
    lines += c.split('\n').length - 1
  })
  return { preview, result, lines }
}

describe('preference preview', () => {
  it('counts the pairs and the episodes in no pair as the export does, for each run alone', async () => {
    expect(runs.length).toBeGreaterThan(3)
    let pairsSeen = 0
    for (const run of runs) {
      const { preview, result, lines } = await both([run.id])
      expect(preview.preference, run.name).toEqual({ pairs: result.pairs, skippedBy: result.skippedBy ?? {} })
      expect(lines).toBe(result.pairs)
      const skipped = Object.values(preview.preference!.skippedBy).reduce((a, b) => a + b, 0)
      expect(preview.preference!.pairs * 2 + skipped, run.name).toBe(preview.selected)
      pairsSeen += result.pairs ?? 0
    }
    // the corpus has runs of several rollouts a task: the comparison is not of empty answers only
    expect(pairsSeen).toBeGreaterThan(0)
  })

  it('counts them for two runs of the same environment (one pair per task both have)', async () => {
    const byEnv = new Map<string, RunSummary[]>()
    for (const r of runs) byEnv.set(r.env ?? '', [...(byEnv.get(r.env ?? '') ?? []), r])
    const twos = [...byEnv.values()].filter((rs) => rs.length >= 2)
    expect(twos.length).toBeGreaterThan(0)
    for (const [a, b] of twos) {
      const { preview, result, lines } = await both([a.id, b.id])
      expect(preview.preference, `${a.name} / ${b.name}`).toEqual({
        pairs: result.pairs,
        skippedBy: result.skippedBy ?? {}
      })
      expect(lines).toBe(result.pairs)
      const skipped = Object.values(preview.preference!.skippedBy).reduce((x, y) => x + y, 0)
      expect(preview.preference!.pairs * 2 + skipped).toBe(preview.selected)
    }
  })

  it('is null for the other formats, and a third run is refused as the export refuses it', async () => {
    const csv = await previewEpisodesExport(engine.api, { kind: 'episodes', format: 'csv', runId: runs[0].id })
    expect(csv.preference).toBeNull()
    await expect(
      previewEpisodesExport(engine.api, {
        kind: 'episodes',
        format: 'preference',
        runId: runs[0].id,
        runIds: [runs[1].id, runs[2].id]
      })
    ).rejects.toThrow(/one run .* or two runs/)
  })
})
