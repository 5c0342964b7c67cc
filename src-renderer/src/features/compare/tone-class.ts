import tone from '../../styles/tone.module.css'
import type { ChangeTone } from './compare-format'

const TONE_CLASS: Record<ChangeTone, string> = {
  'better-clear': tone.betterClear,
  better: tone.better,
  'worse-clear': tone.worseClear,
  worse: tone.worse,
  neutral: tone.neutral,
  'neutral-clear': tone.neutral
}

/** The class that colours a change by its tone. */
export function toneClass(t: ChangeTone): string {
  return TONE_CLASS[t]
}
