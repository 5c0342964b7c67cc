/**
 * Desktop "save this export": the native save dialog (electron's dialog mocked) in front of a real engine served
 * over a MessagePort, as the app runs it on its own thread. The main process only plans and asks where; the engine
 * reads, formats and writes the file on its side of the port.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BrowserWindow } from 'electron'
import type { ExportRequest } from '@contract/export'
import type { LabelsExport } from '@contract/labels'
import type { RunSummary } from '@contract/model'
import { createDesktopApi, saveExport, type DesktopDeps } from '../../../src-main/electron/desktop-api'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { threadedEngine } from '../../helpers/threaded-engine'
import { FakeWindow } from './fakes'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let real: Engine
let threaded: ReturnType<typeof threadedEngine>
let runs: RunSummary[]
const out = mkdtempSync(join(tmpdir(), 'rs-desktop-export-'))

beforeAll(async () => {
  real = tempEngine().engine
  await real.indexPaths([DEMO])
  threaded = threadedEngine(real)
  runs = await real.api.listRuns()
  const [a, b] = (await real.api.listEpisodes({ runId: runs[0].id, limit: 2 })).items
  await real.api.addLabel(a.id, 'loop', null)
  await real.api.addLabel(a.id, 'loop', 2)
  await real.api.setNote(b.id, 'check the last turn', null)
}, 60_000)
afterAll(() => threaded?.client.close())

type SaveResult = { canceled: boolean; filePath?: string }
const saveDialog = (result: SaveResult) => ({
  showSaveDialog: vi.fn(async (..._a: unknown[]) => result),
  showOpenDialog: vi.fn()
})
const deps = (dialog: ReturnType<typeof saveDialog>, win: FakeWindow | null = null): DesktopDeps => ({
  dialog: dialog as unknown as DesktopDeps['dialog'],
  getWindow: () => win as unknown as BrowserWindow | null,
  engine: threaded.client,
  nativeTheme: { themeSource: 'system' }
})
/** What the host asked the engine thread, in order, from message `from` on. */
const asked = (from: number): string[] => threaded.sent.slice(from).map((m) => (m.type === 'call' ? m.method : m.type))
/** The parent window (when there was one) and the options of the first save dialog. */
function dialogOptions(
  dialog: ReturnType<typeof saveDialog>
): [unknown, { title: string; defaultPath: string; filters: { extensions: string[] }[] }] {
  const call = dialog.showSaveDialog.mock.calls[0] as unknown[]
  return (call.length === 2 ? call : [null, call[0]]) as [
    unknown,
    { title: string; defaultPath: string; filters: { extensions: string[] }[] }
  ]
}

describe('saveExport (desktop): episodes', () => {
  it('asks for a file named after the run (modal to the window); the engine streams the filtered episodes into it', async () => {
    const path = join(out, 'chosen.jsonl')
    const dialog = saveDialog({ canceled: false, filePath: path })
    const win = new FakeWindow({})
    const filter = 'reward > 0.5'
    const from = threaded.sent.length
    const saved = await saveExport(deps(dialog, win), { kind: 'episodes', format: 'jsonl', runId: runs[0].id, filter })
    const expected = await real.api.listEpisodes({ runId: runs[0].id, filter, limit: 1000 })
    expect(saved).toEqual({
      path,
      summary: { kind: 'episodes', format: 'jsonl', episodes: expected.total, skipped: 0 }
    })
    const [parent, options] = dialogOptions(dialog)
    expect(parent).toBe(win)
    expect(options.title).toBe('Export jsonl')
    expect(options.defaultPath).toMatch(/^rollscope-[A-Za-z0-9._-]+(?<!-jsonl)\.jsonl$/)
    expect(options.filters[0].extensions).toEqual(['jsonl'])
    const ids = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id)
    expect(ids.sort()).toEqual(expected.items.map((e) => e.id).sort())
    // the main thread asked twice; every read, every line and the file itself were the engine thread's
    expect(asked(from)).toEqual(['planExport', 'export'])
  })

  it('returns null, writes nothing and exports nothing when the dialog is cancelled', async () => {
    const dialog = saveDialog({ canceled: true, filePath: join(out, 'never.csv') })
    const from = threaded.sent.length
    expect(await saveExport(deps(dialog), { kind: 'episodes', format: 'csv', runId: runs[0].id })).toBeNull()
    expect(dialog.showSaveDialog).toHaveBeenCalledTimes(1)
    expect(existsSync(join(out, 'never.csv'))).toBe(false)
    expect(asked(from)).toEqual(['planExport'])
  })

  it('refuses a bad format, run, filter or picked id before the dialog opens, with the engine message', async () => {
    const dialog = saveDialog({ canceled: false, filePath: join(out, 'bad.txt') })
    const refused = (request: unknown) => saveExport(deps(dialog), request as ExportRequest)
    await expect(refused({ kind: 'episodes', format: 'xml', runId: runs[0].id })).rejects.toThrow(
      /format must be one of jsonl, sft/
    )
    await expect(refused({ kind: 'episodes', format: 'sft', runId: 'nope' })).rejects.toThrow('no run with id nope')
    await expect(
      refused({ kind: 'episodes', format: 'sft', runId: runs[0].id, filter: 'reward >< 1' })
    ).rejects.toThrow()
    await expect(refused({ kind: 'episodes', format: 'csv', runId: runs[0].id, episodeIds: ['nope'] })).rejects.toThrow(
      'no episode with id nope'
    )
    expect(dialog.showSaveDialog).not.toHaveBeenCalled()
    expect(existsSync(join(out, 'bad.txt'))).toBe(false)
  })

  it('picked rows: exactly those episodes (the filter that showed them is moot)', async () => {
    const eps = (await real.api.listEpisodes({ runId: runs[0].id, limit: 10 })).items
    const picked = [eps[7].id, eps[0].id]
    const path = join(out, 'picked.csv')
    const saved = await saveExport(deps(saveDialog({ canceled: false, filePath: path })), {
      kind: 'episodes',
      format: 'csv',
      runId: runs[0].id,
      filter: 'reward > 99',
      episodeIds: picked
    })
    expect(saved).toEqual({ path, summary: { kind: 'episodes', format: 'csv', episodes: 2, skipped: 0 } })
    const body = readFileSync(path, 'utf8')
    for (const id of picked) expect(body).toContain(id)
    expect(body.trim().split('\r\n')).toHaveLength(3)
  })
})

describe('saveExport (desktop): the labels file', () => {
  it('asks for rollscope-labels.json (modal to the window), writes the engine export there and counts it', async () => {
    const path = join(out, 'chosen.json')
    const dialog = saveDialog({ canceled: false, filePath: path })
    const win = new FakeWindow({})
    expect(await saveExport(deps(dialog, win), { kind: 'labels' })).toEqual({
      path,
      summary: { kind: 'labels', labels: 2, notes: 1 }
    })
    const [parent, options] = dialogOptions(dialog)
    expect(parent).toBe(win)
    expect(options.defaultPath).toBe('rollscope-labels.json')
    expect(options.filters[0].extensions).toEqual(['json'])
    const { exportedAt: _a, ...expected } = await real.api.exportLabels()
    const { exportedAt: _b, ...got } = JSON.parse(readFileSync(path, 'utf8')) as LabelsExport
    expect(got).toEqual(expected)
  })

  it('returns null when cancelled; a file that cannot be opened is an error and nothing is left behind', async () => {
    const never = join(out, 'never.json')
    expect(await saveExport(deps(saveDialog({ canceled: true, filePath: never })), { kind: 'labels' })).toBeNull()
    expect(existsSync(never)).toBe(false)
    const noDir = join(out, 'missing-dir', 'x.json')
    await expect(
      saveExport(deps(saveDialog({ canceled: false, filePath: noDir })), { kind: 'labels' })
    ).rejects.toThrow(/ENOENT/)
    expect(existsSync(noDir)).toBe(false)
  })
})

describe('saveExport (desktop): the comparison as an HTML report', () => {
  it('asks for compare-<A>-vs-<B>.html and the engine writes the self-contained page', async () => {
    const [a, b] = runs
    const path = join(out, 'report.html')
    const dialog = saveDialog({ canceled: false, filePath: path })
    const saved = await saveExport(deps(dialog), {
      kind: 'compareReport',
      runA: a.id,
      runB: b.id,
      options: { category: 'archetype' }
    })
    expect(saved).toEqual({ path, summary: { kind: 'compareReport' } })
    expect(dialogOptions(dialog)[1].defaultPath).toMatch(/^compare-[A-Za-z0-9_.-]+-vs-[A-Za-z0-9_.-]+\.html$/)
    expect(readFileSync(path, 'utf8')).toBe(await real.api.compareReportHtml(a.id, b.id, { category: 'archetype' }))
  })

  it('a run gone since the screen opened is refused before the dialog', async () => {
    const dialog = saveDialog({ canceled: false, filePath: join(out, 'gone.html') })
    await expect(saveExport(deps(dialog), { kind: 'compareReport', runA: runs[0].id, runB: 'gone' })).rejects.toThrow(
      'no run with id gone'
    )
    expect(dialog.showSaveDialog).not.toHaveBeenCalled()
  })
})

describe('setThemeSource (desktop)', () => {
  it('sets the native theme: menus, dialogs, the window and the page follow the app toggle', async () => {
    const d = deps(saveDialog({ canceled: true }))
    const api = createDesktopApi(d)
    await api.setThemeSource('dark')
    expect(d.nativeTheme.themeSource).toBe('dark')
    await api.setThemeSource('system')
    expect(d.nativeTheme.themeSource).toBe('system')
  })
})
