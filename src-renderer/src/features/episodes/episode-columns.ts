import type { EpisodeSortKey, EpisodeSummary, RunSummary, TaskKeyKind } from '@contract/model'
import { fmtDuration } from '@contract/display'
import { fmtCompact, fmtInt, fmtNum, fmtPassed, fmtReward, fmtScalar, oneLine } from '../../lib/format'

/** How a cell is drawn (plain text, or one of the special renderers of the table). */
export type EpisodeCellKind = 'text' | 'num' | 'task' | 'passed' | 'status' | 'flags' | 'labels'

/** Where a column comes from: the table's own, a metric of the run, or a task info field of the run. */
export type EpisodeColumnSource = 'fixed' | 'metric' | 'info'

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
  source: EpisodeColumnSource
  /** Shown until the user chooses otherwise (see state/episode-prefs.ts). */
  shownByDefault: boolean
  text(ep: EpisodeSummary): string
}

// Same rule as the API's argument guard: other metric and info names cannot be sent as a sort key.
const SORTABLE_NAME = /^[\w.\-/]{1,200}$/

/** Whether `metric:<name>` (or `info:<name>`) is a valid sort key. */
export function isSortableMetric(name: string): boolean {
  return SORTABLE_NAME.test(name)
}

const widthFor = (label: string, min: number, max: number): number =>
  Math.max(min, Math.min(max, label.length * 7 + 26))

type FixedColumn = Omit<EpisodeColumn, 'source' | 'shownByDefault'> & {
  hidden?: true
  /** Shown by default only for runs that have the figure (termination reasons, generation times). */
  shownIf?: (run: Pick<RunSummary, 'terminations' | 'generationMs'>) => boolean
}

/**
 * The table's own columns, in display order. Status, step, tokens and times start hidden: the flags column already
 * marks every episode that did not end ok, and the others matter for some runs only (the chooser adds them);
 * termination and generation time show for runs that record them. Steps are agent actions; messages the
 * transcript's length (prompt included): two different counts, in two columns.
 */
const FIXED_COLUMNS: FixedColumn[] = [
  {
    id: 'ordinal',
    label: '#',
    hint: 'Position in the run (0-based): file order, or task then rollout for logs written in completion order',
    width: 64,
    kind: 'num',
    sortKey: 'ordinal',
    text: (e) => String(e.ordinal)
  },
  {
    id: 'task',
    label: 'Task',
    hint: 'Task key (how it was derived is shown after it)',
    width: 200,
    kind: 'task',
    sortKey: 'taskKey',
    text: (e) => e.taskKey
  },
  {
    id: 'rollout',
    label: 'Roll',
    hint: 'Rollout index within the task (0-based)',
    width: 52,
    kind: 'num',
    sortKey: 'rollout',
    text: (e) => String(e.rollout)
  },
  {
    id: 'reward',
    label: 'Reward',
    hint: 'Episode reward',
    width: 84,
    kind: 'num',
    sortKey: 'reward',
    text: (e) => fmtReward(e.reward)
  },
  {
    id: 'passed',
    label: 'Pass',
    hint: 'Passed (✓), failed (✗) or unknown (–)',
    width: 46,
    kind: 'passed',
    sortKey: null,
    text: (e) => fmtPassed(e.passed)
  },
  {
    id: 'flags',
    label: 'Flags',
    hint: 'Error, truncated, cancelled, format failure (hover a badge for why); sorts by status',
    width: 120,
    kind: 'flags',
    sortKey: 'status',
    text: () => ''
  },
  {
    id: 'labels',
    label: 'Labels',
    hint: 'Triage labels of the episode (filter: label == "loop")',
    width: 150,
    kind: 'labels',
    sortKey: null,
    text: () => ''
  },
  {
    id: 'steps',
    label: 'Steps',
    hint: 'Agent actions: assistant turns that call tools or answer (the producer’s count where it writes one)',
    width: 56,
    kind: 'num',
    sortKey: 'steps',
    text: (e) => fmtInt(e.steps)
  },
  {
    id: 'turns',
    label: 'Messages',
    hint: 'Messages in the transcript (prompt messages included); not steps',
    width: 84,
    kind: 'num',
    sortKey: 'turns',
    text: (e) => (e.transcript ? fmtInt(e.turns) : '–')
  },
  {
    id: 'termination',
    label: 'Termination',
    hint: 'Why the episode ended, as the producer says it (filter: termination == "max_steps")',
    width: 110,
    kind: 'text',
    sortKey: null,
    text: (e) => e.termination ?? '–',
    hidden: true,
    shownIf: (r) => r.terminations.length > 0
  },
  {
    id: 'status',
    label: 'Status',
    hint: 'ok, error, truncated or cancelled',
    width: 92,
    kind: 'status',
    sortKey: 'status',
    text: (e) => e.status,
    hidden: true
  },
  {
    id: 'step',
    label: 'Step',
    hint: 'Training step of the episode (hosted-RL exports)',
    width: 60,
    kind: 'num',
    sortKey: 'step',
    text: (e) => fmtInt(e.step),
    hidden: true
  },
  {
    id: 'tokensIn',
    label: 'Tok in',
    hint: 'Input (prompt) tokens',
    width: 70,
    kind: 'num',
    sortKey: 'tokensIn',
    text: (e) => fmtCompact(e.tokensIn),
    hidden: true
  },
  {
    id: 'tokensOut',
    label: 'Tok out',
    hint: 'Output (completion) tokens',
    width: 70,
    kind: 'num',
    sortKey: 'tokensOut',
    text: (e) => fmtCompact(e.tokensOut),
    hidden: true
  },
  {
    id: 'generation',
    label: 'Gen time',
    hint: 'Time spent generating (model calls), apart from the total',
    width: 76,
    kind: 'num',
    sortKey: 'generationMs',
    text: (e) => fmtDuration(e.generationMs),
    hidden: true,
    shownIf: (r) => r.generationMs.count > 0
  },
  {
    id: 'duration',
    label: 'Time',
    hint: 'Total wall time of the episode (generation, tools, scoring)',
    width: 70,
    kind: 'num',
    sortKey: 'durationMs',
    text: (e) => fmtDuration(e.durationMs),
    hidden: true
  },
  {
    id: 'preview',
    label: 'Preview',
    hint: 'First user message',
    width: 320,
    kind: 'text',
    sortKey: null,
    text: (e) => oneLine(e.preview)
  },
  {
    id: 'answer',
    label: 'Answer',
    hint: 'Expected answer',
    width: 140,
    kind: 'text',
    sortKey: null,
    text: (e) => oneLine(e.answer)
  }
]

/**
 * Every column the table can show: its own, then one per metric and one per info field of the run. A table of
 * several runs (`runNames` holds more than one) starts with the episode's run.
 */
export function episodeColumns(
  run: (Pick<RunSummary, 'metrics' | 'infoFields'> & Partial<Pick<RunSummary, 'terminations' | 'generationMs'>>) | null,
  runNames?: ReadonlyMap<string, string>
): EpisodeColumn[] {
  const has =
    run?.terminations && run.generationMs ? { terminations: run.terminations, generationMs: run.generationMs } : null
  const cols: EpisodeColumn[] = FIXED_COLUMNS.map(({ hidden, shownIf, ...c }) => ({
    ...c,
    source: 'fixed',
    shownByDefault: !hidden || (shownIf !== undefined && has !== null && shownIf(has))
  }))
  if (runNames && runNames.size > 1) {
    const text = (e: EpisodeSummary): string => runNames.get(e.runId) ?? e.runId
    cols.unshift({
      id: 'run',
      label: 'Run',
      hint: 'The run of the episode (this table lists several; the name without the part all share)',
      width: 200,
      kind: 'text',
      sortKey: null,
      source: 'fixed',
      shownByDefault: true,
      text
    })
  }
  for (const m of run?.metrics ?? []) {
    cols.push({
      id: `metric:${m.name}`,
      label: m.name,
      hint: `Metric ${m.name} (mean ${fmtNum(m.mean)}, ${fmtInt(m.count)} values)`,
      width: widthFor(m.name, 72, 170),
      kind: 'num',
      sortKey: isSortableMetric(m.name) ? `metric:${m.name}` : null,
      source: 'metric',
      shownByDefault: true,
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
      sortKey: isSortableMetric(field) ? `info:${field}` : null,
      source: 'info',
      shownByDefault: true,
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
