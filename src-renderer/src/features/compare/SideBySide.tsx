import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { EpisodePreview } from '@contract/model'
import { SBS_BACK, SBS_DIFF, SBS_ROW, SBS_TASK } from '../../keymap/bindings/side-by-side'
import { KeyHint } from '../../keymap/KeyCaps'
import type { Alignment } from '../../lib/align-turns'
import { fmtInt } from '../../lib/format'
import type { CompareSteps } from '../../state/compare-steps'
import { showsSides, type Side, type SideBySideState } from '../../state/side-by-side-slice'
import type { AppState } from '../../state/store'
import { useApp, useAppStore } from '../../state/store-context'
import { alignmentOf } from '../../lib/alignment-of'
import { AlignedRowView, KIND_TITLE } from './side-by-side/AlignedRowView'
import { diffViewFor } from './side-by-side/diff-text'
import { SideHeader } from './side-by-side/SideHeader'
import { expandPrefix } from './side-by-side/StepCell'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import crumbs from '../../styles/crumbs.module.css'
import panels from '../../styles/panels.module.css'
import txt from '../../styles/text.module.css'
import { MeasuredRows } from '../../components/MeasuredRows'
import css from './SideBySide.module.css'
import { readable } from '../../lib/readable'

// Monaco (~4 MB) loads with the first diff, not with the compare screen
const SideBySideDiff = lazy(() => import('./side-by-side/SideBySideDiff'))

/** The swatch of each count wears the colour of the rows it counts. */
const COUNT_CLASS: Record<'same' | 'changed' | 'missing' | 'inserted', string | undefined> = {
  same: undefined,
  changed: css.changed,
  missing: css.missing,
  inserted: css.inserted
}

export interface SideBySideProps {
  runA: string
  runB: string
  /** The training step each side reads (two steps of one training run), or null: the whole run. */
  steps: CompareSteps
  taskKey: string
  /** The tasks ‹ › step through (the list the task was opened from; n / p and [ / ] too, see the keymap). */
  tasks: string[]
  onNavigate(taskKey: string): void
  onClose(): void
}

/**
 * One task in two runs, side by side: the two episodes' steps aligned by action (lib/align-turns.ts), inserted /
 * missing / changed steps coloured, the first divergence marked and scrolled to, and a diff editor for a pair of
 * steps or the final answers. Its keys (j / k rows, n / p and [ / ] tasks, d diff, Esc) are in
 * keymap/bindings/side-by-side.ts.
 */
export function SideBySide(props: SideBySideProps): ReactNode {
  const { runA, runB, taskKey, steps } = props
  const store = useAppStore()
  const sbs = useApp((s) => s.sideBySide)
  // until the slice has switched to this task, show it loading rather than the previous task
  const view = sbs && sbs.taskKey === taskKey && showsSides(sbs, runA, runB, steps) ? sbs : null
  const detailA = view?.a.detail ?? null
  const detailB = view?.b.detail ?? null
  // the same alignment object the keys count rows in
  const alignment = alignmentOf(detailA?.turns, detailB?.turns)

  useEffect(() => {
    void store.getState().openSideBySide(runA, runB, taskKey, steps)
  }, [store, runA, runB, taskKey, steps])
  useEffect(() => () => leaveView(store.getState()), [store])
  useFullTurnsWhenOpened(view)
  useLandOnFirstDivergence(alignment, detailA, detailB)

  const onSelect = useCallback((i: number) => store.getState().selectRow(i), [store])
  const onDiff = useCallback(
    (i: number) => {
      store.getState().selectRow(i)
      store.getState().openDiff({ kind: 'row', row: i })
    },
    [store]
  )
  const position = props.tasks.indexOf(taskKey)
  const step = (delta: number): void => {
    const next = props.tasks[position + delta]
    if (next !== undefined && position >= 0) props.onNavigate(next)
  }

  return (
    <section className={css.view} data-testid="side-by-side">
      <nav className={crumbs.crumbs}>
        <button
          className={crumbs.back}
          onClick={props.onClose}
          title="Back to the comparison (Esc)"
          data-testid="sbs-close"
        >
          ← Compare
        </button>
        <span className={cx(crumbs.crumb, txt.mono, css.task)} title={readable(taskKey)} data-testid="sbs-task">
          {readable(taskKey)}
        </span>
        {position >= 0 && (
          <span className={cx(crumbs.crumb, txt.mutedText)} data-testid="sbs-task-position">
            task {fmtInt(position + 1)} / {fmtInt(props.tasks.length)}
          </span>
        )}
        <button
          type="button"
          className={controls.iconBtn}
          disabled={position <= 0}
          onClick={() => step(-1)}
          title="Previous task (p or [)"
        >
          ‹
        </button>
        <button
          type="button"
          className={controls.iconBtn}
          disabled={position < 0 || position >= props.tasks.length - 1}
          onClick={() => step(1)}
          title="Next task (n or ])"
        >
          ›
        </button>
        <span className={txt.spacer} />
        <span className={cx(txt.hint, crumbs.keys)}>
          <KeyHint binding={SBS_ROW} /> step · <KeyHint binding={SBS_DIFF} /> diff · <KeyHint binding={SBS_TASK} /> task
          · <KeyHint binding={SBS_BACK} /> back
        </span>
      </nav>
      {view && (
        <div className={css.heads}>
          <SideHeader
            which="A"
            side={view.a}
            steps={alignment?.actionsA.length ?? null}
            onChoose={(id) => void store.getState().chooseRollout('a', id)}
          />
          <SideHeader
            which="B"
            side={view.b}
            steps={alignment?.actionsB.length ?? null}
            onChoose={(id) => void store.getState().chooseRollout('b', id)}
          />
        </div>
      )}
      {alignment && detailA && detailB ? (
        <>
          <AlignmentSummary alignment={alignment} missing={noTranscript(detailA, detailB)} />
          {noTranscript(detailA, detailB).length === 2 ? (
            <div className={panels.placeholder}>
              No transcript on disk for either run: both are known from the harness report (results, not steps).
            </div>
          ) : (
            <AlignedRows
              alignment={alignment}
              detailA={detailA}
              detailB={detailB}
              onSelect={onSelect}
              onDiff={onDiff}
            />
          )}
          <DiffSheet alignment={alignment} detailA={detailA} detailB={detailB} />
        </>
      ) : (
        !view?.a.error && !view?.b.error && <div className={panels.placeholder}>Loading both episodes…</div>
      )}
    </section>
  )
}

/** Which sides are known only from results (no transcript on disk): nothing to align there. */
function noTranscript(a: EpisodePreview, b: EpisodePreview): ('A' | 'B')[] {
  return [a.transcript ? null : 'A', b.transcript ? null : 'B'].filter((x): x is 'A' | 'B' => x !== null)
}

/** Counts by kind, the jump to the first divergence, and the final answers' diff. */
function AlignmentSummary({ alignment, missing }: { alignment: Alignment; missing: ('A' | 'B')[] }): ReactNode {
  const store = useAppStore()
  const counts = { same: 0, changed: 0, inserted: 0, missing: 0 }
  for (const r of alignment.rows) counts[r.kind]++
  const first = alignment.firstDivergence
  if (missing.length === 2) {
    return (
      <div className={css.summary} data-testid="sbs-summary">
        <span
          className={txt.warnText}
          data-testid="sbs-no-transcript"
          title="Only the harness report is on disk for these episodes: their results, not their actions"
        >
          no transcript (A and B): nothing to align
        </span>
      </div>
    )
  }
  return (
    <div className={css.summary} data-testid="sbs-summary">
      {(['same', 'changed', 'missing', 'inserted'] as const).map((k) => (
        <span key={k} className={cx(css.count, COUNT_CLASS[k])} title={KIND_TITLE[k]} data-testid={`sbs-count-${k}`}>
          <span className={css.swatch} aria-hidden />
          {fmtInt(counts[k])} {k === 'missing' ? 'only in A' : k === 'inserted' ? 'only in B' : k}
        </span>
      ))}
      {missing.length > 0 ? (
        <span
          className={txt.warnText}
          data-testid="sbs-no-transcript"
          title="Only the harness report is on disk for this episode: its result, not its actions"
        >
          no transcript ({missing.join(' and ')}): nothing to align
        </span>
      ) : first >= 0 ? (
        <button
          type="button"
          className={controls.linkBtn}
          onClick={() => store.getState().selectRow(first, true)}
          data-testid="sbs-goto-divergence"
        >
          first divergence: row {fmtInt(first + 1)}
        </button>
      ) : (
        <span className={txt.mutedText}>the two episodes take the same actions</span>
      )}
      {!alignment.exact && (
        <span
          className={txt.warnText}
          title="The episodes are too long to align exactly; steps were anchored on actions that occur once in each"
        >
          approximate alignment
        </span>
      )}
      <span className={txt.spacer} />
      <button
        type="button"
        onClick={() => store.getState().openDiff({ kind: 'answers' })}
        data-testid="sbs-diff-answers"
      >
        Diff final answers
      </button>
    </div>
  )
}

function AlignedRows(props: {
  alignment: Alignment
  detailA: EpisodePreview
  detailB: EpisodePreview
  onSelect(i: number): void
  onDiff(i: number): void
}): ReactNode {
  const { alignment } = props
  const store = useAppStore()
  const selected = useApp((s) => s.sideBySide?.selectedRow ?? 0)
  const scrollSeq = useApp((s) => s.sideBySide?.scrollSeq ?? 0)
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: alignment.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 180,
    overscan: 4,
    paddingStart: 8,
    paddingEnd: 24,
    scrollPaddingStart: 8
  })
  useEffect(() => {
    if (scrollSeq > 0) virtualizer.scrollToIndex(store.getState().sideBySide?.selectedRow ?? 0, { align: 'start' })
  }, [scrollSeq, store, virtualizer])
  if (alignment.rows.length === 0) return <div className={panels.placeholder}>Neither episode took an action.</div>
  return (
    <div className={css.rows} ref={scrollRef} data-testid="sbs-rows">
      <MeasuredRows virtualizer={virtualizer} slotClassName={css.slot}>
        {(i) => (
          <AlignedRowView
            row={alignment.rows[i]}
            index={i}
            alignment={alignment}
            detailA={props.detailA}
            detailB={props.detailB}
            selected={i === selected}
            firstDivergence={i === alignment.firstDivergence}
            onSelect={props.onSelect}
            onDiff={props.onDiff}
          />
        )}
      </MeasuredRows>
    </div>
  )
}

/** The diff editor for the chosen target, once the texts it compares are in full. */
function DiffSheet(props: { alignment: Alignment; detailA: EpisodePreview; detailB: EpisodePreview }): ReactNode {
  const store = useAppStore()
  const target = useApp((s) => s.sideBySide?.diff ?? null)
  const { view, cut } = useMemo(
    () =>
      target ? diffViewFor(target, props.alignment, props.detailA, props.detailB) : { view: null, cut: [] as Side[] },
    [target, props.alignment, props.detailA, props.detailB]
  )
  const cutKey = cut.join('')
  useEffect(() => {
    for (const s of cutKey) void store.getState().ensureSideFull(s as Side)
  }, [cutKey, store])
  if (!target || !view) return null
  const close = (): void => store.getState().closeDiff()
  if (cut.length > 0) return <div className={cx(css.diffWait, panels.placeholder)}>Loading the full texts…</div>
  return (
    <Suspense fallback={<div className={cx(css.diffWait, panels.placeholder)}>Loading editor…</div>}>
      <SideBySideDiff key={view.title} view={view} onClose={close} />
    </Suspense>
  )
}

/** A long text opened (Show all) on a side whose preview cut it brings that side's full turns. */
function useFullTurnsWhenOpened(view: SideBySideState | null): void {
  const store = useAppStore()
  const wants = useApp((s) =>
    (['a', 'b'] as const).filter((k) => opensCutText(s.episode.expanded, view?.[k].detail ?? null)).join('')
  )
  useEffect(() => {
    for (const s of wants) void store.getState().ensureSideFull(s as Side)
  }, [wants, store])
}

function opensCutText(expanded: Record<string, true>, detail: EpisodePreview | null): boolean {
  if (!detail || detail.complete) return false
  const prefix = expandPrefix(detail.id)
  for (const key of Object.keys(expanded)) {
    if (key.startsWith(prefix) && detail.turns[parseInt(key.slice(prefix.length), 10)]?.elided) return true
  }
  return false
}

/** Once per pair of episodes shown: select the first divergence and scroll to it (or the first row). */
function useLandOnFirstDivergence(
  alignment: Alignment | null,
  a: EpisodePreview | null,
  b: EpisodePreview | null
): void {
  const store = useAppStore()
  const landed = useRef<string | null>(null)
  const pair = a && b ? `${a.id}\n${b.id}` : null
  useEffect(() => {
    if (!alignment || pair === null || landed.current === pair) return
    landed.current = pair
    const first = alignment.firstDivergence
    store.getState().selectRow(Math.max(0, first), first >= 0)
  }, [alignment, pair, store])
}

/** Leaving the view: forget its state and the expand marks it left in the episode slice. */
function leaveView(s: AppState): void {
  for (const key of Object.keys(s.episode.expanded)) if (key.startsWith('sbs:')) s.toggleExpanded(key)
  s.closeSideBySide()
}
