import type { EpisodeSortKey, EpisodeSummary, RunSummary, TaskKeyKind } from '@contract/model'
import { fmtInt, fmtNum, fmtPassed, fmtReward, fmtScalar, oneLine } from '../../lib/format'

/** How a cell is drawn (plain text, or one of the special renderers of the table). */
export type EpisodeCellKind = 'text' | 'num' | 'task' | 'passed' | 'status'

/** One column of the episodes table. */
export interface EpisodeColumn {
  id: string
  label: string
  hint: string
  /** Width in px; the preview column also takes any spare width. */
  width: number
  kind: EpisodeCellKind
  /** Server sort key, or null when the column cannot be sorted. */
  sortKey: EpisodeSortKey | null
  text(ep: EpisodeSummary): string
}

// Same rule as the API's argument guard: other metric names cannot be sent as a sort key.
const SORTABLE_METRIC = /^[\w.\-/]{1,200}$/

/** Whether `metric:<name>` is a valid sort key. */
export function isSortableMetric(name: string): boolean {
  return SORTABLE_METRIC.test(name)
}

const widthFor = (label: string, min: number, max: number): number => Math.max(min, Math.min(max, label.length * 7 + 26))

/** Base columns plus one per metric and one per info field of the run. */
export function episodeColumns(run: Pick<RunSummary, 'metrics' | 'infoFields'> | null): EpisodeColumn[] {
  const cols: EpisodeColumn[] = [
    { id: 'ordinal', label: '#', hint: 'Position in the run (0-based): file order, or task then rollout for logs written in completion order', width: 64, kind: 'num', sortKey: 'ordinal', text: (e) => String(e.ordinal) },
    { id: 'task', label: 'Task', hint: 'Task key (how it was derived is shown after it)', width: 200, kind: 'task', sortKey: 'taskKey', text: (e) => e.taskKey },
    { id: 'rollout', label: 'Roll', hint: 'Rollout index within the task (0-based)', width: 52, kind: 'num', sortKey: 'rollout', text: (e) => String(e.rollout) },
    { id: 'reward', label: 'Reward', hint: 'Episode reward', width: 84, kind: 'num', sortKey: 'reward', text: (e) => fmtReward(e.reward) },
    { id: 'passed', label: 'Pass', hint: 'Passed (✓), failed (✗) or unknown (–)', width: 46, kind: 'passed', sortKey: null, text: (e) => fmtPassed(e.passed) },
    { id: 'turns', label: 'Turns', hint: 'Turns in the transcript (prompt messages included)', width: 56, kind: 'num', sortKey: 'turns', text: (e) => fmtInt(e.turns) },
    { id: 'status', label: 'Status', hint: 'ok, error, truncated or cancelled', width: 92, kind: 'status', sortKey: 'status', text: (e) => e.status },
    { id: 'preview', label: 'Preview', hint: 'First user message', width: 320, kind: 'text', sortKey: null, text: (e) => oneLine(e.preview) },
    { id: 'answer', label: 'Answer', hint: 'Expected answer', width: 140, kind: 'text', sortKey: null, text: (e) => oneLine(e.answer) }
  ]
  for (const m of run?.metrics ?? []) {
    cols.push({
      id: `metric:${m.name}`,
      label: m.name,
      hint: `Metric ${m.name} (mean ${fmtNum(m.mean)}, ${fmtInt(m.count)} values)`,
      width: widthFor(m.name, 72, 170),
      kind: 'num',
      sortKey: isSortableMetric(m.name) ? `metric:${m.name}` : null,
      text: (e) => fmtNum(e.metrics[m.name])
    })
  }
  for (const field of run?.infoFields ?? []) {
    cols.push({
      id: `info:${field}`,
      label: `info.${field}`,
      hint: `Task info field ${field} (usable in filters as info.${field})`,
      width: widthFor(`info.${field}`, 90, 180),
      kind: 'text',
      sortKey: null,
      text: (e) => fmtScalar(e.info[field])
    })
  }
  return cols
}

/** The CSS grid template shared by the header and every row. */
export function gridTemplate(cols: EpisodeColumn[]): string {
  return cols.map((c) => (c.id === 'preview' ? `minmax(${c.width}px, 1fr)` : `${c.width}px`)).join(' ')
}

/** Sum of the column widths (the table's minimum width). */
export function tableWidth(cols: EpisodeColumn[]): number {
  return cols.reduce((w, c) => w + c.width, 0)
}

/** Short marker and explanation of how a task key was derived. */
export function taskKeyHint(kind: TaskKeyKind): { mark: string; title: string } {
  switch (kind) {
    case 'explicit':
      return { mark: '', title: 'Task key from the producer’s own task id' }
    case 'answer':
      return { mark: 'ans', title: 'Task key derived from the expected answer (no reliable task id)' }
    case 'prompt_hash':
      return { mark: 'hash', title: 'Task key is a hash of the prompt (no task id or answer)' }
  }
}
