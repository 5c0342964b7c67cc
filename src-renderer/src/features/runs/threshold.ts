/** Parses the pass-threshold box: '' resets (null), a finite number sets, anything else is an error message. */
export function parseThreshold(text: string): { value: number | null } | { error: string } {
  const t = text.trim()
  if (t === '') return { value: null }
  const n = Number(t)
  return Number.isFinite(n) ? { value: n } : { error: 'Enter a number, or leave empty for the default' }
}
