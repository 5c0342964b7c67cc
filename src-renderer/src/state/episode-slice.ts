import type { TraceApi } from '@contract/api'
import type { EpisodeHead, EpisodePreview } from '@contract/model'
import { errorMessage } from '../api/api-error'
import type { AppState, SliceCreator } from './types'
import { episodeAtRow } from './episodes-slice'
import { takeFirstScriptHead } from '../boot/pending-head'
import { expandableKeys, turnExpandKeys } from '../lib/turn-text'
import { expandKeysFor, findInTurns, type FindMatch } from '../lib/find-in-turns'
import { stripAnsi } from '../lib/ansi'

/** Find in this episode (`/`): the query, its matches in reading order, and the one shown. */
export interface FindState {
  open: boolean
  query: string
  matches: FindMatch[]
  /** More matches exist than were collected (see MAX_MATCHES). */
  capped: boolean
  /** Index into `matches` of the current match; -1 when there is none. */
  current: number
}

const NO_FIND: FindState = { open: false, query: '', matches: [], capped: false, current: -1 }

/** The open episode: its detail (transcript), and the transcript's UI state. */
export interface EpisodeState {
  id: string | null
  /** The episode as opened: long texts may be cut until the full turns are fetched (`complete`). */
  detail: EpisodePreview | null
  /**
   * The episode's first turns (getEpisodeHead), shown while its preview is read: a 10 MB episode's first turns are
   * read and sent in a fraction of the time its whole preview takes. Null once the preview is in, for a record
   * under HEAD_SHOWN_FROM_BYTES, and when the episode opens at a turn further down (the preview's jump would move
   * the rows under the reader).
   */
  head: EpisodeHead | null
  /** The full turns are being fetched. */
  fullLoading: boolean
  loading: boolean
  error: string | null
  /** Expanded parts of long texts / reasoning, keyed `<turn>:<part>`. */
  expanded: Record<string, true>
  /**
   * The open episode is no longer in the index: its file was rewritten without it, or deleted, since it was opened.
   * The view keeps what it showed, and says so.
   */
  gone: boolean
  /** The highlighted turn (j / k). */
  activeTurn: number
  /** Bumped whenever the transcript must scroll the active turn into view (a jump, not a click). */
  scrollSeq: number
  /** A turn asked for (by its `index`, from a deep link) before the transcript arrived. */
  pendingTurnIndex: number | null
  find: FindState
  /** A long text opened in the read-only editor overlay, or null. */
  editor: EditorView | null
  /** The turn (position) whose note editor is open, or null. */
  noteTurn: number | null
  /**
   * The header shows one line (task, outcome, labels) instead of every fact: it folds by itself once the reading
   * starts (a move off the first turn, a scroll down the transcript) until the user opens or folds it by hand.
   */
  headerFolded: boolean
  /** The user opened or folded the header of this episode: it no longer folds by itself. */
  headerByHand: boolean
  /** The raw source record (the Raw tab), fetched on first view; null until then. */
  raw: string | null
  rawError: string | null
}

/** What the editor overlay shows. */
export interface EditorView {
  title: string
  text: string
}

/** A text to open in the editor: given as is, or a turn's text / reasoning (fetched in full when the preview cut it). */
export type EditorSource = EditorView | { title: string; position: number; part: 'text' | 'reasoning' }

export interface EpisodeSlice {
  episode: EpisodeState
  loadEpisode(episodeId: string): Promise<void>
  clearEpisode(): void
  /** Marks the open episode `id` as gone from the index (EpisodeState.gone). */
  markEpisodeGone(id: string): void
  toggleExpanded(key: string): void
  /** Expands every long text, reasoning and tool call of the transcript (`e`), or collapses them all (`x`). */
  setAllExpanded(open: boolean): void
  /** Opens (or closes) every long text, reasoning, prompt and tool call of one turn (Show all on the highlighted turn). */
  setTurnExpanded(position: number, open: boolean): void
  /** Folds the header because the reading started (unless the user set it by hand for this episode). */
  foldHeaderWhileReading(): void
  /** Opens / folds the header by hand (its button, `i`). */
  toggleHeader(): void
  /** Opens the note editor of the turn at `position` (null closes it). */
  setNoteTurn(position: number | null): void
  setActiveTurn(index: number): void
  /** Moves the highlight by `delta` turns, clamped to the transcript, and scrolls to it. */
  moveActiveTurn(delta: number): void
  /** Highlights the turn at `position` and scrolls to it. */
  jumpToTurn(position: number): void
  /** Jumps to the turn whose `index` is `turnIndex` (deep links), now or once the transcript has loaded. */
  jumpToTurnIndex(turnIndex: number): void
  openFind(): void
  /** Opens the find bar with this query for the episode loading (it matches once the transcript is in). */
  presetFind(query: string): void
  closeFind(): void
  setFindQuery(query: string): void
  /** Moves to the next (+1) or previous (-1) match, wrapping around, and reveals it. */
  stepFind(delta: number): void
  /** Opens a text in the editor overlay (a turn's part is fetched in full first when the preview cut it). */
  openEditor(source: EditorSource): Promise<void>
  closeEditor(): void
  /** Fetches the full turns when the preview cut some texts; resolves once they are in (or failed). */
  ensureFullTurns(): Promise<void>
  /** Fetches the raw record for the Raw tab, once per episode. */
  loadRaw(): Promise<void>
}

const EMPTY: EpisodeState = {
  id: null,
  detail: null,
  head: null,
  fullLoading: false,
  loading: false,
  error: null,
  expanded: {},
  gone: false,
  activeTurn: 0,
  scrollSeq: 0,
  pendingTurnIndex: null,
  find: NO_FIND,
  editor: null,
  noteTurn: null,
  headerFolded: false,
  headerByHand: false,
  raw: null,
  rawError: null
}

/** Turns of the head an in-app open shows first: more than the tallest window holds (the server allows 40). */
export const IN_APP_HEAD_TURNS = 12

/**
 * Whether an episode may be long enough for its head to paint sooner than its preview: unless the table's row says
 * it has no more turns than the head would show (a short episode's preview comes as fast, so one read is enough).
 */
function mayBeLong(s: AppState, episodeId: string): boolean {
  const row = episodeAtRow(s, s.episodes.activeIndex)
  return row?.id !== episodeId || row.turns > IN_APP_HEAD_TURNS
}

/**
 * Records from this size on show their head first. A smaller one's preview follows its head within a frame or two:
 * showing the head would only flicker, and fold the header (below) for nothing. The engine reads and cuts ~80 MB/s
 * of record into a preview here (a 10 MB episode: ~120 ms), so 2 MB is ~25 ms of waiting, plus sending it.
 */
export const HEAD_SHOWN_FROM_BYTES = 2_000_000

function worthShowing(head: EpisodeHead): boolean {
  return head.recordBytes !== null && head.recordBytes >= HEAD_SHOWN_FROM_BYTES
}

/** Creates the episode-detail slice over `api`. */
export const createEpisodeSlice =
  (api: TraceApi): SliceCreator<EpisodeSlice> =>
  (set, get) => {
    /** The one in-flight fetch of full turns (several triggers may ask at once). */
    let fullRequest: { id: string; done: Promise<void> } | null = null
    /** Opens whatever hides the match (collapsed text, reasoning, prompt) and scrolls to its turn. */
    const revealMatch = (i: number): void => {
      const e = get().episode
      const match = e.find.matches[i]
      if (!match) return
      const expanded = { ...e.expanded }
      for (const k of expandKeysFor(match)) expanded[k] = true
      set({ episode: { ...e, expanded } })
      get().jumpToTurn(match.position)
    }
    return {
      episode: EMPTY,
      loadEpisode: async (episodeId) => {
        if (get().episode.id === episodeId && (get().episode.detail || get().episode.loading)) return
        // the find bar stays open with its query across episodes (n / p while hunting a string)
        const { open, query } = get().episode.find
        set({ episode: { ...EMPTY, id: episodeId, loading: true, find: { ...NO_FIND, open, query } } })
        // asked first: both go to the same engine thread, which answers in order (services/routed-api.ts)
        const painted = takeFirstScriptHead()
        if (mayBeLong(get(), episodeId) && !painted)
          api.getEpisodeHead(episodeId, 0, IN_APP_HEAD_TURNS).then(
            (head) => {
              const e = get().episode
              if (e.id === episodeId && e.loading && !e.detail && e.pendingTurnIndex === null && worthShowing(head))
                set({ episode: { ...e, head } })
            },
            () => undefined // the preview's own request says what went wrong
          )
        try {
          const detail = await api.getEpisodePreview(episodeId)
          if (get().episode.id !== episodeId) return
          const e = get().episode
          // After a head, the reader is already on the turns: the header comes folded to its one line, so they
          // move down by that line and not by the whole header (i opens it). A text opened meanwhile gets its
          // full turns, as a click on it would have fetched them.
          const headerFolded = e.headerFolded || (e.head !== null && !e.headerByHand)
          set({ episode: { ...e, detail, head: null, loading: false, headerFolded } })
          if (e.head && !detail.complete && Object.keys(e.expanded).length > 0) void get().ensureFullTurns()
          const pending = get().episode.pendingTurnIndex
          if (pending !== null) get().jumpToTurnIndex(pending)
          // the query kept from the last episode, or one set while this one loaded (a search hit's term)
          const find = get().episode.find.query
          if (find !== '') get().setFindQuery(find)
        } catch (err) {
          if (get().episode.id !== episodeId) return
          set({ episode: { ...get().episode, head: null, loading: false, error: errorMessage(err) } })
          get().pushError(err, 'Could not open the episode')
        }
      },
      markEpisodeGone: (id) => {
        if (get().episode.id === id && !get().episode.gone) set({ episode: { ...get().episode, gone: true } })
      },
      clearEpisode: () => set({ episode: EMPTY }),
      toggleExpanded: (key) => {
        const expanded = { ...get().episode.expanded }
        if (expanded[key]) delete expanded[key]
        else {
          expanded[key] = true
          // the preview cut this turn's long text: bring the full turns (shown as they arrive)
          if (get().episode.detail?.turns[parseInt(key, 10)]?.elided) void get().ensureFullTurns()
        }
        set({ episode: { ...get().episode, expanded } })
      },
      setAllExpanded: (open) => {
        const turns = get().episode.detail?.turns ?? []
        const expanded: Record<string, true> = {}
        if (open) for (const k of expandableKeys(turns)) expanded[k] = true
        set({ episode: { ...get().episode, expanded } })
        if (open) void get().ensureFullTurns()
      },
      setTurnExpanded: (position, open) => {
        const e = get().episode
        const turn = e.detail?.turns[position]
        if (!turn) return
        const expanded = { ...e.expanded }
        for (const k of turnExpandKeys(turn, position)) {
          if (open) expanded[k] = true
          else delete expanded[k]
        }
        set({ episode: { ...e, expanded } })
        if (open && turn.elided) void get().ensureFullTurns()
      },
      foldHeaderWhileReading: () => {
        const e = get().episode
        if (!e.headerFolded && !e.headerByHand) set({ episode: { ...e, headerFolded: true } })
      },
      toggleHeader: () => {
        const e = get().episode
        set({ episode: { ...e, headerFolded: !e.headerFolded, headerByHand: true } })
      },
      setNoteTurn: (position) => set({ episode: { ...get().episode, noteTurn: position } }),
      setActiveTurn: (index) => {
        if (index !== get().episode.activeTurn) set({ episode: { ...get().episode, activeTurn: index } })
      },
      moveActiveTurn: (delta) => {
        const n = get().episode.detail?.turns.length ?? 0
        if (n === 0) return
        get().jumpToTurn(Math.max(0, Math.min(n - 1, get().episode.activeTurn + delta)))
      },
      jumpToTurn: (position) => {
        const e = get().episode
        set({ episode: { ...e, activeTurn: position, scrollSeq: e.scrollSeq + 1 } })
        // reading has started: the transcript gets the height
        if (position > 0) get().foldHeaderWhileReading()
      },
      jumpToTurnIndex: (turnIndex) => {
        const e = get().episode
        if (!e.detail) {
          set({ episode: { ...e, pendingTurnIndex: turnIndex } })
          return
        }
        const turns = e.detail.turns
        // a turn's `index` is its position in nearly every format; fall back to a search when not
        const position =
          turns[turnIndex]?.index === turnIndex ? turnIndex : turns.findIndex((t) => t.index === turnIndex)
        set({ episode: { ...e, pendingTurnIndex: null } })
        if (position >= 0) get().jumpToTurn(position)
      },
      openFind: () => {
        const e = get().episode
        if (!e.find.open) set({ episode: { ...e, find: { ...e.find, open: true } } })
        // find searches full texts: until they are in, it searches the previews, then again
        void get().ensureFullTurns()
      },
      presetFind: (query) => set({ episode: { ...get().episode, find: { ...NO_FIND, open: true, query } } }),
      closeFind: () => set({ episode: { ...get().episode, find: NO_FIND } }),
      setFindQuery: (query) => {
        const e = get().episode
        const { matches, capped } = e.detail ? findInTurns(e.detail.turns, query) : { matches: [], capped: false }
        // start from the first match at or after the highlighted turn, as editors do
        const from = matches.findIndex((m) => m.position >= e.activeTurn)
        const current = matches.length === 0 ? -1 : from === -1 ? 0 : from
        set({ episode: { ...e, find: { open: true, query, matches, capped, current } } })
        if (current >= 0) revealMatch(current)
      },
      openEditor: async (source) => {
        // the editor reads like the transcript: terminal escapes dropped (the Raw tab keeps the record as written)
        if ('text' in source)
          return set({ episode: { ...get().episode, editor: { ...source, text: stripAnsi(source.text) } } })
        const id = get().episode.id
        if (get().episode.detail?.turns[source.position]?.elided) await get().ensureFullTurns()
        const e = get().episode
        const turn = e.detail?.turns[source.position]
        if (!turn || e.id !== id || turn.elided) return
        const text = stripAnsi(source.part === 'text' ? turn.text : (turn.reasoning ?? ''))
        set({ episode: { ...e, editor: { title: source.title, text } } })
      },
      loadRaw: async () => {
        const { id, raw } = get().episode
        if (id === null || raw !== null) return
        try {
          const text = await api.getEpisodeRaw(id)
          if (get().episode.id === id) set({ episode: { ...get().episode, raw: text, rawError: null } })
        } catch (err) {
          if (get().episode.id === id) set({ episode: { ...get().episode, rawError: errorMessage(err) } })
        }
      },
      ensureFullTurns: () => {
        const e = get().episode
        if (!e.detail || e.detail.complete) return Promise.resolve()
        if (fullRequest?.id === e.id) return fullRequest.done
        const id = e.detail.id
        set({ episode: { ...e, fullLoading: true } })
        const done = api.getEpisodeTurns(id).then(
          (turns) => {
            if (fullRequest?.id === id) fullRequest = null // a newer episode's request stays
            const now = get().episode
            if (now.id !== id || !now.detail) return
            set({ episode: { ...now, fullLoading: false, detail: { ...now.detail, turns, complete: true } } })
            if (now.find.query !== '') get().setFindQuery(now.find.query)
          },
          (err: unknown) => {
            if (fullRequest?.id === id) fullRequest = null // a newer episode's request stays
            if (get().episode.id !== id) return
            set({ episode: { ...get().episode, fullLoading: false } })
            get().pushError(err, 'Could not load the full turns')
          }
        )
        fullRequest = { id, done }
        return done
      },
      closeEditor: () => set({ episode: { ...get().episode, editor: null } }),
      stepFind: (delta) => {
        const { matches, current } = get().episode.find
        if (matches.length === 0) return
        const next = (current + delta + matches.length) % matches.length
        set({ episode: { ...get().episode, find: { ...get().episode.find, current: next } } })
        revealMatch(next)
      }
    }
  }
