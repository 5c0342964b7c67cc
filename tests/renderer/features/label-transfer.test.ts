/** The app's labels file: reading a chosen file, the report lines, and the store after an import. */
import { describe, expect, it, vi } from 'vitest'
import type { LabelsExport } from '@contract/labels'
import { exportNotice } from '../../../src-renderer/src/features/export/start-export'
import { importSummary, parseLabelsFile } from '../../../src-renderer/src/features/labels/label-transfer'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

const FILE: LabelsExport = {
  format: 'rollscope-labels',
  version: 1,
  exportedAt: '2026-01-01T00:00:00.000Z',
  taxonomy: [{ name: 'loop', color: '#7c3aed', key: 2 }],
  items: [
    { sourcePath: '/r/a.jsonl', taskKey: 't1', rollout: 0, turn: null, labels: ['loop', 'good example'], note: 'odd' },
    { sourcePath: '/r/a.jsonl', taskKey: 't1', rollout: 0, turn: 3, labels: ['loop'], note: null }
  ],
  views: []
}

describe('parseLabelsFile', () => {
  it('reads an export (a UTF-8 BOM too)', () => {
    expect(parseLabelsFile('\uFEFF' + JSON.stringify(FILE), 'x.json')).toEqual(FILE)
  })

  it('says clearly why a wrong file is not read', () => {
    expect(() => parseLabelsFile('episode_id,reward\n1,0.5', 'runs.csv')).toThrow(
      'runs.csv is not JSON (expected a Rollscope labels file, rollscope-labels.json)'
    )
    expect(() => parseLabelsFile('[1,2]', 'a.json')).toThrow('a.json is not a Rollscope labels file')
    expect(() => parseLabelsFile('{"messages":[]}', 'sft.json')).toThrow('sft.json is not a Rollscope labels file')
    expect(() => parseLabelsFile(JSON.stringify({ ...FILE, version: 2 }), 'new.json')).toThrow(
      'new.json is a labels file of version 2; this Rollscope reads version 1'
    )
  })
})

describe('report lines', () => {
  it('import: what was added and how much was skipped; export: labels and notes counted', () => {
    const none = { relocated: [], notHere: 0, heldBack: 0 }
    expect(
      importSummary({ taxonomyAdded: 1, labelsAdded: 1200, notesSet: 1, viewsAdded: 0, skipped: [], ...none })
    ).toBe('Imported 1,200 labels, 1 note, 1 new taxonomy label, 0 saved views')
    // files found at another path here, and labels of files not indexed here, are said
    const moved = {
      relocated: [{ from: '/box/a/results.jsonl', to: '/me/a/results.jsonl' }],
      notHere: 3,
      heldBack: 0
    }
    expect(importSummary({ taxonomyAdded: 0, labelsAdded: 4, notesSet: 0, viewsAdded: 0, skipped: [], ...moved })).toBe(
      'Imported 4 labels, 0 notes, 0 new taxonomy labels, 0 saved views; 1 file found at another path here; ' +
        '3 labels and notes of files not indexed here (kept)'
    )
    expect(
      importSummary({ taxonomyAdded: 0, labelsAdded: 1, notesSet: 0, viewsAdded: 0, skipped: [], ...none, heldBack: 2 })
    ).toBe(
      'Imported 1 label, 0 notes, 0 new taxonomy labels, 0 saved views; 2 labels and notes on no episode as it is now (kept, held back)'
    )
    const skipped = [{ what: 'label "x" on /r task t rollout 0', reason: 'not in the taxonomy' }]
    expect(importSummary({ taxonomyAdded: 0, labelsAdded: 0, notesSet: 0, viewsAdded: 2, skipped, ...none })).toBe(
      'Imported 0 labels, 0 notes, 0 new taxonomy labels, 2 saved views; skipped 1'
    )
    expect(exportNotice({ path: 'rollscope-labels.json', summary: { kind: 'labels', labels: 3, notes: 1 } })).toBe(
      'Exported 3 labels and 1 note to rollscope-labels.json'
    )
    expect(exportNotice({ path: '/home/u/triage.json', summary: { kind: 'labels', labels: 1, notes: 0 } })).toBe(
      'Exported 1 label and 0 notes to /home/u/triage.json'
    )
  })
})

describe('labels slice: import', () => {
  it('after an import the taxonomy, the open episode and the badges already fetched show the new labels', async () => {
    const api = fakeApi({ a: 5 })
    const store = createAppStore(api)
    store.getState().selectRun('a')
    await store.getState().ensureEpisodeRange(0, 4)
    store.getState().openEpisode('a:1', 1)
    await flush()
    await store.getState().loadTaxonomy()
    await store.getState().loadEpisodeLabels('a:1')
    store.getState().requestBadges('a:1')
    store.getState().requestBadges('a:2')
    await new Promise((r) => setTimeout(r, 60))
    expect(store.getState().labels.badges).toEqual({ 'a:1': [], 'a:2': [] })
    // the fake's import stands in for the engine: it applies two labels and adds one to the taxonomy
    vi.spyOn(api, 'importLabels').mockImplementation(async () => {
      await api.setTaxonomy([...(await api.getTaxonomy()), { name: 'imported', color: '#000000', key: null }])
      await api.addLabel('a:1', 'imported', null)
      await api.addLabel('a:2', 'loop', null)
      return {
        taxonomyAdded: 1,
        labelsAdded: 2,
        notesSet: 0,
        viewsAdded: 0,
        skipped: [],
        relocated: [],
        notHere: 0,
        heldBack: 0
      }
    })
    const report = await store.getState().importLabels(FILE)
    expect(report?.labelsAdded).toBe(2)
    const s = store.getState().labels
    expect(s.taxonomy.map((d) => d.name)).toContain('imported')
    expect(s.current?.labels).toEqual(['imported'])
    expect(s.badges).toEqual({ 'a:1': ['imported'], 'a:2': ['loop'] })
  })

  it('a refused file leaves an error notice and changes nothing', async () => {
    const api = fakeApi({ a: 2 })
    const store = createAppStore(api)
    vi.spyOn(api, 'importLabels').mockRejectedValue(
      new Error('importLabels: argument 0: items.0.rollout: expected a number')
    )
    expect(await store.getState().importLabels(FILE)).toBeNull()
    expect(store.getState().notices.map((n) => [n.kind, n.message])).toEqual([
      ['error', 'Import failed: importLabels: argument 0: items.0.rollout: expected a number']
    ])
  })
})
