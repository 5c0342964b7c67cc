/** Every export the app starts (a table, the comparison, the labels file) through the host's one saveExport, and the notice it leaves. */
import { describe, expect, it, vi } from 'vitest'
import type { ExportRequest, ExportSaved } from '@contract/export'
import { downloadExport } from '../../../src-renderer/src/api/browser-export'
import { exportNotice, startExport } from '../../../src-renderer/src/features/export/start-export'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi } from '../fake-api'

const REQUEST: ExportRequest = { kind: 'episodes', format: 'sft', runId: 'a', filter: 'reward > 0.5' }
const notices = () => createAppStore(fakeApi({ a: 3 }))
const messages = (store: ReturnType<typeof notices>) => store.getState().notices.map((n) => [n.kind, n.message])

describe('startExport', () => {
  it('hands the request to the host and says how many episodes went where (desktop)', async () => {
    const store = notices()
    const saveExport = vi.fn(async (): Promise<ExportSaved> => ({
      path: '/tmp/out.jsonl',
      summary: { kind: 'episodes', format: 'sft', episodes: 1234, skipped: 2 }
    }))
    await startExport(REQUEST, { saveExport }, store.getState())
    expect(saveExport).toHaveBeenCalledExactlyOnceWith(REQUEST)
    expect(messages(store)).toEqual([['info', 'Exported 1,234 episodes to /tmp/out.jsonl']])
  })

  it('a cancelled dialog shows nothing; a refusal shows the engine message after the call site’s context', async () => {
    const store = notices()
    await startExport(REQUEST, { saveExport: async () => null }, store.getState())
    expect(store.getState().notices).toEqual([])
    await startExport(
      REQUEST,
      { saveExport: async () => Promise.reject(new Error('unknown field "rewrd"')) },
      store.getState()
    )
    await startExport(
      { kind: 'labels' },
      { saveExport: async () => Promise.reject(new Error('disk full')) },
      store.getState(),
      'Could not export the labels'
    )
    expect(messages(store)).toEqual([
      ['error', 'Export failed: unknown field "rewrd"'],
      ['error', 'Could not export the labels: disk full']
    ])
  })

  it('in the browser: a refused prepare shows the engine message in the notice area and starts no download', async () => {
    const store = notices()
    const download = vi.fn()
    const fetch400 = (async () =>
      new Response(
        JSON.stringify({ ok: false, error: { code: 'bad-request', message: 'filter: unknown field "rewrd"' } }),
        { status: 400 }
      )) as typeof fetch
    await startExport(REQUEST, { saveExport: (r) => downloadExport(r, download, fetch400) }, store.getState())
    expect(download).not.toHaveBeenCalled()
    expect(messages(store)).toEqual([['error', 'Export failed: filter: unknown field "rewrd"']])
  })

  it('in the browser: an accepted export is downloaded; episodes are counted by the engine later, so no notice', async () => {
    const store = notices()
    const download = vi.fn()
    const ok = (async () =>
      new Response(
        JSON.stringify({ ok: true, value: { ticket: 'T', fileName: 'rollscope-a-sft.jsonl', summary: null } })
      )) as typeof fetch
    await startExport(REQUEST, { saveExport: (r) => downloadExport(r, download, ok) }, store.getState())
    expect(download).toHaveBeenCalledExactlyOnceWith('/api/export?ticket=T')
    expect(store.getState().notices).toEqual([])
  })
})

describe('exportNotice', () => {
  it('one line per kind, singular where it is one', () => {
    expect(
      exportNotice({ path: '/x.jsonl', summary: { kind: 'episodes', format: 'jsonl', episodes: 1, skipped: 0 } })
    ).toBe('Exported 1 episode to /x.jsonl')
    expect(exportNotice({ path: '/r.html', summary: { kind: 'compareReport' } })).toBe(
      'Exported the comparison to /r.html'
    )
    expect(exportNotice({ path: 'rollscope-labels.json', summary: { kind: 'labels', labels: 1200, notes: 0 } })).toBe(
      'Exported 1,200 labels and 0 notes to rollscope-labels.json'
    )
    expect(exportNotice({ path: 'f.csv', summary: null })).toBeNull()
  })
})
