/** Desktop export: the save dialog (mocked electron dialog) and a real engine over the bundled demo workspace. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, Dialog } from 'electron'
import type { RunSummary } from '@contract/model'
import { exportToFile } from '../../../src-main/electron/export-to-file'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { FakeWindow } from './fakes'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let run: RunSummary
const out = mkdtempSync(join(tmpdir(), 'rs-desktop-export-'))

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  run = (await engine.api.listRuns())[0]
}, 60_000)
afterAll(() => engine?.close())

const saveDialog = (result: { canceled: boolean; filePath?: string }) => ({ showSaveDialog: vi.fn(async () => result) })

describe('exportToFile', () => {
  it('asks for a file named after the run (modal to the window) and streams the filtered episodes into it', async () => {
    const path = join(out, 'chosen.jsonl')
    const dialog = saveDialog({ canceled: false, filePath: path })
    const win = new FakeWindow({})
    const filter = 'reward > 0.5'
    const result = await exportToFile(dialog as unknown as Dialog, win as unknown as BrowserWindow, engine.api, { format: 'jsonl', runId: run.id, filter })
    const expected = await engine.api.listEpisodes({ runId: run.id, filter, limit: 1000 })
    expect(result).toEqual({ episodes: expected.total, path })
    const [parent, options] = dialog.showSaveDialog.mock.calls[0] as unknown as [unknown, { defaultPath: string; filters: { extensions: string[] }[] }]
    expect(parent).toBe(win)
    expect(options.defaultPath).toMatch(/^rollscope-[A-Za-z0-9._-]+-jsonl\.jsonl$/)
    expect(options.filters[0].extensions).toEqual(['jsonl'])
    const ids = readFileSync(path, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)
    expect(ids.sort()).toEqual(expected.items.map((e) => e.id).sort())
  })

  it('returns null and writes nothing when the dialog is cancelled', async () => {
    const dialog = saveDialog({ canceled: true, filePath: join(out, 'never.csv') })
    expect(await exportToFile(dialog as unknown as Dialog, null, engine.api, { format: 'csv', runId: run.id })).toBeNull()
    expect(dialog.showSaveDialog).toHaveBeenCalledTimes(1)
    expect(existsSync(join(out, 'never.csv'))).toBe(false)
  })

  it('refuses a bad format, run or filter before the dialog opens', async () => {
    const dialog = saveDialog({ canceled: false, filePath: join(out, 'bad.txt') })
    const d = dialog as unknown as Dialog
    await expect(exportToFile(d, null, engine.api, { format: 'xml', runId: run.id })).rejects.toThrow(/format must be one of/)
    await expect(exportToFile(d, null, engine.api, { format: 'sft', runId: 'nope' })).rejects.toThrow('no run with id nope')
    await expect(exportToFile(d, null, engine.api, { format: 'sft', runId: run.id, filter: 'reward >< 1' })).rejects.toThrow()
    expect(dialog.showSaveDialog).not.toHaveBeenCalled()
    expect(existsSync(join(out, 'bad.txt'))).toBe(false)
  })
})
