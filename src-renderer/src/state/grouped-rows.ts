/**
 * The rows of the episodes table grouped by task, as one flat list for the virtualizer: every task group is a row,
 * and an unfolded group's rollouts follow it. Groups and rollouts are both fetched by page, so only the unfolded
 * groups (a handful, opened by hand) are walked here, never the groups themselves. Pure functions.
 */
import type { EpisodeSummary } from '@contract/model'
import type { PageMap } from './page-cache'

/** An unfolded group: where it sits among the groups, how many rollouts it lists, and their pages. */
export interface OpenGroup {
  taskKey: string
  /** Index of the group among the query's groups. */
  index: number
  /** Matching rollouts of the task (the group's k). */
  count: number
  pages: PageMap<EpisodeSummary>
  /** Generation each page was loaded under (older ones are shown but refetched). */
  pageGen: Record<number, number>
}

/** What a row of the flat list is. */
export type FlatRow =
  { kind: 'group'; group: number } | { kind: 'episode'; group: number; taskKey: string; child: number }

/** Rows in the flat list: one per group plus the rollouts of every unfolded group. */
export function flatCount(groupTotal: number, open: readonly OpenGroup[]): number {
  return open.reduce((n, g) => n + g.count, groupTotal)
}

/** The row at flat index `i`; `open` must be sorted by index. */
export function rowOf(i: number, open: readonly OpenGroup[]): FlatRow {
  let before = 0 // rollout rows above the current group
  for (const g of open) {
    const at = g.index + before
    if (i < at) break
    if (i === at) return { kind: 'group', group: g.index }
    if (i <= at + g.count) return { kind: 'episode', group: g.index, taskKey: g.taskKey, child: i - at - 1 }
    before += g.count
  }
  return { kind: 'group', group: i - before }
}

/** Flat index of group `group`'s own row. */
export function groupRowIndex(group: number, open: readonly OpenGroup[]): number {
  return open.reduce((n, g) => (g.index < group ? n + g.count : n), group)
}

/** `open` with `g` added (or replaced, by task key), kept sorted by index. */
export function withOpenGroup(open: readonly OpenGroup[], g: OpenGroup): OpenGroup[] {
  return [...open.filter((o) => o.taskKey !== g.taskKey), g].sort((a, b) => a.index - b.index)
}
