/** Desktop labels export: the save dialog (mocked electron dialog) and a real engine with a labelled demo episode. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, Dialog } from 'electron'
import type { LabelsExport } from '@contract/labels'
import { exportLabelsToFile } from '../../../src-main/electron/export-labels-to-file'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { FakeWindow } from './fakes'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
const out = mkdtempSync(join(tmpdir(), 'rs-desktop-labels-'))

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  const run = (await engine.api.listRuns())[0]
  const [a, b] = (await engine.api.listEpisodes({ runId: run.id, limit: 2 })).items
  await engine.api.addLabel(a.id, 'loop', null)
  await engine.api.addLabel(a.id, 'loop', 2)
  await engine.api.setNote(b.id, 'check the last turn', null)
}, 60_000)
afterAll(() => engine?.close())

const saveDialog = (result: { canceled: boolean; filePath?: string }) => ({ showSaveDialog: vi.fn(async () => result) })

describe('exportLabelsToFile', () => {
  it('asks for rollscope-labels.json (modal to the window), writes the engine export there and counts it', async () => {
    const path = join(out, 'chosen.json')
    const dialog = saveDialog({ canceled: false, filePath: path })
    const win = new FakeWindow({})
    expect(await exportLabelsToFile(dialog as unknown as Dialog, win as unknown as BrowserWindow, engine.api)).toEqual({ path, labels: 2, notes: 1 })
    const [parent, options] = dialog.showSaveDialog.mock.calls[0] as unknown as [unknown, { defaultPath: string; filters: { extensions: string[] }[] }]
    expect(parent).toBe(win)
    expect(options.defaultPath).toBe('rollscope-labels.json')
    expect(options.filters[0].extensions).toEqual(['json'])
    const written = JSON.parse(readFileSync(path, 'utf8')) as LabelsExport
    const { exportedAt: _a, ...expected } = await engine.api.exportLabels()
    const { exportedAt: _b, ...got } = written
    expect(got).toEqual(expected)
  })

  it('returns null and writes nothing when the dialog is cancelled; a write failure is thrown', async () => {
    const never = join(out, 'never.json')
    expect(await exportLabelsToFile(saveDialog({ canceled: true, filePath: never }) as unknown as Dialog, null, engine.api)).toBeNull()
    expect(existsSync(never)).toBe(false)
    const noDir = join(out, 'missing-dir', 'x.json')
    await expect(exportLabelsToFile(saveDialog({ canceled: false, filePath: noDir }) as unknown as Dialog, null, engine.api)).rejects.toThrow(/ENOENT/)
  })
})
