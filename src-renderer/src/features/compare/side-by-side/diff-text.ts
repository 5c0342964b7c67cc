import type { EpisodePreview, Turn } from '@contract/model'
import type { Action, Alignment } from '../../../lib/align-turns'
import { stripAnsi } from '../../../lib/ansi'
import { visibleParts } from '../../../lib/thinking'
import { toolView } from '../../../lib/tool-view'
import { oneLine } from '../../../lib/format'

/**
 * The plain texts the diff editor compares (Monaco shows them as text, never as HTML): one step with what answered
 * it, or an episode's final answer. Sections are headed by lines that read the same on both sides, so the diff
 * lines them up and only what differs is marked.
 */

/** One step as text: the model's words with the call (only with its first call), the call's body, then its observations. */
export function stepText(turns: readonly Turn[], action: Action | undefined): string {
  if (!action) return ''
  const turn = turns[action.position]
  if (!turn) return ''
  const parts: string[] = []
  const words = stripAnsi(visibleParts(turn).text).trim()
  if (action.call === null) parts.push(words)
  else {
    if (action.call === 0 && words !== '') parts.push(words, '')
    const call = turn.toolCalls[action.call]
    const view = toolView(call)
    parts.push(`── call ${call.name}${view.path ? ` · ${view.path}` : ''} ──`)
    for (const x of view.extras) parts.push(`${x.key}=${x.value}`)
    parts.push(view.code)
  }
  for (const p of action.observations) {
    const t = turns[p]
    if (!t) continue
    parts.push(
      '',
      `── ${t.role}${t.toolName ? ` · ${t.toolName}` : ''}${t.reward !== null ? ` · r = ${t.reward}` : ''} ──`,
      stripAnsi(t.text)
    )
  }
  return parts.join('\n')
}

/** Whether any turn the step's text is built from was cut by the preview (the full turns are needed first). */
export function stepIsCut(turns: readonly Turn[], action: Action | undefined): boolean {
  if (!action) return false
  return [action.position, ...action.observations].some((p) => turns[p]?.elided !== undefined)
}

/**
 * The model's final answer: its last assistant text. Not `detail.answer`, which is the task's expected answer (the
 * ground truth both runs share): diffing it said "identical" for a model that answered \boxed{-6} against one that
 * answered \boxed{0}, the expected 0 on both sides.
 */
export function finalAnswer(detail: EpisodePreview): string {
  for (let i = detail.turns.length - 1; i >= 0; i--) {
    const t = detail.turns[i]
    if (t.role === 'assistant' && !t.isPrompt) {
      const text = visibleParts(t).text.trim()
      if (text !== '') return text
    }
  }
  return ''
}

/** Whether the final answer may come from a turn the preview cut. */
export function answerIsCut(detail: EpisodePreview): boolean {
  return !detail.complete
}

/** What the diff editor shows. */
export interface DiffView {
  title: string
  /** Run A's text (left) and run B's (right), plain text. */
  original: string
  modified: string
  labelA: string
  labelB: string
  /** Detect the language from the texts (an answer is one kind of text; a step mixes a call and its output). */
  detect: boolean
}

/**
 * The diff of one aligned row, or of the final answers; `cut` lists the sides whose texts the preview cut (their
 * full turns must be fetched before the diff is shown).
 */
export function diffViewFor(
  target: { kind: 'row'; row: number } | { kind: 'answers' },
  alignment: Alignment,
  a: EpisodePreview,
  b: EpisodePreview
): { view: DiffView | null; cut: Array<'a' | 'b'> } {
  const labelA = `${a.runName} · rollout ${a.rollout}`
  const labelB = `${b.runName} · rollout ${b.rollout}`
  if (target.kind === 'answers') {
    const cut = [answerIsCut(a) ? 'a' : null, answerIsCut(b) ? 'b' : null].filter((x): x is 'a' | 'b' => x !== null)
    return {
      view: {
        // the expected answer, when the task has one, beside the two the models gave
        title: a.answer !== null ? `Final answers (expected: ${oneLine(a.answer)})` : 'Final answers',
        original: finalAnswer(a),
        modified: finalAnswer(b),
        labelA,
        labelB,
        detect: true
      },
      cut
    }
  }
  const row = alignment.rows[target.row]
  if (!row) return { view: null, cut: [] }
  const actA = row.stepA === null ? undefined : alignment.actionsA[row.stepA]
  const actB = row.stepB === null ? undefined : alignment.actionsB[row.stepB]
  const cut = [stepIsCut(a.turns, actA) ? 'a' : null, stepIsCut(b.turns, actB) ? 'b' : null].filter(
    (x): x is 'a' | 'b' => x !== null
  )
  const stepLabel = (s: number | null, act: Action | undefined): string =>
    s === null || !act ? '' : `step ${s + 1} (${act.tool})`
  const title =
    row.kind === 'missing'
      ? `Only in A: ${stepLabel(row.stepA, actA)}`
      : row.kind === 'inserted'
        ? `Only in B: ${stepLabel(row.stepB, actB)}`
        : `${row.kind === 'same' ? 'Same' : 'Changed'}: A ${stepLabel(row.stepA, actA)} ↔ B ${stepLabel(row.stepB, actB)}`
  return {
    view: {
      title,
      original: stepText(a.turns, actA),
      modified: stepText(b.turns, actB),
      labelA,
      labelB,
      detect: false
    },
    cut
  }
}
