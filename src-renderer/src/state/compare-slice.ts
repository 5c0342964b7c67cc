import type { TraceApi } from '@contract/api'
import type { CompareOptions, CompareReport, SeriesReport } from '@contract/compare'
import type { CompareReportExportRequest } from '@contract/export'
import type { TaskGroupSummary } from '@contract/model'
import { errorMessage } from '../api/api-error'
import { sameSteps, stepFilter, WHOLE_RUNS, type CompareSteps } from './compare-steps'
import type { CompareRoute, Route } from './hash-route'
import { refusableReport } from './refusable-report'
import { isScreenOpen, NO_SCREEN } from './screen-state'
import type { SliceCreator } from './types'
import type { TaskRowFilter } from '../lib/task-rows-view'

export type CompareTab = 'summary' | 'categories' | 'groups'

/** A cell of the flip table, whose tasks are listed under it. */
export type FlipCell = 'fixed' | 'broken' | 'bothPass' | 'bothFail'

/** Two runs compared: the report (kept while a new one loads, so the screen does not blank) and the open task. */
export interface CompareView {
  runA: string
  runB: string
  report: CompareReport | null
  loading: boolean
  error: string | null
  /** Compared although the runs' environments differ (after "Compare anyway"; every screen says so). */
  anyway: boolean
  /** The engine's reason for refusing runs of different environments (the screen offers "Compare anyway"). */
  refused: string | null
  /** The category field the breakdown is asked for (null: every field the report offers). */
  category: string | null
  /** The training step each side reads (two steps of a training run), or null for a whole run. */
  steps: CompareSteps
  /** The task opened side by side, and the list it was opened from (for [ ] / n p). */
  taskKey: string | null
  taskList: string[]
}

/** A checkpoint series of runs in order. */
export interface SeriesView {
  runIds: string[]
  report: SeriesReport | null
  loading: boolean
  error: string | null
  /** Followed although the runs' environments differ (after "Compare anyway"; the screen says so). */
  anyway: boolean
  /** The engine's reason for refusing runs of different environments (the screen offers "Compare anyway"). */
  refused: string | null
}

/** Both runs' task groups, for the Groups tab (k rollouts per task, flagged when every reward is the same). */
export interface CompareGroups {
  loading: boolean
  error: string | null
  a: Map<string, TaskGroupSummary>
  b: Map<string, TaskGroupSummary>
  /** True when a run had more tasks than were fetched. */
  capped: boolean
  /** Rewards of each rollout, by `<side>\n<task>` (rolloutKey), fetched as rows come into view. */
  rollouts: Map<string, (number | null)[]>
  /** Each of those rollouts passed or not (null: no verdict), by the same key: the cells draw pass, not the reward. */
  rolloutPassed: Map<string, (boolean | null)[]>
}

export interface CompareSlice {
  /** Runs ticked in the runs table, in the order they were ticked (the first is A, the base). */
  comparePicks: string[]
  compare: CompareView | null
  series: SeriesView | null
  compareTab: CompareTab
  /** Which tasks the per-task flip table lists: a flip cell, `changed` (fixed and broken), `all`; null = `changed`. */
  flipCell: TaskRowFilter | null
  compareGroups: CompareGroups | null
  toggleComparePick(runId: string): void
  /** A ↔ B. */
  swapComparePicks(): void
  clearComparePicks(): void
  /**
   * Opens the comparison of A (base) and B (trained); `taskKey` opens one task side by side; `anyway` compares runs
   * of different environments (refused otherwise); `steps` compares one training step of a side (A and B may then be
   * the same training run).
   */
  openCompare(runA: string, runB: string, taskKey?: string | null, anyway?: boolean, steps?: CompareSteps): void
  /** Compares the open pair although their environments differ (after the refusal). */
  compareAnyway(): void
  /** Opens a checkpoint series; `anyway` follows runs of different environments (refused otherwise). */
  openSeries(runIds: string[], anyway?: boolean): void
  /** Follows the open series although its runs' environments differ (after the refusal). */
  seriesAnyway(): void
  /** Back to the runs browser (closes whichever screen is open: comparison, series, breakdown, N runs, curve). */
  closeCompare(): void
  /** Asks for the per-category breakdown by one field (null: every field). */
  setCompareCategory(field: string | null): void
  setCompareTab(tab: CompareTab): void
  setFlipCell(cell: TaskRowFilter | null): void
  /** Opens a task side by side; `list` is the list it was clicked in. */
  openCompareTask(taskKey: string, list: string[]): void
  closeCompareTask(): void
  /** Next (+1) / previous (-1) task of the list the open task came from; false at either end. */
  stepCompareTask(delta: number): boolean
  /** Applies a compare or series route from the URL hash. */
  applyCompareRoute(route: Route): void
  loadCompareGroups(): Promise<void>
  /**
   * Loads the rollout rewards of tasks (the Groups tab's page on screen) on both sides of the comparison: one
   * request per side for every task not loaded or asked for yet, whatever the number of tasks.
   */
  loadGroupRollouts(taskKeys: string[]): Promise<void>
}

/** At most this many tasks per run are listed in the Groups tab (pages of the API's largest page). */
const GROUPS_PAGE = 5000
const GROUPS_MAX = 20_000

/** Rollouts drawn per task and side at most (a cell each). */
const ROLLOUTS_PER_TASK = 200

/** The key of a side's task in CompareGroups.rollouts (both sides may be steps of the one run). */
export const rolloutKey = (side: 'a' | 'b', taskKey: string): string => `${side}\n${taskKey}`

/** The compare route the state shows, if any (for the URL hash). */
export function compareRouteOf(s: CompareSlice): Pick<Route, 'compare' | 'series' | 'seriesAnyway'> {
  if (s.compare) {
    const { runA, runB, taskKey, anyway, steps } = s.compare
    const route: CompareRoute = { runA, runB, taskKey }
    if (anyway) route.anyway = true
    if (!sameSteps(steps, WHOLE_RUNS)) route.steps = steps
    if (s.compareTab === 'groups') route.groups = true
    return { compare: route }
  }
  if (s.series) return s.series.anyway ? { series: s.series.runIds, seriesAnyway: true } : { series: s.series.runIds }
  return {}
}

/** Creates the compare slice over `api`. */
export const createCompareSlice =
  (api: TraceApi): SliceCreator<CompareSlice> =>
  (set, get) => {
    // answers to an older request (other runs, another category) are dropped
    let groupsSeq = 0
    // rollouts asked for and not yet answered
    const pendingRollouts = new Set<string>()

    const compareReport = refusableReport(get, set, 'compare', (c) =>
      api.compareRuns(c.runA, c.runB, compareOptions(c))
    )
    const fetchReport = compareReport.load
    const seriesReport = refusableReport(get, set, 'series', (s) =>
      api.compareSeries(s.runIds, s.anyway ? { allowDifferentEnvs: true } : undefined)
    )
    const fetchSeries = (): void => void seriesReport.load()

    return {
      comparePicks: [],
      compare: null,
      series: null,
      compareTab: 'summary',
      flipCell: null,
      compareGroups: null,
      toggleComparePick: (runId) => {
        const picks = get().comparePicks
        set({ comparePicks: picks.includes(runId) ? picks.filter((id) => id !== runId) : [...picks, runId] })
      },
      swapComparePicks: () => {
        const [a, b, ...rest] = get().comparePicks
        if (a !== undefined && b !== undefined) set({ comparePicks: [b, a, ...rest] })
      },
      clearComparePicks: () => set({ comparePicks: [] }),
      openCompare: (runA, runB, taskKey = null, anyway = false, steps = WHOLE_RUNS) => {
        const c = get().compare
        if (c && c.runA === runA && c.runB === runB && c.anyway === anyway && sameSteps(c.steps, steps)) {
          if (taskKey !== c.taskKey) set({ compare: { ...c, taskKey, taskList: taskKey === null ? [] : c.taskList } })
          return
        }
        set({
          ...NO_SCREEN,
          compare: {
            runA,
            runB,
            report: null,
            loading: true,
            error: null,
            anyway,
            refused: null,
            category: null,
            steps,
            taskKey,
            taskList: []
          },
          // two steps of one run are not two picks of the runs table
          comparePicks: runA === runB ? [] : [runA, runB]
        })
        void fetchReport()
      },
      compareAnyway: () => {
        const c = get().compare
        if (!c || c.anyway) return
        set({ compare: { ...c, anyway: true }, compareGroups: null })
        void fetchReport()
      },
      openSeries: (runIds, anyway = false) => {
        const s = get().series
        if (s && s.runIds.join('\n') === runIds.join('\n') && s.anyway === anyway) return
        set({
          ...NO_SCREEN,
          series: { runIds, report: null, loading: true, error: null, anyway, refused: null },
          comparePicks: runIds
        })
        fetchSeries()
      },
      seriesAnyway: () => {
        const s = get().series
        if (!s || s.anyway) return
        set({ series: { ...s, anyway: true, refused: null, loading: true, error: null } })
        fetchSeries()
      },
      closeCompare: () => {
        if (!isScreenOpen(get())) return
        compareReport.drop()
        seriesReport.drop()
        groupsSeq++
        set(NO_SCREEN)
      },
      setCompareCategory: (field) => {
        const c = get().compare
        if (!c || c.category === field) return
        set({ compare: { ...c, category: field } })
        void fetchReport()
      },
      setCompareTab: (tab) => {
        set({ compareTab: tab })
        if (tab === 'groups' && !get().compareGroups) void get().loadCompareGroups()
      },
      setFlipCell: (cell) => set({ flipCell: cell }),
      openCompareTask: (taskKey, list) => {
        const c = get().compare
        if (c) set({ compare: { ...c, taskKey, taskList: list } })
      },
      closeCompareTask: () => {
        const c = get().compare
        if (c && c.taskKey !== null) set({ compare: { ...c, taskKey: null } })
      },
      stepCompareTask: (delta) => {
        const c = get().compare
        if (!c || c.taskKey === null) return false
        const list = compareTaskList(c)
        const at = list.indexOf(c.taskKey)
        const next = at === -1 ? undefined : list[at + delta]
        if (next === undefined) return false
        set({ compare: { ...c, taskKey: next, taskList: list } })
        return true
      },
      applyCompareRoute: (route) => {
        if (route.compare) {
          get().openCompare(
            route.compare.runA,
            route.compare.runB,
            route.compare.taskKey,
            !!route.compare.anyway,
            route.compare.steps ?? WHOLE_RUNS
          )
          // a link says which tab it shows: the Groups tab, or the report
          const tab = route.compare.groups ? 'groups' : 'summary'
          if (get().compareTab !== tab) get().setCompareTab(tab)
        } else if (route.series) get().openSeries(route.series, !!route.seriesAnyway)
      },
      loadCompareGroups: async () => {
        const c = get().compare
        if (!c) return
        const seq = ++groupsSeq
        set({
          compareGroups: {
            loading: true,
            error: null,
            a: new Map(),
            b: new Map(),
            capped: false,
            rollouts: new Map(),
            rolloutPassed: new Map()
          }
        })
        try {
          const [a, b] = await Promise.all([allGroups(api, c.runA, c.steps.a), allGroups(api, c.runB, c.steps.b)])
          if (seq !== groupsSeq) return
          const prev = get().compareGroups
          set({
            compareGroups: {
              loading: false,
              error: null,
              a: a.groups,
              b: b.groups,
              capped: a.capped || b.capped,
              rollouts: prev?.rollouts ?? new Map(),
              rolloutPassed: prev?.rolloutPassed ?? new Map()
            }
          })
        } catch (err) {
          if (seq === groupsSeq)
            set({
              compareGroups: {
                loading: false,
                error: errorMessage(err),
                a: new Map(),
                b: new Map(),
                capped: false,
                rollouts: new Map(),
                rolloutPassed: new Map()
              }
            })
        }
      },
      loadGroupRollouts: async (taskKeys) => {
        const g = get().compareGroups
        const c = get().compare
        if (!c || !g || g.loading) return
        const seq = groupsSeq
        const loadSide = async (side: 'a' | 'b'): Promise<void> => {
          const groups = side === 'a' ? g.a : g.b
          // a task the side does not have draws no cells: nothing to ask for
          const keys = taskKeys.filter((k) => {
            const key = rolloutKey(side, k)
            return groups.has(k) && !g.rollouts.has(key) && !pendingRollouts.has(key)
          })
          if (keys.length === 0) return
          keys.forEach((k) => pendingRollouts.add(rolloutKey(side, k)))
          try {
            const runId = side === 'a' ? c.runA : c.runB
            const step = side === 'a' ? c.steps.a : c.steps.b
            const answer = await api.groupRollouts({
              runId,
              taskKeys: keys,
              sort: 'rollout',
              perTask: ROLLOUTS_PER_TASK,
              ...stepFilter(step)
            })
            const now = get().compareGroups
            if (seq !== groupsSeq || !now) return
            const rollouts = new Map(now.rollouts)
            const rolloutPassed = new Map(now.rolloutPassed)
            for (const t of answer) {
              rollouts.set(
                rolloutKey(side, t.taskKey),
                t.rollouts.map((r) => r.reward)
              )
              rolloutPassed.set(
                rolloutKey(side, t.taskKey),
                t.rollouts.map((r) => r.passed)
              )
            }
            set({ compareGroups: { ...now, rollouts, rolloutPassed } })
          } catch (err) {
            get().pushError(err, `Could not load the rollouts of ${keys.length} task${keys.length === 1 ? '' : 's'}`)
          } finally {
            keys.forEach((k) => pendingRollouts.delete(rolloutKey(side, k)))
          }
        }
        await Promise.all([loadSide('a'), loadSide('b')])
      }
    }
  }

/** The export of the comparison on screen as an HTML report: the same runs and options as the screen shows. */
export function compareReportRequest(c: CompareView): CompareReportExportRequest {
  return { kind: 'compareReport', runA: c.runA, runB: c.runB, options: compareOptions(c) }
}

/** The engine options of a comparison: its category field, the user's insistence on different environments, steps. */
function compareOptions(c: CompareView): CompareOptions {
  return {
    ...(c.category ? { category: c.category } : {}),
    ...(c.anyway ? { allowDifferentEnvs: true } : {}),
    ...(c.steps.a !== null ? { stepA: c.steps.a } : {}),
    ...(c.steps.b !== null ? { stepB: c.steps.b } : {})
  }
}

async function allGroups(
  api: TraceApi,
  runId: string,
  step: number | null
): Promise<{ groups: Map<string, TaskGroupSummary>; capped: boolean }> {
  const groups = new Map<string, TaskGroupSummary>()
  for (let offset = 0; offset < GROUPS_MAX; offset += GROUPS_PAGE) {
    const page = await api.listTaskGroups({ runId, sort: 'taskKey', offset, limit: GROUPS_PAGE, ...stepFilter(step) })
    for (const g of page.items) groups.set(g.taskKey, g)
    if (offset + page.items.length >= page.total || page.items.length === 0) return { groups, capped: false }
  }
  return { groups, capped: true }
}

/**
 * The tasks [ ] / n p step through: the list the open task was clicked in, or (a deep link or a reload, which keep
 * only the task in the URL) the flipped tasks, fixed then broken, when the open task is one of them, else every
 * shared task of the Tasks table, most regressed first (a task opened by link had no list: no "task N / M", ‹ › off).
 */
export function compareTaskList(c: CompareView): string[] {
  if (c.taskList.length > 0) return c.taskList
  if (c.taskKey === null || !c.report) return []
  const flipped = [...c.report.flips.fixed, ...c.report.flips.broken]
  if (flipped.includes(c.taskKey)) return flipped
  const rows = c.report.taskRows.map((r) => r.taskKey)
  return rows.includes(c.taskKey) ? rows : []
}

/** A group of at least two rollouts that all got the same reward: GRPO learns nothing from it. */
export function noSignal(g: TaskGroupSummary | undefined): boolean {
  return g !== undefined && g.rollouts >= 2 && g.minReward !== null && g.minReward === g.maxReward
}
