import type { TraceApi } from '@contract/api'
import type {
  EpisodeLabels,
  LabelDef,
  LabelDefInput,
  LabelsExport,
  LabelsImportReport,
  SavedView
} from '@contract/labels'
import type { EpisodeSortKey } from '@contract/model'
import { browserStorage } from './episode-prefs'
import { ApiCallError } from '../api/api-error'
import { tableRuns } from './selection-slice'
import type { SliceCreator } from './types'

/** Where the auto-advance choice is kept (a review habit, so it survives restarts). */
const AUTO_ADVANCE_KEY = 'rollscope:labels-auto-advance:v1'
/** Badge requests arriving within this many ms go out as one call (a table paints many rows at once). */
const BADGE_BATCH_MS = 30
/** labelsOfEpisodes takes at most this many ids per call. */
const BADGE_CALL_MAX = 5000

export interface LabelsState {
  taxonomy: LabelDef[]
  /** Labels and notes of the open episode (null until fetched, or for another episode). */
  current: EpisodeLabels | null
  /** Episode-level labels by episode id, for table badges; an id absent here was not asked yet. */
  badges: Record<string, string[]>
  /** The labels on an episode's turns, each once (shown apart in the table); absent: none, or not asked yet. */
  turnBadges: Record<string, string[]>
  /** After labelling an episode, open the next row of the table (a review queue over a filtered list). */
  autoAdvance: boolean
  views: SavedView[]
  /** The taxonomy editor is open. */
  editorOpen: boolean
  /** The last auto-advance: the label put on the episode left behind, shown (with Undo) on the one it moved to. */
  advanced: AutoAdvanced | null
}

/** What an auto-advance did, to say it and to undo it. */
export interface AutoAdvanced {
  /** The labelled episode, its row and what it is called (task and rollout). */
  episodeId: string
  rowIndex: number
  title: string
  label: string
  /** The episode it moved on to: the notice shows while this one is open. */
  nextEpisodeId: string
}

export interface LabelsSlice {
  labels: LabelsState
  loadTaxonomy(): Promise<void>
  saveTaxonomy(defs: LabelDefInput[]): Promise<boolean>
  loadEpisodeLabels(episodeId: string): Promise<void>
  /** Applies the label to the open episode (turn null) or to its turn, or takes it off when it is there. */
  toggleLabel(label: string, turn: number | null): Promise<void>
  /** Number key 1–9: the taxonomy label with that key, on the episode or (Shift) the highlighted turn. */
  applyLabelKey(key: number, onTurn: boolean): Promise<void>
  /** Takes the label of the last auto-advance off again and goes back to that episode (`u`); false when none. */
  undoAdvance(): boolean
  dismissAdvance(): void
  setEpisodeNote(text: string, turn: number | null): Promise<void>
  /** Keeps the open episode's labels and notes made on other content (EpisodeLabels.changed): they now count. */
  keepChangedLabels(): Promise<void>
  /** Takes off the open episode's labels and notes made on other content: one label (of the episode or a turn), or all. */
  dropChangedLabels(which?: { label: string; turn: number | null } | { note: true; turn: number | null }): Promise<void>
  /** Asks for the badges of an episode row (batched; cached until labels change). */
  requestBadges(episodeId: string): void
  setAutoAdvance(on: boolean): void
  setTaxonomyEditorOpen(open: boolean): void
  loadViews(): Promise<void>
  /** Saves the current run, filter, sort and shown columns under `name` (replacing a view of that name). */
  saveCurrentView(name: string, columns: string[]): Promise<void>
  /** Selects the view's first run and applies its filter and sort; returns its columns for the table to show. */
  applyView(view: SavedView): string[]
  deleteSavedView(id: number): Promise<void>
  /** Merges a labels file; then the taxonomy, views, open episode and table badges show what came in (null after an error notice). */
  importLabels(data: LabelsExport): Promise<LabelsImportReport | null>
}

/** The table badges of these episodes: their own labels, and those on their turns (none: an empty list). */
async function fetchBadges(
  api: TraceApi,
  ids: string[]
): Promise<{ badges: Record<string, string[]>; turnBadges: Record<string, string[]> }> {
  const [found, onTurns] = await Promise.all([api.labelsOfEpisodes(ids), api.turnLabelsOfEpisodes(ids)])
  return {
    badges: Object.fromEntries(ids.map((id) => [id, found[id] ?? []])),
    turnBadges: Object.fromEntries(ids.map((id) => [id, onTurns[id] ?? []]))
  }
}

/** The labels on an episode's turns, each once, in the order they first appear. */
const turnLabelsOf = (l: EpisodeLabels): string[] => [...new Set(l.turns.flatMap((t) => t.labels))]

function readAutoAdvance(): boolean {
  try {
    return browserStorage()?.getItem(AUTO_ADVANCE_KEY) === '1'
  } catch {
    return false
  }
}

/** Creates the labels slice (taxonomy, the open episode's labels, table badges, saved views) over `api`. */
export const createLabelsSlice =
  (api: TraceApi): SliceCreator<LabelsSlice> =>
  (set, get) => {
    const patch = (p: Partial<LabelsState>): void => set({ labels: { ...get().labels, ...p } })
    let pending = new Set<string>()
    let timer: ReturnType<typeof setTimeout> | null = null
    const flushBadges = async (): Promise<void> => {
      timer = null
      const ids = [...pending]
      pending = new Set()
      try {
        const got = await fetchBadges(api, ids)
        patch({
          badges: { ...get().labels.badges, ...got.badges },
          turnBadges: { ...get().labels.turnBadges, ...got.turnBadges }
        })
      } catch (err) {
        get().pushError(err, 'Could not load labels')
      }
    }
    /** Records what the API answered for the open episode, and its badges. */
    const took = (l: EpisodeLabels): void => {
      if (get().openEpisodeId !== l.episodeId && get().labels.current?.episodeId !== l.episodeId) return
      patch({
        current: l,
        badges: { ...get().labels.badges, [l.episodeId]: l.labels },
        turnBadges: { ...get().labels.turnBadges, [l.episodeId]: turnLabelsOf(l) }
      })
    }
    return {
      labels: {
        taxonomy: [],
        current: null,
        badges: {},
        turnBadges: {},
        autoAdvance: readAutoAdvance(),
        views: [],
        editorOpen: false,
        advanced: null
      },
      loadTaxonomy: async () => {
        try {
          patch({ taxonomy: await api.getTaxonomy() })
        } catch (err) {
          get().pushError(err, 'Could not load the label taxonomy')
        }
      },
      saveTaxonomy: async (defs) => {
        try {
          patch({ taxonomy: await api.setTaxonomy(defs), badges: {}, turnBadges: {} })
          const id = get().labels.current?.episodeId
          if (id) await get().loadEpisodeLabels(id)
          return true
        } catch (err) {
          get().pushError(err, 'Could not save the taxonomy')
          return false
        }
      },
      loadEpisodeLabels: async (episodeId) => {
        if (get().labels.current?.episodeId !== episodeId) patch({ current: null })
        try {
          took(await api.getEpisodeLabels(episodeId))
        } catch (err) {
          // the open episode went with a rewrite or a deletion of its file: the viewer says so, no error banner
          if (err instanceof ApiCallError && err.code === 'not-found' && get().episode.id === episodeId)
            get().markEpisodeGone(episodeId)
          else get().pushError(err, 'Could not load the labels')
        }
      },
      toggleLabel: async (label, turn) => {
        let cur = get().labels.current
        const open = get().openEpisodeId
        // a key pressed right after opening, before the episode's labels came back: read them now, not drop the key
        if (open !== null && cur?.episodeId !== open) {
          try {
            cur = await api.getEpisodeLabels(open)
          } catch (err) {
            get().pushError(err, 'Could not load the labels')
            return
          }
          took(cur)
        }
        if (!cur) return
        const on = turn === null ? cur.labels : (cur.turns.find((t) => t.turn === turn)?.labels ?? [])
        const has = on.some((l) => l.toLowerCase() === label.toLowerCase())
        try {
          took(await (has ? api.removeLabel : api.addLabel)(cur.episodeId, label, turn))
        } catch (err) {
          get().pushError(err, 'Could not change the label')
          return
        }
        // no notice on success: the chip appearing is the feedback (a review queue would stack one per key press)
        // a review queue: labelling the episode (not taking a label off) moves on to the next row
        if (!has && turn === null && get().labels.autoAdvance) {
          const s = get()
          const detail = s.episode.detail
          const left = {
            episodeId: cur.episodeId,
            rowIndex: s.episodes.activeIndex,
            title: detail?.id === cur.episodeId ? `${detail.taskKey} · rollout ${detail.rollout}` : 'the episode',
            label
          }
          await get().openAdjacentEpisode(1)
          const next = get().openEpisodeId
          // moved on: say what was applied where, with Undo (the chips of the episode left behind are gone)
          if (next !== null && next !== left.episodeId) patch({ advanced: { ...left, nextEpisodeId: next } })
        }
      },
      undoAdvance: () => {
        const a = get().labels.advanced
        if (!a || get().openEpisodeId !== a.nextEpisodeId) return false
        patch({ advanced: null })
        void (async () => {
          try {
            const l = await api.removeLabel(a.episodeId, a.label, null)
            patch({ badges: { ...get().labels.badges, [a.episodeId]: l.labels } })
          } catch (err) {
            get().pushError(err, 'Could not take the label off')
            return
          }
          get().openEpisode(a.episodeId, a.rowIndex)
        })()
        return true
      },
      dismissAdvance: () => patch({ advanced: null }),
      applyLabelKey: async (key, onTurn) => {
        const def = get().labels.taxonomy.find((d) => d.key === key)
        if (!def) return get().pushInfo(`No label has key ${key} (edit the taxonomy to give it one)`)
        const turn = onTurn ? (get().episode.detail?.turns[get().episode.activeTurn]?.index ?? null) : null
        if (onTurn && turn === null) return
        await get().toggleLabel(def.name, turn)
      },
      setEpisodeNote: async (text, turn) => {
        const cur = get().labels.current
        if (!cur) return
        try {
          took(await api.setNote(cur.episodeId, text, turn))
        } catch (err) {
          get().pushError(err, 'Could not save the note')
        }
      },
      keepChangedLabels: async () => {
        const cur = get().labels.current
        if (!cur?.changed) return
        try {
          took(await api.keepLabels(cur.episodeId))
        } catch (err) {
          get().pushError(err, 'Could not keep the labels')
        }
      },
      dropChangedLabels: async (which) => {
        const cur = get().labels.current
        const changed = cur?.changed
        if (!cur || !changed) return
        const all = [
          ...changed.labels.map((label) => ({ label, turn: null as number | null })),
          ...changed.turns.flatMap((t) => t.labels.map((label) => ({ label, turn: t.turn as number | null })))
        ]
        const notes = [
          ...(changed.note !== null ? [null] : []),
          ...changed.turns.filter((t) => t.note !== null).map((t) => t.turn)
        ]
        const labels = which === undefined ? all : 'label' in which ? [which] : []
        const noteTurns = which === undefined ? notes : 'note' in which ? [which.turn] : []
        try {
          let last: EpisodeLabels | null = null
          for (const l of labels) last = await api.removeLabel(cur.episodeId, l.label, l.turn)
          for (const turn of noteTurns) last = await api.setNote(cur.episodeId, '', turn)
          if (last) took(last)
        } catch (err) {
          get().pushError(err, 'Could not take the labels off')
        }
      },
      requestBadges: (episodeId) => {
        if (episodeId in get().labels.badges || pending.has(episodeId)) return
        pending.add(episodeId)
        timer ??= setTimeout(() => void flushBadges(), BADGE_BATCH_MS)
      },
      setAutoAdvance: (on) => {
        patch({ autoAdvance: on })
        try {
          browserStorage()?.setItem(AUTO_ADVANCE_KEY, on ? '1' : '0')
        } catch {
          // storage refused: the choice lasts this session
        }
      },
      setTaxonomyEditorOpen: (open) => patch({ editorOpen: open }),
      loadViews: async () => {
        try {
          patch({ views: await api.listSavedViews() })
        } catch (err) {
          get().pushError(err, 'Could not load the saved views')
        }
      },
      saveCurrentView: async (name, columns) => {
        const s = get()
        if (!s.selectedRunId) return
        const q = s.episodes.query
        const same = s.labels.views.find((v) => v.name.toLowerCase() === name.trim().toLowerCase())
        try {
          await api.saveView(
            {
              name: name.trim(),
              runIds: tableRuns(s),
              filter: q.filter,
              text: q.text,
              sort: q.sort,
              desc: q.desc,
              columns
            },
            same?.id ?? null
          )
          get().pushInfo(`Saved view "${name.trim()}"`)
          await get().loadViews()
        } catch (err) {
          get().pushError(err, 'Could not save the view')
        }
      },
      applyView: (view) => {
        // the view's runs still in the workspace, listed in one table when there are several
        const [runId, ...also] = view.runIds.filter((id) => get().runs.some((r) => r.id === id))
        if (runId) get().selectRun(runId, also)
        else if (view.runIds.length)
          get().pushInfo(
            `The runs of view "${view.name}" are not in this workspace: its filter and order apply to this table`
          )
        if (get().openEpisodeId) get().closeEpisode()
        get().setEpisodeFilter(view.filter)
        // a view from before the text was kept leaves no search behind it either
        get().setEpisodeText(view.text ?? '')
        const q = get().episodes.query
        const sort: EpisodeSortKey = view.sort ?? 'ordinal'
        // setEpisodeSort toggles the direction on the same key: reach the wanted (key, direction) in at most two steps
        if (q.sort !== sort) get().setEpisodeSort(sort)
        if (get().episodes.query.desc !== view.desc) get().setEpisodeSort(sort)
        return view.columns
      },
      importLabels: async (data) => {
        let report: LabelsImportReport
        try {
          report = await api.importLabels(data)
        } catch (err) {
          get().pushError(err, 'Import failed')
          return null
        }
        try {
          // Rows already on screen do not ask for their badges again: re-fetch every badge known so far.
          const known = Object.keys(get().labels.badges)
          const badges: Record<string, string[]> = {}
          const turnBadges: Record<string, string[]> = {}
          for (let i = 0; i < known.length; i += BADGE_CALL_MAX) {
            const got = await fetchBadges(api, known.slice(i, i + BADGE_CALL_MAX))
            Object.assign(badges, got.badges)
            Object.assign(turnBadges, got.turnBadges)
          }
          patch({ taxonomy: await api.getTaxonomy(), views: await api.listSavedViews(), badges, turnBadges })
          const open = get().labels.current?.episodeId
          if (open) await get().loadEpisodeLabels(open)
          // a filter may select by label: the rows it shows can change
          if (get().episodes.query.filter.trim()) await get().refreshEpisodes()
        } catch (err) {
          get().pushError(err, 'Imported, but could not reload the labels')
        }
        return report
      },
      deleteSavedView: async (id) => {
        try {
          patch({ views: await api.deleteView(id) })
        } catch (err) {
          get().pushError(err, 'Could not delete the view')
        }
      }
    }
  }
