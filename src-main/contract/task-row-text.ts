/**
 * How a per-task flip row (CompareReport.taskRows) reads, in the app and in the reports alike: "4/5" pass counts and
 * the failure column. Runtime-neutral.
 */
import type { TaskFlipRow } from './compare'

/** "4/5": a side's passed rollouts of those with a verdict; "–" without any verdict. */
export function passCount(s: { passed: number; decided: number }): string {
  return s.decided ? `${s.passed}/${s.decided}` : '–'
}

/** Why the failing side failed: the mode, with the producer's reason when it names one ("harness · parse_error"). */
export function failureText(r: TaskFlipRow): string {
  if (r.failure === null) return ''
  const side = r.cell === 'fixed' ? r.a : r.b
  const reason = side.failureReason ? ` · ${side.failureReason}` : ''
  if (r.failure === 'mixed') return `harness ${side.harnessFailures} + model ${side.modelFailures}${reason}`
  return `${r.failure}${reason}`
}
