/** Desktop export of picked rows: the ids travel over IPC in the request itself; the file holds exactly them. */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Dialog } from 'electron'
import type { RunSummary } from '@contract/model'
import { exportToFile } from '../../../src-main/electron/export-to-file'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let run: RunSummary
const out = mkdtempSync(join(tmpdir(), 'rs-desktop-picked-'))

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  run = (await engine.api.listRuns())[0]
}, 60_000)
afterAll(() => engine?.close())

describe('exportToFile with picked rows', () => {
  it('writes exactly the picked episodes (the filter is moot), and refuses an unknown id before the dialog', async () => {
    const eps = (await engine.api.listEpisodes({ runId: run.id, limit: 10 })).items
    const picked = [eps[7].id, eps[0].id]
    const path = join(out, 'picked.csv')
    const dialog = { showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: path })) }
    const result = await exportToFile(dialog as unknown as Dialog, null, engine.api, { format: 'csv', runId: run.id, filter: 'reward > 99', episodeIds: picked })
    expect(result).toEqual({ episodes: 2, path })
    const body = readFileSync(path, 'utf8')
    for (const id of picked) expect(body).toContain(id)
    expect(body.trim().split('\r\n')).toHaveLength(3)
    const refused = { showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: join(out, 'x.csv') })) }
    await expect(exportToFile(refused as unknown as Dialog, null, engine.api, { format: 'csv', runId: run.id, episodeIds: ['nope'] })).rejects.toThrow('no episode with id nope')
    expect(refused.showSaveDialog).not.toHaveBeenCalled()
  })
})
