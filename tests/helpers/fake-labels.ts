/**
 * An in-memory stand-in for the triage methods of the TraceApi, shared by the test fakes (renderer, CLI, Electron)
 * so each of them stays small. Same rules as the engine where tests look: labels must be in the taxonomy (case-
 * insensitive), a blank note removes the note, identities are derived from the episode id.
 */
import type { TraceApi } from '@contract/api'
import { emptyImportReport, type EpisodeLabels, type LabelDef, type SavedView } from '@contract/labels'

type LabelsApi = Pick<
  TraceApi,
  | 'getTaxonomy'
  | 'setTaxonomy'
  | 'addLabel'
  | 'removeLabel'
  | 'setNote'
  | 'getEpisodeLabels'
  | 'keepLabels'
  | 'labelsOfEpisodes'
  | 'turnLabelsOfEpisodes'
  | 'labelCounts'
  | 'exportLabels'
  | 'importLabels'
  | 'listSavedViews'
  | 'saveView'
  | 'deleteView'
>

export const FAKE_TAXONOMY: LabelDef[] = [
  { name: 'format error', color: '#d97706', key: 1 },
  { name: 'loop', color: '#7c3aed', key: 2 },
  { name: 'good example', color: '#16a34a', key: 3 }
]

export function fakeLabelsApi(): LabelsApi {
  let taxonomy = FAKE_TAXONOMY.map((d) => ({ ...d }))
  const byEpisode = new Map<string, EpisodeLabels>()
  let views: SavedView[] = []
  let nextView = 1
  const entry = (episodeId: string): EpisodeLabels => {
    let e = byEpisode.get(episodeId)
    if (!e)
      byEpisode.set(
        episodeId,
        (e = {
          episodeId,
          identity: { sourcePath: '/fake/' + episodeId, taskKey: episodeId, rollout: 0 },
          labels: [],
          note: null,
          turns: [],
          changed: null
        })
      )
    return e
  }
  const slot = (e: EpisodeLabels, turn: number | null) => {
    if (turn === null) return e
    let t = e.turns.find((x) => x.turn === turn)
    if (!t) e.turns.push((t = { turn, labels: [], note: null }))
    return t
  }
  const known = (label: string): string => {
    const def = taxonomy.find((d) => d.name.toLowerCase() === label.trim().toLowerCase())
    if (!def) throw new Error(`unknown label "${label}"`)
    return def.name
  }
  const copy = (e: EpisodeLabels): EpisodeLabels => structuredClone(e)
  return {
    getTaxonomy: async () => taxonomy.map((d) => ({ ...d })),
    setTaxonomy: async (defs) =>
      (taxonomy = defs.map(({ name, color, key }) => ({ name, color, key }))).map((d) => ({ ...d })),
    async addLabel(id, label, turn) {
      const s = slot(entry(id), turn)
      const name = known(label)
      if (!s.labels.includes(name)) s.labels.push(name)
      return copy(entry(id))
    },
    async removeLabel(id, label, turn) {
      const s = slot(entry(id), turn)
      s.labels = s.labels.filter((l) => l !== label)
      return copy(entry(id))
    },
    async setNote(id, text, turn) {
      slot(entry(id), turn).note = text.trim() ? text : null
      return copy(entry(id))
    },
    getEpisodeLabels: async (id) => copy(entry(id)),
    async keepLabels(id) {
      // what was made on other content joins the episode's own labels and note
      const e = entry(id)
      const changed = e.changed
      e.changed = null
      if (changed) {
        for (const l of changed.labels) if (!e.labels.includes(l)) e.labels.push(l)
        e.note ??= changed.note
        for (const t of changed.turns) {
          const s = slot(e, t.turn)
          for (const l of t.labels) if (!s.labels.includes(l)) s.labels.push(l)
          s.note ??= t.note
        }
      }
      return copy(e)
    },
    labelsOfEpisodes: async (ids) =>
      Object.fromEntries(ids.flatMap((id) => (byEpisode.get(id)?.labels.length ? [[id, [...entry(id).labels]]] : []))),
    turnLabelsOfEpisodes: async (ids) =>
      Object.fromEntries(
        ids.flatMap((id) => {
          const on = [...new Set((byEpisode.get(id)?.turns ?? []).flatMap((t) => t.labels))]
          return on.length ? [[id, on]] : []
        })
      ),
    labelCounts: async () => {
      const counts = new Map<string, number>()
      for (const e of byEpisode.values()) for (const l of e.labels) counts.set(l, (counts.get(l) ?? 0) + 1)
      return [...counts].map(([label, episodes]) => ({ label, episodes, turns: 0 }))
    },
    exportLabels: async () => ({
      format: 'rollscope-labels',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      taxonomy,
      items: [],
      views: []
    }),
    importLabels: async () => emptyImportReport(),
    listSavedViews: async () => views.map((v) => ({ ...v })),
    async saveView(view, id) {
      const saved: SavedView = { ...view, id: id ?? nextView++, updatedAt: 0 }
      views = [...views.filter((v) => v.id !== saved.id), saved]
      return { ...saved }
    },
    deleteView: async (id) => (views = views.filter((v) => v.id !== id)).map((v) => ({ ...v }))
  }
}
